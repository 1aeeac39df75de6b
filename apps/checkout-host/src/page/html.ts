// The purchase-v2 page's HTML: a shell the page script (client.ts) fills. What the server knows for sure
// (the merchant and its allowed origins, the chain in the path) rides in data attributes; the session and
// its amount come from the page API with the session key.
import { escapeHtml } from '@store/server-kit';

const STYLE = `:root{--primary:#4f46e5;--bg:#fff;--accent:#f4f4f5;--text:#18181b;--radius:8px}
*{box-sizing:border-box}html,body{margin:0;background:var(--bg);color:var(--text);font:15px/1.4 system-ui,sans-serif}
main{padding:16px;max-width:480px;margin:0 auto}h1{font-size:1.1rem;margin:0 0 4px}
.amount{font-size:1.6rem;font-weight:600;margin:4px 0}.note{font-size:.85rem;opacity:.8}
section{background:var(--accent);border-radius:var(--radius);padding:12px;margin:12px 0}
button{font:inherit;background:var(--primary);color:#fff;border:0;border-radius:var(--radius);padding:10px 16px;cursor:pointer;width:100%}
button:disabled{opacity:.5;cursor:default}button:focus-visible,select:focus-visible{outline:3px solid var(--text);outline-offset:2px}
label{display:block;font-size:.9rem;margin:6px 0 2px}select,input{font:inherit;width:100%;padding:8px;border-radius:var(--radius);border:1px solid #ccc}
input:focus-visible{outline:3px solid var(--text);outline-offset:2px}fieldset{border:0;padding:0;margin:6px 0}fieldset label{display:inline;margin-right:12px}fieldset input{width:auto}
#card-number{min-height:48px;margin-bottom:8px}#status{min-height:1.4em;margin-top:8px}#status.error{color:#b91c1c}
iframe.challenge{width:100%;height:420px;border:1px solid #ccc;border-radius:var(--radius)}[hidden]{display:none!important}
#loading{background:var(--loader-bg,transparent);padding:8px;border-radius:var(--radius)}a{color:var(--primary)}
.notices{color:#b45309;font-size:.85rem;margin:8px 0;padding-left:18px}.payer-row{display:flex;gap:8px}.payer-row>div{flex:1}
input[readonly]{opacity:.8}`;

