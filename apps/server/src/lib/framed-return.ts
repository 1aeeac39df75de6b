// The return from a provider's page that ran in a frame over the pay page (issue 24: the card provider's bank
// check, Stripe's authentication, the card provider's cashier, the bank-linking page): instead of sending the
// frame on to the next page (which would
// open the store inside the dialog), a page of the store's origin tells the pay page where the flow goes on
// (postMessage to its parent, same origin only), and offers a link that leaves the frame for a browser whose
// parent is not listening. A return route answers it when the browser marks its request Sec-Fetch-Dest: iframe.
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '@store/server-kit';
import { inlineBrowserScript } from './browser-scripts.ts';
import { providerPage } from './provider-page.ts';

/** Whether the browser opened this return inside a frame (the pay page's dialog). */
export const openedInFrame = (headers: Record<string, string | string[] | undefined>) => headers['sec-fetch-dest'] === 'iframe';

/**
 * `path`: where the pay flow goes on (/payment-success?orderId=…, /cart?payment=failed…), under `browserBase`.
 * `frameAncestors`: the store's pages that may hold the frame. `provider`: the page's name in its header.
 */
export function sendFramedReturn(
  reply: FastifyReply,
  browserBase: string,
  path: string,
  frameAncestors: string[],
  provider = '3-D Secure',
) {
  // Static (src/browser/framed-return.ts), so its hash is its policy; the destination is read from the page.
  const script = inlineBrowserScript('framed-return');
  const html = providerPage({
    title: 'Returning to the store',
    provider,
    bodyAttributes: `data-to="${escapeHtml(path)}"`,
    body: `<h1>Returning to the store…</h1><p><a href="${escapeHtml(`${browserBase}${path}`)}" target="_top">Continue</a></p>`,
    after: script.element,
  });
  return reply
    .status(200)
    .header(
      'content-security-policy',
      `default-src 'none'; script-src ${script.cspSource}; style-src 'unsafe-inline'; frame-ancestors 'self' ${frameAncestors.join(' ')}; base-uri 'none'; form-action 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
