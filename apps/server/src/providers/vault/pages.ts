// The hosted card fields: tiny HTML pages with one script (src/browser/vault-fields.ts), served from the vault's own
// origin so no script of the store page can read what is typed into them.
import { escapeHtml } from '@store/server-kit';
import { browserScript } from '../../lib/browser-scripts.ts';

const STYLE = `html,body{margin:0;padding:0;background:transparent;font:16px system-ui,sans-serif}
form{display:flex;gap:8px}.number{position:relative;flex:1;min-width:0}
input{box-sizing:border-box;width:100%;padding:10px 12px;border:1px solid #ccc;border-radius:6px;font:inherit;background:#fff;color:#111}
.number input.has-brand{padding-right:6.2em}input.exp{max-width:6em}input.cvc{max-width:4.5em}
.brand{position:absolute;right:10px;top:50%;transform:translateY(-50%);font-size:12px;font-weight:700;letter-spacing:.04em;color:#555;pointer-events:none}
body.dark input{background:#0b1226;border-color:rgba(255,255,255,.22);color:#eef1f8;color-scheme:dark}
body.dark input::placeholder{color:#8d97b3}body.dark input:focus{outline:2px solid #f5c451;outline-offset:0;border-color:#f5c451}
body.dark .brand{color:#f5c451}
@media (max-width:360px){html,body{font-size:14px}form{gap:6px}input{padding:10px 6px}input.exp{max-width:4.6em}input.cvc{max-width:3.8em}.number input.has-brand{padding-right:5.6em}}`;

/** The looks a framing page may ask for (?theme=): light boxes (the default), or the store's dark inputs. */
export const FIELD_THEMES = ['light', 'dark'] as const;
export type FieldTheme = (typeof FIELD_THEMES)[number];
export const fieldTheme = (requested: unknown): FieldTheme => (requested === 'dark' ? 'dark' : 'light');

/** The placeholders of SPEC §2: '0000 0000 0000 0000' (the number is shown pretty, in groups of 4) and 'CVV'. */
export const DEFAULT_PLACEHOLDERS = { card: '0000 0000 0000 0000', cvv: 'CVV' } as const;

/** A placeholder a framing page asks for (?placeholder=), or the default: short plain text only. */
export function fieldPlaceholder(kind: 'card' | 'cvv', requested: unknown): string {
  return typeof requested === 'string' && /^[\p{L}\p{N} •*_./-]{1,32}$/u.test(requested) ? requested : DEFAULT_PLACEHOLDERS[kind];
}

/** `session`: the frame session the page was opened with ('' for none: its page must hand one over with tokenize). */
export function fieldPage(
  kind: 'card' | 'cvv',
  storeOrigin: string,
  placeholder: string = DEFAULT_PLACEHOLDERS[kind],
  session = '',
  theme: FieldTheme = 'light',
): string {
  // The brand shows as the number is typed (issue 24), read out when it changes.
  const inputs =
    kind === 'card'
      ? `<div class="number"><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="${escapeHtml(placeholder)}" aria-label="Card number" aria-describedby="brand" maxlength="23"><span id="brand" class="brand" aria-live="polite"></span></div>
<input id="expiry" class="exp" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" aria-label="Expiry date" maxlength="7">
<input id="cvv" class="cvc" name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="${DEFAULT_PLACEHOLDERS.cvv}" aria-label="CVV" maxlength="4">`
      : `<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="${escapeHtml(placeholder)}" aria-label="CVV" maxlength="4">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${kind === 'card' ? 'Card number' : 'CVV'}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head>
<body class="${theme}" data-kind="${kind}" data-store-origin="${escapeHtml(storeOrigin)}" data-session="${escapeHtml(session)}"><form>${inputs}</form>
<script src="/fields/fields.js"></script></body></html>`;
}

/** What a frame with a forged or expired configuration gets: no inputs, no script. */
export function refusedFieldPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card field unavailable</title></head>
<body><p>This card field's configuration is invalid or has expired. Reload the page.</p></body></html>`;
}

/**
 * The card frame holds number, expiry and CVV (a new card's CVV, ADR 038); the CVV frame holds a saved
 * card's CVV alone. The CVV is checked against the brand the number shows: 4 digits for American Express,
 * 3 for the others, 3 or 4 while the brand is unknown (card-rules.ts, which the vault checks again).
 *
 * Frame side of the postMessage protocol: 'loaded' 350 ms after load, 'change' on any input, and
 * 'token'/'error' answering a 'tokenize' from the store origin.
 * A token is handed out for one payment attempt (ADR 038: the relay's first use of a card token takes its
 * CVV): every 'tokenize' asks the vault for a new token from what is still typed, so Pay again after a
 * decline needs no retyping. A 'tokenize' that arrives while a request is out, with no edit since, is given
 * that request's answer (one click reaching twice stores one card, not two).
 * /tokenize needs the frame session (ADR 032): the one in the page's URL, or the newer one a 'tokenize'
 * message brings (the page renews it before it runs out, and when the vault answers VAULT_SESSION_EXPIRED).
 * An error carries the vault's code, so the page can tell an expired session from a bad card.
 */
/** The frames' one script (src/browser/vault-fields.ts, built at build time), served at /fields/fields.js. */
export const fieldsScript = (): string => browserScript('vault-fields');