export function purchasePage(opts: {
  merchantId: string;
  merchantName: string;
  blockchain: string;
  allowedOrigins: string[];
  hostOrigin: string;
  /** The page script's path on the host (its content-hashed name, page/script.ts). */
  scriptPath: string;
  /** The merchant's stylesheet, only when its origin is allow-listed (the route checked it). */
  merchantCss?: string | null;
  /** The allow-listed stylesheet origins, so the page can name them when it refuses another. */
  merchantCssOrigins?: string[];
}): string {
  const data = (name: string, value: string) => `data-${name}="${escapeHtml(value)}"`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Checkout · ${escapeHtml(opts.merchantName)}</title><style>${STYLE}</style>${
    opts.merchantCss ? `<link rel="stylesheet" id="merchant-css" href="${escapeHtml(opts.merchantCss)}">` : ''
  }</head>
<body ${data('merchant-id', opts.merchantId)} ${data('blockchain', opts.blockchain)} ${data('allowed-origins', JSON.stringify(opts.allowedOrigins))} ${data('host-origin', opts.hostOrigin)} ${data('merchant-css-origins', JSON.stringify(opts.merchantCssOrigins ?? []))}>
<main id="root" aria-live="polite">
<h1>${escapeHtml(opts.merchantName)}</h1>
<p id="loading">Loading your checkout…</p>
<div id="summary" hidden><div class="amount" id="amount" data-testid="checkout-amount" aria-readonly="true"></div><div class="note" id="amount-note"></div><div class="note" id="amount-lock" data-testid="checkout-amount-locked" hidden>The merchant set this amount; it cannot be changed here.</div></div>
<ul id="notices" class="notices" data-testid="checkout-notices" hidden></ul>
<section id="payer-section" hidden aria-labelledby="payer-title"><h2 id="payer-title" style="font-size:1rem;margin:0 0 8px">Your details</h2>
<label for="payer-email">Email</label><input id="payer-email" type="email" autocomplete="email" maxlength="254" data-testid="checkout-payer-email">
<div class="payer-row"><div><label for="payer-first-name">First name</label><input id="payer-first-name" autocomplete="given-name" maxlength="100" data-testid="checkout-payer-first-name"></div>
<div><label for="payer-last-name">Last name</label><input id="payer-last-name" autocomplete="family-name" maxlength="100" data-testid="checkout-payer-last-name"></div></div>
<label for="payer-address">Address</label><input id="payer-address" autocomplete="street-address" maxlength="200" data-testid="checkout-payer-address">
<div class="payer-row"><div><label for="payer-city">City</label><input id="payer-city" autocomplete="address-level2" maxlength="100" data-testid="checkout-payer-city"></div>
<div><label for="payer-state">State</label><input id="payer-state" autocomplete="address-level1" maxlength="100" data-testid="checkout-payer-state"></div></div>
<div class="payer-row"><div><label for="payer-zip">ZIP / postal code</label><input id="payer-zip" autocomplete="postal-code" maxlength="20" data-testid="checkout-payer-zip"></div>
<div><label for="payer-country">Country</label><input id="payer-country" autocomplete="country" maxlength="64" data-testid="checkout-payer-country"></div></div></section>
<section id="card-section" hidden aria-labelledby="card-title"><h2 id="card-title" style="font-size:1rem;margin:0 0 8px">Pay by card</h2>
<div id="card-number"></div><p class="note" id="threeds-note"></p>
<button type="button" id="pay-card" data-testid="checkout-pay-card" disabled>Pay by card</button>
<div id="challenge" hidden><p>Your bank asks you to confirm this payment.</p><iframe class="challenge" id="challenge-frame" name="challenge-frame" title="3-D Secure check"></iframe></div></section>
<section id="ach-section" hidden aria-labelledby="ach-title"><h2 id="ach-title" style="font-size:1rem;margin:0 0 8px">Bank account (ACH)</h2>
<form id="ach-form" novalidate autocomplete="off"><label for="ach-routing">Routing number (9 digits)</label>
<input id="ach-routing" name="routingNumber" inputmode="numeric" pattern="[0-9]{9}" maxlength="9" required>
<label for="ach-account">Account number (4–17 digits)</label>
<input id="ach-account" name="accountNumber" inputmode="numeric" pattern="[0-9]{4,17}" maxlength="17" required>
<fieldset><legend class="note">Account type</legend><input type="radio" id="ach-checking" name="accountType" value="checking" checked><label for="ach-checking">Checking</label>
<input type="radio" id="ach-savings" name="accountType" value="savings"><label for="ach-savings">Savings</label></fieldset>
<button type="submit" id="pay-ach" data-testid="checkout-pay-ach" disabled>Pay from bank account</button></form>
<p class="note">The bank debit settles in a few business days.</p></section>
<section id="usdc-section" hidden aria-labelledby="usdc-title"><h2 id="usdc-title" style="font-size:1rem;margin:0 0 8px">Pay with USDC</h2>
<p class="note" id="usdc-wallet"></p><div id="chain-pick" hidden><label for="chain">Network</label><select id="chain"></select></div>
<button type="button" id="pay-usdc" data-testid="checkout-pay-usdc" disabled>Pay with USDC</button></section>
<p id="status" role="status" data-testid="checkout-status"></p>
<p id="support" class="note" hidden>Questions about this payment? <a id="support-link" data-testid="checkout-support"></a></p>
</main>
<script src="${escapeHtml(opts.scriptPath)}"></script></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout unavailable</title></head>
<body><main><p role="status" data-testid="checkout-status">${escapeHtml(message)}</p></main></body></html>`;
}
