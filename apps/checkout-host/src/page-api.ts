// The purchase-v2 page's own API, on the host's origin (same-origin calls from the page script). Every call
// carries the session key in `x-session-key`; the amount is always the session's.
//   GET  /api/checkout/session            the session as the page shows it
//   POST /api/checkout/session/parameters { authOnly?, webhookInfo?, settlementType?, tokens?, lockDefaultToken? }
//                                         from the page's link: recorded with the open session where the merchant
//                                         left them unsaid (parameters.ts; another value than the session's: 409)
//   POST /api/checkout/card               { cardToken, cvvToken?, threeDsChallengePreference?, deviceId?,
//                                         browserDetails, email?, customerInfo?, amount?, cents? }: charge (or,
//                                         authOnly, authorise) the session's amount by card (429
//                                         CARD_ATTEMPTS_LIMITED with Retry-After when the merchant holds its
//                                         customer or a card-attempt limit is reached); a 3-D Secure challenge
//                                         answers challengeUrl and creq, which the page POSTs to the issuer
//   GET  /api/checkout/card/status        the open 3-D Secure challenge, asked of the provider; its end
//   (POST /api/checkout/3ds/return/:id    the issuer's answer, challenge-return.ts: no session key)
//   POST /api/checkout/ach                { routingNumber, accountNumber, accountType, email?, customerInfo?,
//                                         amount?, cents?, deviceId? }: link the account with
//                                         the store's ACH provider and debit the session's amount (pending
//                                         until the bank settles it; the numbers are never stored or logged)
//   POST /api/checkout/usdc/prepare       { chain, payer, amount?, cents?, deviceId?, solanaTransaction? }: the USDC
//                                         transfer to sign or send (Solana: 'legacy' by default, or 'v0')
//   POST /api/checkout/usdc/submit        { paymentId, signedTransaction }: Solana, signed by the wallet
//   POST /api/checkout/usdc/record        { paymentId, txId }: sent by the wallet (EVM, 'user' mode)
// email and customerInfo (the published SDK's CustomerInfo) are the payer's billing data (customer-info.ts,
// payer.ts). The amount is the session's and the page can never change it (SPEC §2 lockAmount holds always):
// `cents` or `amount` (decimal, in the session's currency) from the page's link are only checked against it,
// and another amount is refused (400 naming the field), nothing paid.
// Each payment call is checked for fraud first (ADR 045, deviceId is the SDK's): a flagged one answers
// { status: 'declined', code: 'FRAUD_DECLINED', reason, final: true } and the session ends declined.
import { THREE_DS_CHALLENGE_PREFERENCES } from '@store/checkout-sdk/protocol';
import { browserDetailsBody } from '@store/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@store/server-kit';
import { CHAIN_NAMES, SOLANA_TRANSACTION_VERSIONS, type ChainName, type SolanaTransactionVersion } from './chains/index.ts';
import { payerBodyFields } from './customer-info.ts';
import { sessionParametersBody } from './parameters.ts';
import { PRESENTMENT_RATES } from './rates.ts';
import type { CheckoutHostService } from './service.ts';
import { allowedMethodsOf, settlementOf } from './session-views.ts';
import { parseOr400, validAddress } from './validation.ts';

export const SESSION_KEY_HEADER = 'x-session-key';

/**
 * The fraud device id the SDK put in the page's URL (SPEC §2 deviceId), sent with each payment call when the
 * page had one: it goes to the fraud check (ADR 045) and is stored with the payment. Bounded, in the
 * characters a device SDK's ids use (ours: sbx_/dev_ and 32 hex digits).
 */
const deviceId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1 to 128 letters, digits or . _ : -')
  .optional();

/** The amount the page's link stated (SPEC §2 `cents`, or `amount` with `token`): only ever checked against the session's. */
const amountFields = {
  cents: z.number().int().positive().optional(),
  amount: z.number().positive().finite().optional(),
};

/** Refuses an amount from the page that is not the session's: the page can never change it (400 naming the field). */
function refuseOtherAmount(session: { amountCents: number }, given: { cents?: number; amount?: number }): void {
  if (given.cents !== undefined && given.cents !== session.amountCents)
    throw new AppError(400, 'VALIDATION_FAILED', "Invalid cents: the amount is the session's and cannot be changed.", 'cents');
  if (given.amount !== undefined && Math.abs(given.amount * 100 - session.amountCents) > 1e-6)
    throw new AppError(400, 'VALIDATION_FAILED', "Invalid amount: the amount is the session's and cannot be changed.", 'amount');
}

