// A server that dies right after committing a verification decision, before its outbox row was
// delivered: the next instance on the same database sends the shopper's verificationUpdated and toast
// (ADR 016: through the outbox, so the decision is never missed). The crash is played in-process: the
// first instance's background runner is stopped before the decision arrives, then the instance closes.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { kycStartResponse } from '@store/shared';
import { openTestDatabase, testConfig } from '../../../test/support/test-app.ts';
import { as, createShopper } from '../../../test/support/checkout.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { migrateAll } from '../../migrations.ts';
import { seed } from '../../db/seed.ts';
import { liveEvents, outbox } from '../../db/schema.ts';
import type { KycSandbox } from '../../providers/kyc/jumio/sandbox/sandbox.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await migrateAll(database);
  await seed(database.db, { demo: false });
});
afterAll(() => drop());

async function startInstance(): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig({ JUMIO_CALLBACK_SECRET: 'restart-test-callback-secret' }), database, logger: false });
  await app.ready();
  return app;
}

const eventsOf = (userId: string) =>
  database.db.select({ type: liveEvents.type, payload: liveEvents.payload }).from(liveEvents).where(eq(liveEvents.userId, userId));

describe('a verification decision and a restart', () => {
  it('is announced by the next instance when the one that committed it died first', async () => {
    const first = await startInstance();
    const s = await createShopper(database.db);
    const res = await as(first, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' });
    const { data } = kycStartResponse.parse(res.json());
    await first.outbox.drain();
    await first.live.flush();
    const secret = new URL(data.redirectUrl, 'http://localhost').searchParams.get('secret')!;

    // The "crash": nothing is delivered any more, then the decision commits.
    await first.outbox.stop();
    const callbacks = (first.kycProvider as KycSandbox).submit(data.workflowExecutionId, secret, 'passed')!;
    const applied: boolean[] = [];
    for (const signed of callbacks) {
      const answer = await first.inject({
        method: 'POST',
        url: '/api/v1/kyc/jumio/callback',
        headers: { ...signed.headers, 'content-type': 'application/json' },
        payload: signed.body,
      });
      applied.push(answer.json().data.applied);
    }
    // The first callback already finds the decision at the provider; the second has nothing left to change.
    expect(applied).toEqual([true, false]);
    await first.close();
    const waiting = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'live.kyc'), isNull(outbox.processedAt)));
    expect(waiting.length).toBeGreaterThan(0);
    expect((await eventsOf(s.id)).filter((e) => e.type === 'notification')).toHaveLength(0);

    const second = await startInstance();
    try {
      await second.outbox.drain();
      await second.live.flush();
      const events = await eventsOf(s.id);
      expect(events.filter((e) => e.type === 'notification').map((e) => e.payload)).toEqual([
        { type: 'success', content: 'Your identity is verified.' },
      ]);
      expect(events.filter((e) => e.type === 'verificationUpdated').at(-1)?.payload).toEqual({
        jumio: { attempts: 1, decision: 'PASSED', status: 'DONE' },
      });
    } finally {
      await second.close();
    }
  });
});
