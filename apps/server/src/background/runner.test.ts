// The runner on its own, with made-up jobs and topics: what the modules' work relies on (order of the
// jobs, delivery by topic, waking). The modules' own jobs are tested through the app in their modules.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/support/test-app.ts';
import { migrateAll } from '../migrations.ts';
import { outbox } from '../db/schema.ts';
import { createRunner } from './runner.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase();
  await migrateAll(test.database);
});
afterAll(() => test.drop());

const quietLog = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
const db = () => test.database.db;
const rowOf = async (id: number) => (await db().select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe('the background runner', () => {
  it('runs the jobs in the order they were added, then hands each row to its topic', async () => {
    const ran: string[] = [];
    const delivered: unknown[] = [];
    const runner = createRunner({ db: db(), log: quietLog });
    runner.add({ jobs: [{ name: 'first', run: async () => void ran.push('first') }] });
    runner.add({
      jobs: [{ name: 'second', run: async () => void ran.push(`second after ${ran.join()}`) }],
      topics: { 'test.deliver': { handle: async (payload) => void delivered.push(payload) } },
    });
    const [row] = await db()
      .insert(outbox)
      .values({ topic: 'test.deliver', payload: { n: 1 } })
      .returning();
    await runner.drain();
    expect(ran).toEqual(['first', 'second after first']);
    expect(delivered).toEqual([{ n: 1 }]);
    expect((await rowOf(row!.id)).processedAt).not.toBeNull();
  });

  it('keeps a row nobody handles with its error, and forgets the payload of a topic that asks', async () => {
    const runner = createRunner({ db: db(), log: quietLog });
    runner.add({ topics: { 'test.private': { handle: async () => {}, forgetPayload: true } } });
    const [orphan, personal] = await db()
      .insert(outbox)
      .values([
        { topic: 'test.nobody', payload: {} },
        { topic: 'test.private', payload: { email: 'someone@example.com' } },
      ])
      .returning();
    await runner.drain();
    expect(await rowOf(orphan!.id)).toMatchObject({ processedAt: null, attempts: 1, lastError: 'unknown outbox topic test.nobody' });
    expect(await rowOf(personal!.id)).toMatchObject({ payload: {} });
  });

  it('refuses a topic handled twice, and work added once it runs', async () => {
    const runner = createRunner({ db: db(), log: quietLog });
    const topic = { handle: async () => {} };
    runner.add({ topics: { 'test.twice': topic } });
    expect(() => runner.add({ topics: { 'test.twice': topic } })).toThrow('outbox topic test.twice has two handlers');
    await runner.start();
    expect(() => runner.add({ jobs: [] })).toThrow();
    await runner.stop();
  });

  it('runs the jobs again soon when a service asks, without waiting for their 30 s', async () => {
    let runs = 0;
    const runner = createRunner({ db: db(), log: quietLog });
    runner.add({ jobs: [{ name: 'count', run: async () => void (runs += 1) }] });
    runner.runJobsSoon();
    expect(runs).toBe(0);
    await runner.start();
    expect(runs).toBe(1);
    runner.runJobsSoon();
    await vi.waitFor(() => expect(runs).toBe(2), { timeout: 15_000 });
    await runner.stop();
  });
});
