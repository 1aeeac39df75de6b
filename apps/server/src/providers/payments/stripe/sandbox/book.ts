// The Stripe sandbox's book: Stripe's objects kept as the JSON it answers with (stripe_sandbox_objects),
// what only the sandbox may know beside them (`private`: the vault token behind a card, the hash of a
// page's secret), and answers kept under their idempotency keys.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { stripeSandboxIdempotency, stripeSandboxObjects } from '../../../../db/sandbox-schema.ts';

export type StripeJson = Record<string, unknown> & { id: string; object: string };
export interface Stored<T extends StripeJson = StripeJson> {
  data: T;
  private: Record<string, unknown>;
}

/** Stripe-like ids: a prefix and 24 alphanumerics. */
export const newStripeId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
export const unixNow = () => Math.floor(Date.now() / 1000);

export function createBook(db: Db) {
  return {
    async insert<T extends StripeJson>(data: T, priv: Record<string, unknown> = {}): Promise<T> {
      const customer = typeof data.customer === 'string' ? data.customer : data.object === 'customer' ? data.id : null;
      await db.insert(stripeSandboxObjects).values({ id: data.id, object: data.object, customer, data, private: priv });
      return data;
    },

    async get<T extends StripeJson>(id: string, object: string): Promise<Stored<T> | null> {
      const [row] = await db
        .select()
        .from(stripeSandboxObjects)
        .where(and(eq(stripeSandboxObjects.id, id), eq(stripeSandboxObjects.object, object)))
        .limit(1);
      return row ? { data: row.data as T, private: row.private } : null;
    },

    /**
     * Writes a new version of an object only if it still is what `expected` says (its status, or any
     * field compared as text): of two racing changes one wins, the other gets false.
     */
    async replace(data: StripeJson, priv: Record<string, unknown>, expected: Record<string, string | null>): Promise<boolean> {
      const conditions = Object.entries(expected).map(([field, value]) =>
        value === null ? sql`${stripeSandboxObjects.data}->>${field} IS NULL` : sql`${stripeSandboxObjects.data}->>${field} = ${value}`,
      );
      const customer = typeof data.customer === 'string' ? data.customer : null;
      const rows = await db
        .update(stripeSandboxObjects)
        .set({ data, private: priv, customer })
        .where(and(eq(stripeSandboxObjects.id, data.id), ...conditions))
        .returning({ id: stripeSandboxObjects.id });
      return rows.length === 1;
    },

    async listForCustomer<T extends StripeJson>(customer: string, object: string, type?: string): Promise<T[]> {
      const rows = await db
        .select()
        .from(stripeSandboxObjects)
        .where(
          and(
            eq(stripeSandboxObjects.customer, customer),
            eq(stripeSandboxObjects.object, object),
            type ? sql`${stripeSandboxObjects.data}->>'type' = ${type}` : undefined,
          ),
        )
        .orderBy(desc(stripeSandboxObjects.createdAt))
        .limit(100);
      return rows.map((row) => row.data as T);
    },

    async paymentIntentsByMetadata(key: string, value: string): Promise<StripeJson[]> {
      const rows = await db
        .select()
        .from(stripeSandboxObjects)
        .where(and(eq(stripeSandboxObjects.object, 'payment_intent'), sql`${stripeSandboxObjects.data}->'metadata'->>${key} = ${value}`))
        .orderBy(desc(stripeSandboxObjects.createdAt))
        .limit(10);
      return rows.map((row) => row.data as StripeJson);
    },

    /** Claims an idempotency key: 'new' (go on), the answer kept for it, or 'busy' while the first request with it runs. */
    async claimKey(key: string, request: string): Promise<'new' | 'busy' | 'mismatch' | { status: number; body: string }> {
      const inserted = await db
        .insert(stripeSandboxIdempotency)
        .values({ key, request, status: 0, body: '' })
        .onConflictDoNothing()
        .returning({ key: stripeSandboxIdempotency.key });
      if (inserted.length) return 'new';
      const [kept] = await db.select().from(stripeSandboxIdempotency).where(eq(stripeSandboxIdempotency.key, key)).limit(1);
      if (!kept) return 'busy';
      if (kept.request !== request) return 'mismatch';
      return kept.status === 0 ? 'busy' : { status: kept.status, body: kept.body };
    },
    async keepAnswer(key: string, status: number, body: string): Promise<void> {
      await db.update(stripeSandboxIdempotency).set({ status, body }).where(eq(stripeSandboxIdempotency.key, key));
    },
    async releaseKey(key: string): Promise<void> {
      await db.delete(stripeSandboxIdempotency).where(eq(stripeSandboxIdempotency.key, key));
    },
  };
}

export type Book = ReturnType<typeof createBook>;
