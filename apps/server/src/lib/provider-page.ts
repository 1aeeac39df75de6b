// The pages the providers' sandboxes send a shopper to — the bank's 3-D Secure check, Stripe's and Cash App's
// authorisations, the card provider's cashier, the bank-linking page, the identity check — in the store's
// look (issue 24). A real provider lets the merchant brand its hosted pages (colours, type, logo); these are
// what every demo and every test sees, so they read as part of the pay flow, not as a developer's stub.
// Inline only: each page's policy allows inline style and loads nothing from elsewhere.
import { escapeHtml } from '@store/server-kit';
import { BRAND_COLOURS as C, BRAND_FONT, BRAND_NAME, LOGO_SVG } from './brand.ts';

export const PROVIDER_PAGE_STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:${C.page};color:${C.text};font:16px/1.5 ${BRAND_FONT};padding:2rem 1rem}
main{width:100%;max-width:28rem;background:${C.surface};border:1px solid ${C.border};border-radius:18px;box-shadow:0 18px 40px rgba(0,0,0,.35);padding:1.5rem}
.brand{display:flex;align-items:center;gap:.6rem;margin:0 0 1.25rem;font-weight:700;color:${C.text}}.brand svg{flex:none}
.provider{font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:${C.muted};margin:0 0 .5rem}
h1{font-size:1.35rem;line-height:1.25;margin:0 0 .75rem}h2{font-size:1rem;margin:1.5rem 0 .5rem}
p{margin:0 0 1rem;color:${C.muted}}strong{color:${C.text}}a{color:${C.accent}}
label{display:block;margin:.9rem 0 .3rem;font-weight:600}
.choice{display:flex;gap:.6rem;align-items:center;font-weight:400;margin:.5rem 0}
input:not([type]),input[type=text],input[type=email],select{font:inherit;width:100%;min-height:44px;padding:.55rem .75rem;background:${C.input};color:${C.text};border:1px solid ${C.border};border-radius:12px}
input[type=file]{font:inherit;color:${C.muted};margin:.2rem 0 .6rem;width:100%}
input[type=file]::file-selector-button{font:inherit;font-weight:600;margin-right:.75rem;padding:.45rem .9rem;border-radius:12px;border:1px solid ${C.border};background:${C.surfaceRaised};color:${C.text};cursor:pointer}
input[type=radio],input[type=checkbox]{accent-color:${C.accent};width:1.1rem;height:1.1rem;margin:0;flex:none}
input:focus-visible,select:focus-visible,button:focus-visible{outline:2px solid ${C.accent};outline-offset:2px}
fieldset{border:1px solid ${C.border};border-radius:12px;margin:1rem 0;padding:.5rem 1rem .75rem;min-width:0}legend{font-weight:600;padding:0 .3rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}
button{font:inherit;font-weight:600;padding:.7rem 1.4rem;border-radius:12px;border:1px solid ${C.border};cursor:pointer;flex:1 1 8rem;min-height:44px;background:transparent;color:${C.text}}
button.primary{background:${C.accent};color:${C.accentInk};border-color:${C.accent}}button:disabled{opacity:.6;cursor:default}
.error{color:${C.danger}}.note,small{color:${C.muted};font-size:.85rem}
table{width:100%;border-collapse:collapse;font-size:.85rem}th,td{padding:.4rem .5rem;border-bottom:1px solid ${C.border};text-align:left}th{color:${C.text}}td{color:${C.muted}}
code{font:.85rem ui-monospace,SFMono-Regular,Menlo,monospace;color:${C.text}}`;

export interface ProviderPageParts {
  /** The window's title. */
  title: string;
  /** Whose page this is, shown small above the heading: "Sandbox bank · 3-D Secure". */
  provider: string;
  /** The page's content, already escaped by its maker. */
  body: string;
  /** Attributes of <body> (data-* a page's script reads), already escaped. */
  bodyAttributes?: string;
  /** After <main>: the page's own script tags. */
  after?: string;
}

/** A provider's page in the store's look: the store's logo and name, whose page it is, then its content. */
export function providerPage({ title, provider, body, bodyAttributes = '', after = '' }: ProviderPageParts): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${PROVIDER_PAGE_STYLE}</style></head>
<body${bodyAttributes ? ` ${bodyAttributes}` : ''}><main><p class="brand">${LOGO_SVG}<span>${escapeHtml(BRAND_NAME)}</span></p><p class="provider">${escapeHtml(provider)}</p>${body}</main>${after}</body></html>`;
}
