// The purchase-v2 page's own API, on the host's origin (same-origin calls from the page script). Every call
// carries the session key in `x-session-key`; the amount is always the session's.
//   GET  /api/checkout/session            the session as the page shows it
//   POST /api/checkout/card               { cardToken, cvvToken?, threeDsChallengePreference?, deviceId?,
//                                         browserDetails }: charge the session's amount by card (429
//                                         CARD_ATTEMPTS_LIMITED with Retry-After when the merchant holds its
//                                         customer or a card-attempt limit is reached); a 3-D Secure challenge
//                                         answers challengeUrl and creq, which the page POSTs to the issuer
//   GET  /api/checkout/card/status        the open 3-D Secure challenge, asked of the provider; its end
//   (POST /api/checkout/3ds/return/:id    the issuer's answer, challenge-return.ts: no session key)
//   POST /api/checkout/ach                { routingNumber, accountNumber, accountType }: link the account with
//                                         the store's ACH provider and debit the session's amount (pending
//                                         until the bank settles it; the numbers are never stored or logged)
//   POST /api/checkout/usdc/prepare       { chain, payer }: the USDC transfer to sign or send
//   POST /api/checkout/usdc/submit        { paymentId, signedTransaction }: Solana, signed by the wallet
//   POST /api/checkout/usdc/record        { paymentId, txId }: sent by the wallet (EVM, 'user' mode)
import { THREE_DS_CHALLENGE_PREFERENCES } from '@store/checkout-sdk/protocol';
import { customerInfoSchema } from '@store/checkout-sdk/wire';
import { browserDetailsBody } from '@store/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { CHAIN_NAMES, type ChainName } from '../chains/index.ts';
import { PRESENTMENT_RATES } from './rates.ts';
import type { CheckoutHostService } from './service.ts';
import { parseOr400, validAddress } from './validation.ts';

export const SESSION_KEY_HEADER = 'x-session-key';

/**
 * The payer data the page sends with a card or bank payment (SPEC §2 `email`, `customerInfo`), validated here.
 * The branch that makes them the payment's billing data (issue 23, i23server) replaces this with its own.
 */
const payerFields = { email: z.email().max(254).optional(), customerInfo: customerInfoSchema.optional() };

const cardBody = z.strictObject({
  cardToken: z.string().regex(/^card_[A-Za-z0-9_-]{8,64}$/, 'must be a card token'),
  cvvToken: z
    .string()
    .regex(/^cvv_[A-Za-z0-9_-]{8,64}$/, 'must be a CVV token')
    .optional(),
  /** The merchant's 3-D Secure preference from the page's URL (SPEC §3), passed on to the card provider. */
  threeDsChallengePreference: z.enum(THREE_DS_CHALLENGE_PREFERENCES).optional(),
  /** The fraud device id the SDK put in the page's URL (SPEC §3 deviceId), when it had one: card attempts count per device too. */
  deviceId: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be a device id')
    .optional(),
  /** What the page measured of the browser for 3-D Secure 2 (the host adds the request's address and headers). */
  browserDetails: browserDetailsBody,
  ...payerFields,
});
const achBody = z.strictObject({
  routingNumber: z.string().regex(/^\d{9}$/, 'must be 9 digits'),
  accountNumber: z.string().regex(/^\d{4,17}$/, 'must be 4 to 17 digits'),
  accountType: z.enum(['checking', 'savings']),
  ...payerFields,
});
const prepareBody = z.strictObject({
  chain: z.enum(CHAIN_NAMES as [ChainName, ...ChainName[]]),
  payer: z.string().min(32).max(64),
});
const submitBody = z.strictObject({ paymentId: z.string().min(1).max(64), signedTransaction: z.string().min(1).max(4096) });
const recordBody = z.strictObject({ paymentId: z.string().min(1).max(64), txId: z.string().min(1).max(128) });

export const pageApiRoutes: FastifyPluginAsync<{ service: CheckoutHostService }> = async (app, { service }) => {
  const session = (request: FastifyRequest) => {
    const key = request.headers[SESSION_KEY_HEADER];
    return service.sessionOfKey(typeof key === 'string' ? key : '');
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/checkout/session', async (request) => {
    const s = await session(request);
    const merchant = await service.findMerchant(s.merchantId);
    return {
      sessionId: s.id,
      reference: s.reference,
      merchantId: s.merchantId,
      merchantName: merchant?.name ?? s.merchantId,
      status: s.status,
      amountCents: s.amountCents,
      currency: s.currency,
      // ACH only while the store has a bank-account provider.
      allowedPaymentMethods: s.allowedMethods.filter((m) => m !== 'ach' || service.achAvailable()),
      method: s.method ?? undefined,
      chains: CHAIN_NAMES,
      presentmentRates: PRESENTMENT_RATES,
      expiresAt: s.expiresAt.toISOString(),
      email: s.customerEmail,
    };
  });

  app.post('/api/checkout/card', async (request) => {
    const s = await session(request);
    const { deviceId, email: _email, customerInfo: _customerInfo, ...card } = parseOr400(cardBody, request.body);
    return service.payByCard(
      s,
      card,
      { address: request.ip, ...(deviceId ? { deviceId } : {}) },
      { acceptHeader: request.headers.accept ?? '*/*', userAgent: request.headers['user-agent'] ?? '' },
    );
  });
  app.get('/api/checkout/card/status', async (request) => service.cardStatus(await session(request), { address: request.ip }));
  app.post('/api/checkout/ach', async (request) => {
    const { email: _email, customerInfo: _customerInfo, ...ach } = parseOr400(achBody, request.body);
    return service.payByAch(await session(request), ach, { address: request.ip });
  });

  app.post('/api/checkout/usdc/prepare', async (request) => {
    const s = await session(request);
    const { chain, payer } = parseOr400(prepareBody, request.body);
    if (!validAddress(chain, payer)) throw new AppError(400, 'VALIDATION_FAILED', `Invalid payer: not a ${chain} wallet address.`, 'payer');
    return service.prepareUsdc(s, chain, payer);
  });
  app.post('/api/checkout/usdc/submit', async (request) => {
    const s = await session(request);
    const { paymentId, signedTransaction } = parseOr400(submitBody, request.body);
    return service.submitSigned(s, paymentId, signedTransaction);
  });
  app.post('/api/checkout/usdc/record', async (request) => {
    const s = await session(request);
    const { paymentId, txId } = parseOr400(recordBody, request.body);
    return service.recordTransaction(s, paymentId, txId);
  });
};
