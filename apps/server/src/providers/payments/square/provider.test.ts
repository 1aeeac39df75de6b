// The Square provider as the payments core calls it, through the real `square` SDK against the built-in
// sandbox's HTTP server: the shapes Square answers, its idempotency, lookups by reference while only our
// placeholder is recorded, refunds, and the signature on its events.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SquareClient, SquareError, WebhooksHelper } from 'square';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { createShopper } from '../../../../test/support/checkout.ts';
import { tokenizeCard } from '../../../../test/support/vault.ts';
import type { PaymentRequest } from '@store/server-kit';
import { SQUARE_SIGNATURE_HEADER } from './names.ts';
import { SQUARE_SANDBOX_CARDS } from './sandbox/test-cards.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const square = () => t.app.squareGateway!;
const request = (userId: string, sourceId: string, amountCents = 499): PaymentRequest => ({
  paymentId: randomUUID(),
  orderId: randomUUID(),
  userId,
  payerName: 'Mei Lin',
  amountCents,
  currency: 'USD',
  source: { method: 'square_card', sourceId },
});

describe('the Square provider against the sandbox', () => {
  it('is registered for square_card at its own webhook', () => {
    expect(t.app.paymentProviders.forMethod('square_card')?.name).toBe('square-sandbox');
    expect(t.app.paymentProviders.receivesAt('square-sandbox', 'square')).toBe(true);
  });

  it('start approves, and a repeat with the same payment id is the same Square payment (idempotency key)', async () => {
    const s = await createShopper(t.database.db);
    const req = request(s.id, await tokenizeCard(t.app, SQUARE_SANDBOX_CARDS.approved));
    const first = await square().provider.start(req);
    expect(first).toMatchObject({ status: 'approved', card: null });
    const again = await square().provider.start(req);
    expect(again.transactionId).toBe(first.transactionId);
  });

  it('looks a payment up by id, and by reference_id around the attempt while only our placeholder is recorded', async () => {
    const s = await createShopper(t.database.db);
    const req = request(s.id, 'cnon:card-nonce-ok', 1234);
    const started = await square().provider.start(req);
    const byId = await square().provider.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: started.transactionId });
    expect(byId).toEqual({ status: 'approved', transactionId: started.transactionId, amountCents: 1234, currency: 'USD', card: null });
    const byReference = await square().provider.lookup({
      paymentId: req.paymentId,
      orderId: req.orderId,
      transactionId: null,
      startedAt: new Date(),
    });
    expect(byReference).toMatchObject({ status: 'approved', transactionId: started.transactionId });
    const never = await square().provider.lookup({
      paymentId: randomUUID(),
      orderId: req.orderId,
      transactionId: null,
      startedAt: new Date(),
    });
    expect(never).toEqual({ status: 'none' });
    const unknownId = await square().provider.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: 'NO_SUCH_PAYMENT' });
    expect(unknownId).toEqual({ status: 'none' });
  });

  it('a decline is an outcome with its Square payment id, and the lookup says declined', async () => {
    const s = await createShopper(t.database.db);
    const req = request(s.id, 'cnon:card-nonce-rejected-cvv');
    const declined = await square().provider.start(req);
    expect(declined).toMatchObject({ status: 'declined', code: 'CARD_DECLINED', reason: 'CVV_FAILURE' });
    expect(declined.transactionId).not.toBe('');
    expect(
      await square().provider.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: declined.transactionId }),
    ).toMatchObject({
      status: 'declined',
    });
  });

  it('refunds a payment once; the lookup then says refunded', async () => {
    const s = await createShopper(t.database.db);
    const req = request(s.id, 'cnon:card-nonce-ok');
    const paid = await square().provider.start(req);
    const refund = {
      paymentId: req.paymentId,
      orderId: req.orderId,
      transactionId: paid.transactionId,
      amountCents: 499,
      currency: 'USD' as const,
    };
    expect(await square().provider.refund(refund)).toMatchObject({ status: 'refunded' });
    // The same refund again (same idempotency key) is the same refund, not a second one.
    expect(await square().provider.refund(refund)).toMatchObject({ status: 'refunded' });
    expect(
      await square().provider.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: paid.transactionId }),
    ).toMatchObject({
      status: 'refunded',
    });
  });

  it('answers in Square’s error shape: a reused idempotency key, a wrong access token', async () => {
    const base = square().sandbox!.url();
    const client = new SquareClient({ token: 'wrong', environment: base, maxRetries: 0 });
    const unauthorized = await client.payments.get({ paymentId: 'x' }).catch((err: unknown) => err);
    expect(unauthorized).toBeInstanceOf(SquareError);
    expect((unauthorized as SquareError).statusCode).toBe(401);
    expect((unauthorized as SquareError).errors[0]).toMatchObject({ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED' });

    const s = await createShopper(t.database.db);
    const req = request(s.id, 'cnon:card-nonce-ok');
    await square().provider.start(req);
    const reused = await square()
      .provider.start({ ...req, amountCents: 999 })
      .catch((err: unknown) => err);
    expect(reused).toBeInstanceOf(SquareError);
    expect((reused as SquareError).errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('verifies an event by Square’s signature over the notification URL and the raw body', () => {
    const { sandbox, provider, notificationUrl } = square();
    const raw = sandbox!.webhooks.eventBody('payment.updated', 'payment', 'P1', {
      payment: { id: 'P1', status: 'COMPLETED', amount_money: { amount: 499, currency: 'USD' }, reference_id: 'pay-1' },
    });
    const signature = sandbox!.webhooks.sign(raw);
    expect(notificationUrl).toMatch(/\/api\/v1\/payment\/square\/webhook$/);
    expect(provider.verifyNotification({ body: raw, query: {}, headers: { [SQUARE_SIGNATURE_HEADER]: signature } })).toMatchObject({
      transactionId: 'P1',
      paymentId: 'pay-1',
      status: 'approved',
      charge: true,
      amountCents: 499,
      currency: 'USD',
    });
    expect(
      provider.verifyNotification({ body: raw, query: {}, headers: { [SQUARE_SIGNATURE_HEADER]: `${signature.slice(0, -2)}xx` } }),
    ).toBeNull();
    expect(provider.verifyNotification({ body: `${raw} `, query: {}, headers: { [SQUARE_SIGNATURE_HEADER]: signature } })).toBeNull();
  });

  it('parseWebhook answers a genuine event as {eventId, type, notification}; a forged one 401, a stale one 400 naming created_at', async () => {
    const { sandbox, provider, notificationUrl, signatureKey } = square();
    const payment = { id: 'P2', status: 'COMPLETED', amount_money: { amount: 1299, currency: 'USD' }, reference_id: 'pay-2' };
    const raw = sandbox!.webhooks.eventBody('payment.updated', 'payment', 'P2', { payment });
    const signature = sandbox!.webhooks.sign(raw);
    // Square's SDK (the oracle: it has no signing helper) takes the signature as Square's.
    expect(await WebhooksHelper.verifySignature({ requestBody: raw, signatureHeader: signature, signatureKey, notificationUrl })).toBe(
      true,
    );
    const { event_id: eventId } = JSON.parse(raw) as { event_id: string };
    expect(await provider.parseWebhook({ rawBody: raw, headers: { [SQUARE_SIGNATURE_HEADER]: signature } })).toEqual({
      eventId,
      type: 'payment.updated',
      notification: {
        transactionId: 'P2',
        paymentId: 'pay-2',
        event: 'payment.updated:COMPLETED',
        charge: true,
        status: 'approved',
        card: null,
        amountCents: 1299,
        currency: 'USD',
      },
    });
    // Genuine, but about no payment of ours (a refund): verified, nothing to act on.
    const refund = sandbox!.webhooks.eventBody('refund.updated', 'refund', 'R1', { refund: { id: 'R1', status: 'COMPLETED' } });
    expect(
      await provider.parseWebhook({ rawBody: refund, headers: { [SQUARE_SIGNATURE_HEADER]: sandbox!.webhooks.sign(refund) } }),
    ).toMatchObject({
      type: 'refund.updated',
      notification: null,
    });

    const forged = `${signature.slice(0, -2)}xx`;
    expect(await WebhooksHelper.verifySignature({ requestBody: raw, signatureHeader: forged, signatureKey, notificationUrl })).toBe(false);
    await expect(provider.parseWebhook({ rawBody: raw, headers: { [SQUARE_SIGNATURE_HEADER]: forged } })).rejects.toMatchObject({
      statusCode: 401,
      code: 'BAD_SIGNATURE',
    });
    await expect(provider.parseWebhook({ rawBody: raw, headers: {} })).rejects.toMatchObject({ statusCode: 401 });
    await expect(
      provider.parseWebhook({
        rawBody: raw,
        headers: { [SQUARE_SIGNATURE_HEADER]: signature },
        receivedAt: new Date(Date.now() + 74 * 3_600_000),
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'STALE_NOTIFICATION', field: 'created_at' });
  });
});
