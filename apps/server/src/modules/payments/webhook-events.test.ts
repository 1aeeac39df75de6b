// The one claim of the providers' webhook events (payment_webhook_events, ADR 036): an event is handled once
// per (provider, event id); the same id at two providers is two events; deliveries at the same time resolve to
// one claim; a replay after handling changes nothing; a release or a stale claim lets the next delivery in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../../test/support/test-app.ts';
import { migrateAll } from '../../migrations.ts';
import { claimWebhookEvent, finishWebhookEvent, releaseWebhookEvent, WEBHOOK_CLAIM_STALE_MS } from './webhook-events.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  await migrateAll(t.database);
  // On PostgreSQL, open the pool's connections now, so the concurrent claims below run side by side
  // instead of one after another while connections are still being opened.
  await Promise.all(Array.from({ length: 20 }, () => t.database.db.execute(sql`SELECT pg_sleep(0.05)`)));
});
afterAll(() => t.drop());

const db = () => t.database.db;
const freshId = () => `evt_${randomBytes(6).toString('hex')}`;

describe('claimWebhookEvent', () => {
  it('claims an event once; a replay after it was handled is answered "done"', async () => {
    const id = freshId();
    expect(await claimWebhookEvent(db(), 'stripe', id, 'payment_intent.succeeded')).toBe('claimed');
    expect(await claimWebhookEvent(db(), 'stripe', id, 'payment_intent.succeeded')).toBe('processing');
    await finishWebhookEvent(db(), 'stripe', id);
    expect(await claimWebhookEvent(db(), 'stripe', id, 'payment_intent.succeeded')).toBe('done');
    // A release after handling takes nothing back: the event stays handled.
    await releaseWebhookEvent(db(), 'stripe', id);
    expect(await claimWebhookEvent(db(), 'stripe', id, 'payment_intent.succeeded')).toBe('done');
  });

  it('takes the same event id at two providers as two events, each claimed and handled on its own', async () => {
    const id = freshId();
    expect(await claimWebhookEvent(db(), 'stripe', id, 'charge.refunded')).toBe('claimed');
    expect(await claimWebhookEvent(db(), 'square', id, 'payment.updated')).toBe('claimed');
    expect(await claimWebhookEvent(db(), 'coinflow', id, 'payment.approved')).toBe('claimed');
    await finishWebhookEvent(db(), 'square', id);
    expect(await claimWebhookEvent(db(), 'square', id, 'payment.updated')).toBe('done');
    // Handling Square's did not handle Stripe's.
    expect(await claimWebhookEvent(db(), 'stripe', id, 'charge.refunded')).toBe('processing');
    await releaseWebhookEvent(db(), 'stripe', id);
    expect(await claimWebhookEvent(db(), 'stripe', id, 'charge.refunded')).toBe('claimed');
    expect(await claimWebhookEvent(db(), 'coinflow', id, 'payment.approved')).toBe('processing');
  });

  it('resolves twenty deliveries of one event at the same time to one claim', async () => {
    const id = freshId();
    const answers = await Promise.all(Array.from({ length: 20 }, () => claimWebhookEvent(db(), 'square', id, 'payment.updated')));
    expect(answers.filter((a) => a === 'claimed')).toHaveLength(1);
    expect(answers.filter((a) => a === 'processing')).toHaveLength(19);
  });

  it('resolves deliveries of one id to two providers at the same time to one claim each', async () => {
    const id = freshId();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? 'stripe' : 'coinflow')).map(async (provider) => ({
        provider,
        claim: await claimWebhookEvent(db(), provider, id, 'x'),
      })),
    );
    expect(
      answers
        .filter((a) => a.claim === 'claimed')
        .map((a) => a.provider)
        .sort(),
    ).toEqual(['coinflow', 'stripe']);
  });

  it('lets the next delivery in after a release, and takes a claim a crash left over once it is stale', async () => {
    const released = freshId();
    expect(await claimWebhookEvent(db(), 'stripe', released, 'x')).toBe('claimed');
    await releaseWebhookEvent(db(), 'stripe', released);
    expect(await claimWebhookEvent(db(), 'stripe', released, 'x')).toBe('claimed');

    const crashed = freshId();
    const then = new Date('2026-01-01T00:00:00Z');
    expect(await claimWebhookEvent(db(), 'square', crashed, 'x', then)).toBe('claimed');
    const justBefore = new Date(then.getTime() + WEBHOOK_CLAIM_STALE_MS - 1_000);
    expect(await claimWebhookEvent(db(), 'square', crashed, 'x', justBefore)).toBe('processing');
    const after = new Date(then.getTime() + WEBHOOK_CLAIM_STALE_MS + 1_000);
    const retakes = await Promise.all(Array.from({ length: 5 }, () => claimWebhookEvent(db(), 'square', crashed, 'x', after)));
    expect(retakes.filter((a) => a === 'claimed')).toHaveLength(1);
    // A handled event is never taken again, however old.
    await finishWebhookEvent(db(), 'square', crashed);
    expect(await claimWebhookEvent(db(), 'square', crashed, 'x', new Date(after.getTime() + 10 * WEBHOOK_CLAIM_STALE_MS))).toBe('done');
  });
});
