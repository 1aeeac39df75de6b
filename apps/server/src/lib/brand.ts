// The store's one look outside the web app (issue 24): its name, its palette (apps/web/src/styles/global.css's
// --color-* values) and its logo (apps/web/public/logo.svg), for the e-mails and for the providers' sandbox
// pages a shopper is sent to. Change them with the web's tokens.

/** The store's one name, as the site (settings' company name), the e-mails and the chat show it. */
export const BRAND_NAME = 'Lucky Dragon Collective';

export const BRAND_COLOURS = {
  page: '#070d1f',
  surface: '#111a33',
  surfaceRaised: '#17224a',
  input: '#0b1226',
  border: 'rgba(255,255,255,.12)',
  text: '#eef1f8',
  muted: '#a7b0c8',
  accent: '#f5c451',
  accentInk: '#1a1405',
  danger: '#ff6b6b',
} as const;

export const BRAND_FONT = `'Inter','Segoe UI',system-ui,-apple-system,Roboto,'Helvetica Neue',Arial,sans-serif`;

/** The logo inline, for pages whose policy loads nothing from elsewhere (aria-hidden: the name beside it is the text). */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false"><defs><linearGradient id="brand-g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe08a"/><stop offset="1" stop-color="#d99a1e"/></linearGradient><linearGradient id="brand-n" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b2a5e"/><stop offset="1" stop-color="#0b1431"/></linearGradient></defs><circle cx="32" cy="32" r="30" fill="url(#brand-g)"/><circle cx="32" cy="32" r="25" fill="url(#brand-n)"/><circle cx="32" cy="32" r="25" fill="none" stroke="#f5c451" stroke-width="1.5" stroke-dasharray="2 3"/><path d="M20 40c4-1 6-4 7-8-3 1-5 0-6-2 3 0 5-1 7-4 2 2 5 3 8 2-1 3-1 6 1 8 2-1 4-1 6 0-2 1-3 3-3 5-3-1-6 0-8 2-3-2-7-3-12-3z" fill="url(#brand-g)"/><circle cx="34.5" cy="28.5" r="1.4" fill="#0b1431"/></svg>`;
