// The game providers' (distributors') server-to-server credit of winnings (issue 10; ADR 004). No session:
// the signature over the timestamp and the raw body, under the distributor's key from the settings, is
// the authentication, so the body is kept as sent (a parser of its own, in this route's own context).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { distributorCreditBody, distributorCreditResponse, distributorParams, errorEnvelope } from '@store/shared';
import { AppError } from '../../lib/errors.ts';
import { getDistributorKeys } from '../settings/index.ts';
import { creditWinnings } from './service.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyCredit } from './signature.ts';
import { readJsonAsText } from '../../lib/raw-json-body.ts';

/** A credit is a few hundred bytes. */
const CREDIT_BODY_LIMIT = 16 * 1024;

function parseCredit(rawBody: string) {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', 'The body must be JSON.', 'body');
  }
  const parsed = distributorCreditBody.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.code === 'unrecognized_keys' ? issue.keys[0]! : issue.path.join('.') || 'body';
  const message = issue.code === 'unrecognized_keys' ? `Unknown field '${field}' in body` : `Invalid field '${field}': ${issue.message}`;
  throw new AppError(400, 'VALIDATION_FAILED', message, field);
}

const distributorRoutes: FastifyPluginAsyncZod = async (app) => {
  readJsonAsText(app, { bodyLimit: CREDIT_BODY_LIMIT });

  app.post(
    '/v1/third-party/distributors/:distributor/credits',
    {
      bodyLimit: CREDIT_BODY_LIMIT,
      config: { externalInput: true, publicRateLimitMax: app.config.NOTIFY_RATE_LIMIT_MAX },
      schema: {
        tags: ['wallet'],
        summary: "A game provider credits a shopper's winnings (winWallet)",
        description: `No session. Headers ${TIMESTAMP_HEADER} (Unix seconds, within 5 minutes of now) and ${SIGNATURE_HEADER} (hex HMAC-SHA256 of "{timestamp}.{raw body}" under the distributor's key, settings row 'distributors'). JSON body { transactionId, userId, amount (positive integer coins), reason? }. Applied once per (distributor, transactionId): a repeat answers applied: false; one with another userId or amount 409.`,
        params: distributorParams,
        response: { 200: distributorCreditResponse, 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const { distributor } = request.params;
      const keys = await getDistributorKeys(app.db);
      verifyCredit(Object.hasOwn(keys, distributor) ? keys[distributor] : undefined, request.headers, rawBody);
      const credit = parseCredit(rawBody);
      const { applied } = await creditWinnings(app.db, distributor, credit);
      if (applied) app.outbox.kick();
      request.log.info(
        { distributor, transactionId: credit.transactionId, userId: credit.userId, amount: credit.amount, applied },
        'distributor credit',
      );
      return {
        success: true as const,
        data: { transactionId: credit.transactionId, userId: credit.userId, amount: credit.amount, applied },
      };
    },
  );
};

export default distributorRoutes;
