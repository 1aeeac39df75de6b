// The sandbox identity providers' pages (ADR 029): the consent page a tester fills in, the page that posts
// Apple's answer back (form_post), and a plain error page. Every value shown is escaped.
import { BRAND_NAME } from '../../../lib/brand.ts';
import type { SocialProvider } from '../types.ts';
import { SANDBOX_FAULTS } from './idp.ts';
import { inlineBrowserScript } from '../../../lib/browser-scripts.ts';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TITLES: Record<SocialProvider, string> = { apple: 'Apple (sandbox)', facebook: 'Facebook (sandbox)' };

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f4f6;margin:0;padding:2rem}
main{max-width:26rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
label{display:block;margin:.8rem 0 .2rem}input[type=text],input[type=email],select{width:100%;padding:.5rem;box-sizing:border-box}
.check{display:flex;gap:.5rem;align-items:center}.actions{display:flex;gap:1rem;margin-top:1.2rem}
button{padding:.6rem 1.2rem;font-size:1rem}.note{color:#666;font-size:.85rem}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const FAULT_LABELS: Record<(typeof SANDBOX_FAULTS)[number], string> = {
  none: 'A correct identity',
  'foreign-key': 'Forged: signed with a key the provider does not publish',
  'wrong-audience': 'Forged: issued for another app',
  expired: 'Expired identity',
  'wrong-nonce': 'Replayed: a nonce from another sign-in',
};

/** The authorize request's parameters, carried through the consent form unchanged. */
export type AuthorizeParams = Record<
  'client_id' | 'redirect_uri' | 'state' | 'nonce' | 'code_challenge' | 'response_mode' | 'scope',
  string
>;

export function consentPage(provider: SocialProvider, params: AuthorizeParams): string {
  const hidden = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
    .join('');
  const faults = SANDBOX_FAULTS.map((f) => `<option value="${f}">${escape(FAULT_LABELS[f])}</option>`).join('');
  const hideEmail =
    provider === 'apple'
      ? `<label class="check"><input type="checkbox" name="hide_email" value="true"> Hide my e-mail (private relay address)</label>`
      : '';
  return layout(
    `Sign in with ${TITLES[provider]}`,
    `<h1>Sign in with ${escape(TITLES[provider])}</h1>
<p class="note">A test identity provider built into ${escape(BRAND_NAME)}. Type who you are; nothing leaves this machine.</p>
<form method="post">${hidden}
<label for="name">Name</label><input id="name" type="text" name="name" required maxlength="100" value="Sandbox Tester">
<label for="email">E-mail</label><input id="email" type="email" name="email" required maxlength="200">
<label class="check"><input type="checkbox" name="email_verified" value="true" checked> E-mail verified</label>
${hideEmail}
<label for="fault">Identity response</label><select id="fault" name="fault">${faults}</select>
<div class="actions"><button type="submit" name="decision" value="allow">Continue</button>
<button type="submit" name="decision" value="deny">Cancel</button></div></form>`,
  );
}

/** Apple's form_post: the browser posts code and state to the store. The script's hash is its CSP. */
export function formPostPage(action: string, fields: Record<string, string>): { html: string; csp: string } {
  const script = inlineBrowserScript('auto-submit');
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
    .join('');
  const html = layout(
    `Returning to ${BRAND_NAME}`,
    `<form method="post" action="${escape(action)}" data-auto-submit>${inputs}<p>Returning to ${escape(BRAND_NAME)}…</p>
<noscript><button type="submit">Continue</button></noscript></form>${script.element}`,
  );
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src ${script.cspSource}; form-action ${new URL(action).origin}`;
  return { html, csp };
}

export function errorPage(message: string): string {
  return layout('Sign-in error', `<h1>This sign-in request cannot be answered</h1><p>${escape(message)}</p>`);
}
