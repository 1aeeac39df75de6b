// The merchant API (issue 11 contract): server to server, authenticated by x-merchant-key.
//   POST /api/merchants/:merchantId/sessions                        create, or rotate an open session's key;
//                                                                     with the money parameters (parameters.ts)
//   GET  /api/merchants/:merchantId/sessions/by-reference/:reference
//   POST /api/merchants/:merchantId/sessions/:sessionId/capture     an authOnly session's card, authorised:
//                                                                     settled, the session paid (409 unless
//                                                                     it is 'authorized'; capture.ts)
//   POST /api/merchants/:merchantId/sessions/:sessionId/void        an authOnly session's authorisation released,
//                                                                     nothing taken: the session 'voided' (409
//                                                                     unless it is 'authorized'; capture.ts)
//   POST /api/merchants/:merchantId/sessions/:sessionId/refund
//   PUT  /api/merchants/:merchantId/customers/:customerId/card-hold   { until }: no card payment of the
//                                                                     customer's sessions until then (ADR 031)
//   GET  /merchant/view/:merchantId                                   public: the partner id (SPEC §7)
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '@store/server-kit';
import { apiKeyMatches } from './secret.ts';
import { sessionParameterFields } from './parameters.ts';
import { MAX_HOLD_MS, merchantView, type CheckoutHostService } from './service.ts';
import { parseOr400 } from './validation.ts';

const merchantIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be a merchant id');
const createBody = z.strictObject({
  reference: z.string().min(1).max(128),
  amountCents: z.number().int().positive().max(100_000_000),
  currency: z.literal('USD'),
  customer: z.strictObject({ id: z.string().min(1).max(128), email: z.string().email().max(254) }),
  allowedPaymentMethods: z
    .array(z.enum(['card', 'usdc', 'ach']))
    .min(1)
    .max(3)
    .optional(),
  metadata: z
    .record(z.string().max(64), z.string().max(500))
    .refine((m) => Object.keys(m).length <= 20, 'at most 20 entries')
    .optional(),
  // authOnly, webhookInfo, settlementType, tokens, lockDefaultToken (SPEC §2).
  ...sessionParameterFields,
});

const customerIdSchema = z.string().min(1).max(128);
const holdBody = z.strictObject({ until: z.iso.datetime({ offset: true }) });

export const merchantApiRoutes: FastifyPluginAsync<{ service: CheckoutHostService; secret: Buffer }> = async (app, { service, secret }) => {
  async function authenticate(request: FastifyRequest): Promise<string> {
    const { merchantId } = request.params as { merchantId: string };
    const id = parseOr400(merchantIdSchema, merchantId);
    const key = request.headers['x-merchant-key'];
    const merchant = await service.findMerchant(id);
    if (typeof key !== 'string' || !merchant || !apiKeyMatches(secret, id, key))
      throw new AppError(401, 'UNAUTHORIZED', 'Missing or wrong x-merchant-key.');
    return id;
  }

  app.post('/api/merchants/:merchantId/sessions', async (request, reply) => {
    const merchantId = await authenticate(request);
    const body = parseOr400(createBody, request.body);
    const created = await service.createSession(merchantId, body);
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.get('/api/merchants/:merchantId/sessions/by-reference/:reference', async (request) => {
    const merchantId = await authenticate(request);
    const { reference } = request.params as { reference: string };
    const session = await service.sessionByReference(merchantId, parseOr400(z.string().min(1).max(128), reference));
    if (!session) throw notFound('No session for this reference.');
    return merchantView(session);
  });

  app.post('/api/merchants/:merchantId/sessions/:sessionId/capture', async (request, reply) => {
    const merchantId = await authenticate(request);
    parseOr400(z.union([z.strictObject({}), z.undefined(), z.null()]), request.body);
    const { sessionId } = request.params as { sessionId: string };
    const captured = await service.capture(merchantId, parseOr400(z.string().min(1).max(128), sessionId));
    return reply.header('cache-control', 'no-store').send(captured);
  });

  app.post('/api/merchants/:merchantId/sessions/:sessionId/void', async (request, reply) => {
    const merchantId = await authenticate(request);
    parseOr400(z.union([z.strictObject({}), z.undefined(), z.null()]), request.body);
    const { sessionId } = request.params as { sessionId: string };
    const voided = await service.voidAuthorization(merchantId, parseOr400(z.string().min(1).max(128), sessionId));
    return reply.header('cache-control', 'no-store').send(voided);
  });

  app.post('/api/merchants/:merchantId/sessions/:sessionId/refund', async (request) => {
    const merchantId = await authenticate(request);
    parseOr400(z.union([z.strictObject({}), z.undefined(), z.null()]), request.body);
    const { sessionId } = request.params as { sessionId: string };
    return service.refund(merchantId, parseOr400(z.string().min(1).max(128), sessionId));
  });

  // A merchant whose customer is over its card-attempt limit stops the card payments of every session of
  // that customer, those opened before included, until the merchant's window ends. Only ever extended.
  app.put('/api/merchants/:merchantId/customers/:customerId/card-hold', async (request, reply) => {
    const merchantId = await authenticate(request);
    const customerId = parseOr400(customerIdSchema, (request.params as { customerId: string }).customerId);
    const until = new Date(parseOr400(holdBody, request.body).until);
    const now = Date.now();
    if (until.getTime() <= now) throw new AppError(400, 'VALIDATION_FAILED', 'Invalid until: must be in the future.', 'until');
    if (until.getTime() > now + MAX_HOLD_MS) throw new AppError(400, 'VALIDATION_FAILED', 'Invalid until: at most 7 days ahead.', 'until');
    const held = await service.holdCardPayments(merchantId, customerId, until);
    return reply.header('cache-control', 'no-store').send({ customerId, until: held.toISOString() });
  });

  app.get('/merchant/view/:merchantId', async (request, reply) => {
    const { merchantId } = request.params as { merchantId: string };
    const parsed = merchantIdSchema.safeParse(merchantId);
    const merchant = parsed.success ? await service.findMerchant(parsed.data) : undefined;
    if (!merchant) throw notFound('Unknown merchant.');
    // Read by the SDK in merchant pages of the merchant's origins.
    const origin = request.headers.origin;
    if (origin && merchant.allowedOrigins.includes(origin)) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    // The record at the top level (SPEC §7): the published SDK reads nSureSettings.nSurePartnerId or
    // nSurePartnerId there; our SDK reads the top level first (and the older { success, data } envelope).
    return {
      merchantId: merchant.id,
      name: merchant.name,
      nSureSettings: { nSurePartnerId: merchant.nsurePartnerId },
      nSurePartnerId: merchant.nsurePartnerId,
    };
  });
};
