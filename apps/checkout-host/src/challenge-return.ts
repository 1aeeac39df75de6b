// The host's own 3-D Secure challenge-return page (ADR 037), the notificationURL of its card payments:
//   POST /api/checkout/3ds/return/:attemptId  form field cres (and threeDSSessionData when the issuer sends it)
// The issuer's page posts the shopper's answer here from the page's challenge frame (a form post from the
// issuer's origin: no session key). It authenticates nothing by itself: the host then sends the final
// payment of the challenged transaction, and the card provider decides (card-payments.ts finishChallenge).
// The answer is a small page in the challenge frame; the purchase-v2 page around it hears the session's
// end from its status poll (woken by the frame's load) and tells the merchant page (success / authDeclined).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '@store/server-kit';
import { CHALLENGE_RETURN_PATH, type ChallengeEnd } from './card-payments.ts';
import type { CheckoutHostService } from './service.ts';

const params = z.strictObject({ attemptId: z.string().regex(/^ca_[A-Za-z0-9]{8,64}$/) });
/** The issuer's form post: cres (EMV 3DS) is base64url; 64 KiB is far more than any. */
const CRES_MAX = 64 * 1024;

const STYLE = 'body{margin:0;font:15px/1.4 system-ui,sans-serif;padding:16px;color:#18181b;background:#fff}';

function answerPage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><p role="status" data-testid="challenge-return-status">${escapeHtml(text)}</p></main></body></html>`;
}

function textOf(end: ChallengeEnd): string {
  switch (end.status) {
    case 'paid':
      return 'Your bank confirmed the payment.';
    case 'declined':
      return `Your card was declined: ${end.reason}.`;
    case 'pending':
      return 'Your bank has answered; the payment is being completed…';
    case 'unknown':
      return 'This 3-D Secure check is not known here. Go back to the checkout.';
  }
}

export const challengeReturnRoutes: FastifyPluginAsync<{ service: CheckoutHostService }> = async (app, { service }) => {
  // The issuer's page posts an HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: CRES_MAX }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const send = async (reply: FastifyReply, status: number, text: string, frameAncestors: string[]) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      // Shown in the purchase-v2 page's challenge frame, itself framed by the merchant's page.
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self' ${frameAncestors.join(' ')}`.trim(),
      )
      .type('text/html; charset=utf-8')
      .send(answerPage('3-D Secure', text));

  app.post(`${CHALLENGE_RETURN_PATH}/:attemptId`, { bodyLimit: CRES_MAX }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return send(reply, 404, textOf({ status: 'unknown' }), []);
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const ancestors = await service.challengeFrameAncestors(parsed.data.attemptId);
    if (typeof body.cres !== 'string' || !body.cres)
      return send(reply, 400, 'The bank sent no answer (cres). Go back to the checkout and try again.', ancestors);
    const end = await service.finishChallenge(parsed.data.attemptId, { address: request.ip });
    return send(reply, end.status === 'unknown' ? 404 : 200, textOf(end), ancestors);
  });
};
