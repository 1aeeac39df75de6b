// The runner on its own, with made-up jobs and topics: what the modules' work relies on (order of the
// jobs, delivery by topic, waking). The modules' own jobs are tested through the app in their modules.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { defineTopic } from '@store/shared';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/support/test-app.ts';
import { migrateAll } from '../migrations.ts';
import { outbox } from '../db/schema.ts';
import { createRunner } from './runner.ts';
import { enqueue, handleTopic } from './topics.ts';

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
    const delivered: number[] = [];
    const deliver = defineTopic('test.deliver', z.object({ n: z.number() }));
    const runner = createRunner({ db: db(), log: quietLog });
    runner.add({ jobs: [{ name: 'first', run: async () => void ran.push('first') }] });
    runner.add({
      jobs: [{ name: 'second', run: async () => void ran.push(`second after ${ran.join()}`) }],
      topics: [handleTopic(deliver, async ({ n }) => void delivered.push(n))],
    });
    await enqueue(db(), deliver, { n: 1 }, { n: 2 });
    const rows = await db().select().from(outbox).where(eq(outbox.topic, 'test.deliver'));
    await runner.drain();
    expect(ran).toEqual(['first', 'second after first']);
    expect(delivered).toEqual([1, 2]);
    for (const row of rows) expect((await rowOf(row.id)).processedAt).not.toBeNull();
  });

  it('writes nothing for a payload its topic refuses, and keeps a stored row that does not match with the path named', async () => {
    const strict = defineTopic('test.strict', z.object({ orderId: z.string() }));
    const delivered: string[] = [];
    const runner = createRunner({ db: db(), log: quietLog });
    runner.add({ topics: [handleTopic(strict, async ({ orderId }) => void delivered.push(orderId))] });
    await expect(enqueue(db(), strict, { orderId: 7 } as unknown as { orderId: string })).rejects.toThrow();
    expect(await db().select().from(outbox).where(eq(outbox.topic, 'test.strict'))).toEqual([]);
    // A row written some other way (an older release, a hand-made fix) reaches no handler unparsed.
    const [stray] = await db()
      .insert(outbox)
      .values({ topic: 'test.strict', payload: { order: 'x' } })
      .returning();
    await runner.drain();
    expect(delivered).toEqual([]);
    expect(await rowOf(stray!.id)).toMatchObject({
      processedAt: null,
      attempts: 1,
      lastError: expect.stringContaining('outbox payload of test.strict does not match its topic: orderId:'),
    });
  });

  it('keeps a row nobody handles with its error, and forgets the payload of a topic that asks', async () => {
    const runner = createRunner({ db: db(), log: quietLog });
    const personalTopic = defineTopic('test.private', z.object({ email: z.string() }));
    runner.add({ topics: [handleTopic(personalTopic, async () => {}, { forgetPayload: true })] });
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
    const twice = handleTopic(defineTopic('test.twice', z.object({})), async () => {});
    runner.add({ topics: [twice] });
    expect(() => runner.add({ topics: [twice] })).toThrow('outbox topic test.twice has two handlers');
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
