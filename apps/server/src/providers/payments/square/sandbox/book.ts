// The Square sandbox's book in our database (0014): Square's objects as the JSON it answers with, and
// the answers it gave under each idempotency key. The sandbox runs only when no Square credentials are
// set; a restarted store finds its payments again, as Square would still have them.
import { and, asc, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { squareSandboxIdempotency, squareSandboxObjects } from '../../../../db/sandbox-schema.ts';

export type ObjectKind = 'customer' | 'card' | 'payment' | 'refund';
export type SquareJson = Record<string, unknown>;
export interface StoredObject {
  id: string;
  data: SquareJson;
  private: Record<string, unknown>;
}

/** How long the first request under an idempotency key may take before a repeat stops waiting for its answer. */
const IDEMPOTENT_WAIT_MS = 20_000;

export function createBook(db: Db) {
  return {
    async insert(
      kind: ObjectKind,
      id: string,
      data: SquareJson,
      extra: { customerId?: string | null; referenceId?: string | null; private?: Record<string, unknown> } = {},
    ) {
      await db.insert(squareSandboxObjects).values({
        id,
        kind,
        data,
        customerId: extra.customerId ?? null,
        referenceId: extra.referenceId ?? null,
        private: extra.private ?? {},
      });
    },

    async get(kind: ObjectKind, id: string): Promise<StoredObject | null> {
      const [row] = await db
        .select()
        .from(squareSandboxObjects)
        .where(and(eq(squareSandboxObjects.id, id), eq(squareSandboxObjects.kind, kind)))
        .limit(1);
      return row ? { id: row.id, data: row.data, private: row.private } : null;
    },

    async update(id: string, data: SquareJson): Promise<void> {
      await db.update(squareSandboxObjects).set({ data }).where(eq(squareSandboxObjects.id, id));
    },

    async cardsOf(customerId: string, newestFirst: boolean): Promise<StoredObject[]> {
      const rows = await db
        .select()
        .from(squareSandboxObjects)
        .where(and(eq(squareSandboxObjects.kind, 'card'), eq(squareSandboxObjects.customerId, customerId)))
        .orderBy(newestFirst ? desc(squareSandboxObjects.createdAt) : asc(squareSandboxObjects.createdAt), asc(squareSandboxObjects.id));
      return rows.map((row) => ({ id: row.id, data: row.data, private: row.private }));
    },

    async paymentsBetween(begin: Date, end: Date, ascending: boolean, offset: number, limit: number): Promise<SquareJson[]> {
      const rows = await db
        .select({ data: squareSandboxObjects.data })
        .from(squareSandboxObjects)
        .where(
          and(
            eq(squareSandboxObjects.kind, 'payment'),
            gte(squareSandboxObjects.createdAt, begin),
            lte(squareSandboxObjects.createdAt, end),
          ),
        )
        .orderBy(ascending ? asc(squareSandboxObjects.createdAt) : desc(squareSandboxObjects.createdAt), asc(squareSandboxObjects.id))
        .offset(offset)
        .limit(limit);
      return rows.map((row) => row.data);
    },

    /**
     * Square's idempotency: the same key with the same request answers what the first one answered; with
     * another request it is refused (IDEMPOTENCY_KEY_REUSED). Repeats arriving while the first still runs
     * wait for its answer. A first request that failed leaves nothing, so it can be sent again.
     */
    async idempotent(
      key: string,
      request: string,
      run: () => Promise<{ status: number; body: SquareJson }>,
    ): Promise<{ status: number; body: SquareJson } | 'reused'> {
      const claimed = await db
        .insert(squareSandboxIdempotency)
        .values({ key, request })
        .onConflictDoNothing()
        .returning({ key: squareSandboxIdempotency.key });
      if (claimed.length === 1) {
        try {
          const answer = await run();
          await db
            .update(squareSandboxIdempotency)
            .set({ status: answer.status, body: JSON.stringify(answer.body) })
            .where(eq(squareSandboxIdempotency.key, key));
          return answer;
        } catch (err) {
          await db
            .delete(squareSandboxIdempotency)
            .where(and(eq(squareSandboxIdempotency.key, key), isNull(squareSandboxIdempotency.status)));
          throw err;
        }
      }
      const deadline = Date.now() + IDEMPOTENT_WAIT_MS;
      for (;;) {
        const [row] = await db.select().from(squareSandboxIdempotency).where(eq(squareSandboxIdempotency.key, key)).limit(1);
        if (!row) return this.idempotent(key, request, run);
        if (row.request !== request) return 'reused';
        if (row.status !== null && row.body !== null) return { status: row.status, body: JSON.parse(row.body) as SquareJson };
        if (Date.now() > deadline) throw new Error('The first request under this idempotency key is still running.');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export type SandboxBook = ReturnType<typeof createBook>;