const cardBody = z.strictObject({
  cardToken: z.string().regex(/^card_[A-Za-z0-9_-]{8,64}$/, 'must be a card token'),
  cvvToken: z
    .string()
    .regex(/^cvv_[A-Za-z0-9_-]{8,64}$/, 'must be a CVV token')
    .optional(),
  /** The merchant's 3-D Secure preference from the page's URL (SPEC §3), passed on to the card provider. */
  threeDsChallengePreference: z.enum(THREE_DS_CHALLENGE_PREFERENCES).optional(),
  /** The fraud device id the SDK put in the page's URL (SPEC §2 deviceId), when it had one: card attempts count per device too. */
  deviceId,
  /** What the page measured of the browser for 3-D Secure 2 (the host adds the request's address and headers). */
  browserDetails: browserDetailsBody,
  ...payerBodyFields,
  ...amountFields,
});
const achBody = z.strictObject({
  routingNumber: z.string().regex(/^\d{9}$/, 'must be 9 digits'),
  accountNumber: z.string().regex(/^\d{4,17}$/, 'must be 4 to 17 digits'),
  accountType: z.enum(['checking', 'savings']),
  deviceId,
  ...payerBodyFields,
  ...amountFields,
});
const prepareBody = z.strictObject({
  chain: z.enum(CHAIN_NAMES as [ChainName, ...ChainName[]]),
  payer: z.string().min(32).max(64),
  /** Solana only: the form of transaction the wallet is to sign (default legacy); README "Solana: legacy or v0". */
  solanaTransaction: z.enum(SOLANA_TRANSACTION_VERSIONS as [SolanaTransactionVersion, ...SolanaTransactionVersion[]]).optional(),
  deviceId,
  ...amountFields,
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

  const view = async (s: Awaited<ReturnType<typeof session>>) => {
    const merchant = await service.findMerchant(s.merchantId);
    return {
      sessionId: s.id,
      reference: s.reference,
      merchantId: s.merchantId,
      merchantName: merchant?.name ?? s.merchantId,
      status: s.status,
      amountCents: s.amountCents,
      currency: s.currency,
      // ACH only while the store has a bank-account provider; an authOnly session by card only.
      allowedPaymentMethods: allowedMethodsOf(s).filter((m) => m !== 'ach' || service.achAvailable()),
      // The page can never change the amount (SPEC §2 lockAmount always holds).
      amountLocked: true,
      authOnly: s.authOnly ?? false,
      ...settlementOf(s),
      method: s.method ?? undefined,
      chains: CHAIN_NAMES,
      presentmentRates: PRESENTMENT_RATES,
      expiresAt: s.expiresAt.toISOString(),
      email: s.customerEmail,
    };
  };

  app.get('/api/checkout/session', async (request) => view(await session(request)));
  app.post('/api/checkout/session/parameters', async (request) => {
    const s = await session(request);
    return view(await service.setParameters(s, parseOr400(sessionParametersBody, request.body)));
  });

  app.post('/api/checkout/card', async (request) => {
    const s = await session(request);
    const { deviceId, cents, amount, ...card } = parseOr400(cardBody, request.body);
    refuseOtherAmount(s, { cents, amount });
    return service.payByCard(
      s,
      card,
      { address: request.ip, ...(deviceId ? { deviceId } : {}) },
      { acceptHeader: request.headers.accept ?? '*/*', userAgent: request.headers['user-agent'] ?? '' },
    );
  });
  app.get('/api/checkout/card/status', async (request) => service.cardStatus(await session(request), { address: request.ip }));
  app.post('/api/checkout/ach', async (request) => {
    const s = await session(request);
    const { cents, amount, deviceId, ...ach } = parseOr400(achBody, request.body);
    refuseOtherAmount(s, { cents, amount });
    return service.payByAch(s, ach, { address: request.ip, ...(deviceId ? { deviceId } : {}) });
  });

  app.post('/api/checkout/usdc/prepare', async (request) => {
    const s = await session(request);
    const { chain, payer, cents, amount, deviceId, solanaTransaction } = parseOr400(prepareBody, request.body);
    refuseOtherAmount(s, { cents, amount });
    if (!validAddress(chain, payer)) throw new AppError(400, 'VALIDATION_FAILED', `Invalid payer: not a ${chain} wallet address.`, 'payer');
    if (solanaTransaction && chain !== 'solana')
      throw new AppError(400, 'VALIDATION_FAILED', `Invalid solanaTransaction: ${chain} is not Solana.`, 'solanaTransaction');
    return service.prepareUsdc(
      s,
      chain,
      payer,
      { address: request.ip, ...(deviceId ? { deviceId } : {}) },
      solanaTransaction ? { solanaVersion: solanaTransaction } : {},
    );
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
