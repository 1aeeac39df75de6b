// An admin's wallet adjustment as the console sends it: with a fresh Idempotency-Key unless a test
// retries one on purpose (ADR 035).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { as, type Shopper } from './checkout.ts';

export const ADJUSTMENTS_URL = '/api/v1/admin/wallet/adjustments';

export function adjustWalletAs(
  app: FastifyInstance,
  admin: Shopper,
  payload: Record<string, unknown>,
  idempotencyKey: string = randomUUID(),
) {
  return as(app, admin, { method: 'POST', url: ADJUSTMENTS_URL, payload, headers: { 'idempotency-key': idempotencyKey } });
}
