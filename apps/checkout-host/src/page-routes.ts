// GET /{routePrefix?}/{blockchain}/purchase-v2/{merchantId} (SPEC §2) and its built script (page/script.ts:
// read once at start, named by its content hash, so it is cached for good while the page never is). The page may
// be framed only by the merchant's allowed origins (CSP frame-ancestors); it loads the vault's tokenizer and
// frames, and the card provider's challenge page (POSTed its creq from the page's form into the challenge
// frame, which the issuer then sends to the host's own return page). A merchant's stylesheet (`merchantCss`)
// is linked only from an allow-listed origin (CHECKOUT_MERCHANT_CSS_ORIGINS), and style-src names exactly that
// origin; any other is refused by the page script, by name.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { BLOCKCHAINS } from '@store/checkout-sdk/protocol';
import { allowedStylesheetOrigin } from '@store/checkout-sdk/wire';
import { errorPage, purchasePage } from './page/html.ts';
import type { PageScript } from './page/script.ts';
import type { CheckoutHostService } from './service.ts';

export interface PageRoutesOptions {
  service: CheckoutHostService;
  hostOrigin: () => string;
  vaultOrigin: () => string;
  /** Where the card provider's challenge pages live (the store's origins, in the sandbox). */
  providerPageOrigins: string[];
  /** Where a merchant's `merchantCss` may come from (CHECKOUT_MERCHANT_CSS_ORIGINS). */
  merchantCssOrigins: string[];
  /** The page script `npm run build` wrote, as the host read it when it started. */
  pageScript: PageScript;
}

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (
  app,
  { service, hostOrigin, vaultOrigin, providerPageOrigins, merchantCssOrigins, pageScript },
) => {
  const csp = (ancestors: string[], stylesheetOrigin: string | null = null) => {
    const vault = vaultOrigin();
    return [
      "default-src 'none'",
      `script-src 'self'${vault ? ` ${vault}` : ''}`,
      `style-src 'self' 'unsafe-inline'${stylesheetOrigin ? ` ${stylesheetOrigin}` : ''}`,
      "img-src 'self' data:",
      "connect-src 'self'",
      // The vault's card fields; the issuer's challenge page, and then the host's own return page, in the challenge frame.
      `frame-src 'self' ${[vault, ...providerPageOrigins].filter(Boolean).join(' ')}`.trim(),
      "base-uri 'none'",
      // The card's 3-D Secure challenge: the page POSTs the creq to the issuer's page, into its challenge frame.
      `form-action ${providerPageOrigins.join(' ') || "'none'"}`,
      `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
    ].join('; ');
  };
  const notFoundPage = (reply: FastifyReply, message: string) =>
    reply.status(404).header('content-security-policy', csp([])).type('text/html; charset=utf-8').send(errorPage(message));

  async function page(params: { prefix?: string; blockchain: string; merchantId: string }, query: unknown, reply: FastifyReply) {
    if ((params.prefix !== undefined && !SEGMENT.test(params.prefix)) || !(BLOCKCHAINS as readonly string[]).includes(params.blockchain))
      return notFoundPage(reply, 'blockchain not supported!');
    const merchant = SEGMENT.test(params.merchantId) ? await service.findMerchant(params.merchantId) : undefined;
    if (!merchant) return notFoundPage(reply, 'Unknown merchant.');
    const asked = (query as Record<string, unknown> | undefined)?.merchantCss;
    const stylesheetOrigin = typeof asked === 'string' ? allowedStylesheetOrigin(asked, merchantCssOrigins) : null;
    const merchantCss = stylesheetOrigin ? (asked as string) : null;
    return reply
      .header('content-security-policy', csp(merchant.allowedOrigins, stylesheetOrigin))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        purchasePage({
          merchantId: merchant.id,
          merchantName: merchant.name,
          blockchain: params.blockchain,
          allowedOrigins: merchant.allowedOrigins,
          hostOrigin: hostOrigin(),
          scriptPath: pageScript.path,
          merchantCss,
          merchantCssOrigins,
        }),
      );
  }
  app.get<{ Params: { blockchain: string; merchantId: string } }>('/:blockchain/purchase-v2/:merchantId', (req, reply) =>
    page(req.params, req.query, reply),
  );
  app.get<{ Params: { prefix: string; blockchain: string; merchantId: string } }>(
    '/:prefix/:blockchain/purchase-v2/:merchantId',
    (req, reply) => page(req.params, req.query, reply),
  );
  // Its name changes with its content: a browser (or a CDN) may keep it a year without asking again.
  app.get(pageScript.path, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=31536000, immutable').type('text/javascript; charset=utf-8').send(pageScript.text),
  );
};
