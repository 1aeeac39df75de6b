// What every server of the hosted checkout does alike (the page's origin and the API port of
// CHECKOUT_API_PORT): its security headers, and its 404 and error answers in the host's envelope.
import type { FastifyInstance } from 'fastify';
import { AppError } from '@store/server-kit';
import { CardAttemptsLimited } from './card-limits.ts';

/**
 * Whether a peer (hop 0, then each X-Forwarded-For entry) is a trusted proxy, as Fastify's trustProxy takes it;
 * false: none is. The store hands its own (TRUST_PROXY compiled), so the host reads the caller's address as the store does.
 */
export type ProxyTrust = ((address: string, hop: number) => boolean) | false;

/** Call before registering routes: Fastify hands each plugin the error handler in force when it is registered. */
export function applyHostBasics(server: FastifyInstance): void {
  // Helmet's defaults that fit a framed page: no sniffing, no referrer, and nothing but the page framed.
  server.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-dns-prefetch-control', 'off');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  });

  server.setNotFoundHandler((_req, reply) => reply.status(404).send({ success: false, message: 'Not found.', code: 'NOT_FOUND' }));
  server.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    if (error instanceof CardAttemptsLimited) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError)
      return reply
        .status(error.statusCode)
        .send({ success: false, message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) });
    if (error.statusCode && error.statusCode < 500)
      return reply
        .status(error.statusCode)
        .send({ success: false, message: 'Bad request: ' + (error.message ?? ''), code: 'BAD_REQUEST', field: 'body' });
    request.log.error({ err: error }, 'checkout host error');
    return reply.status(500).send({ success: false, message: 'Checkout error', code: 'INTERNAL' });
  });
}
