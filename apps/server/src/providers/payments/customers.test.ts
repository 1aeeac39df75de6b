// The shoppers' customers at the providers (provider_customers, ADR 036): one a shopper and provider, created
// once even when two first payments save at the same time, and a provider's customer is one shopper's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../../test/support/test-app.ts';
import { createShopper } from '../../../test/support/cart.ts';
import { migrateAll } from '../../migrations.ts';
import { providerCustomers } from '../../db/schema.ts';
import { findOrCreateProviderCustomer, findProviderCustomer } from './customers.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  await migrateAll(t.database);
});
afterAll(() => t.drop());

const db = () => t.database.db;
const rowsOf = (provider: string, userId: string) =>
  db()
    .select()
    .from(providerCustomers)
    .where(and(eq(providerCustomers.provider, provider), eq(providerCustomers.userId, userId)));

describe('provider customers', () => {
  it('creates the customer on first use and answers the same one afterwards, without asking the provider again', async () => {
    const s = await createShopper(db());
    expect(await findProviderCustomer(db(), 'stripe', s.id)).toBeNull();
    let created = 0;
    const create = async () => `cus_${++created}_${s.id}`;
    const first = await findOrCreateProviderCustomer(db(), 'stripe', s.id, create);
    expect(first).toBe(`cus_1_${s.id}`);
    expect(await findOrCreateProviderCustomer(db(), 'stripe', s.id, create)).toBe(first);
    expect(created).toBe(1);
    expect(await findProviderCustomer(db(), 'stripe', s.id)).toBe(first);
  });

  it('keeps one customer when saves race: every caller gets the row kept, even if the provider answered two ids', async () => {
    const s = await createShopper(db());
    const callers = 8;
    // Every caller is held at the provider until all have found no row and asked for a customer, so the
    // saves really meet; each creation answers its own id, as a provider without an idempotency key would.
    let arrived = 0;
    let allArrived!: () => void;
    const barrier = new Promise<void>((resolve) => (allArrived = resolve));
    const create = async () => {
      const mine = `sq_${++arrived}_${s.id}`;
      if (arrived === callers) allArrived();
      await barrier;
      return mine;
    };
    const answers = await Promise.all(Array.from({ length: callers }, () => findOrCreateProviderCustomer(db(), 'square', s.id, create)));
    expect(arrived).toBe(callers);
    const rows = await rowsOf('square', s.id);
    expect(rows).toHaveLength(1);
    expect(answers).toEqual(Array.from({ length: callers }, () => rows[0]!.customerId));
  });

  it('keeps a shopper apart at each provider', async () => {
    const s = await createShopper(db());
    const atStripe = await findOrCreateProviderCustomer(db(), 'stripe', s.id, async () => `cus_${s.id}`);
    const atSquare = await findOrCreateProviderCustomer(db(), 'square', s.id, async () => `sq_${s.id}`);
    expect([atStripe, atSquare]).toEqual([`cus_${s.id}`, `sq_${s.id}`]);
    expect(await findProviderCustomer(db(), 'stripe', s.id)).toBe(`cus_${s.id}`);
    expect(await findProviderCustomer(db(), 'square', s.id)).toBe(`sq_${s.id}`);
  });

  it("refuses a provider's customer that is already another shopper's, and records nothing for the second", async () => {
    const a = await createShopper(db());
    const b = await createShopper(db());
    await findOrCreateProviderCustomer(db(), 'stripe', a.id, async () => `cus_shared_${a.id}`);
    await expect(findOrCreateProviderCustomer(db(), 'stripe', b.id, async () => `cus_shared_${a.id}`)).rejects.toThrow(/another shopper/);
    expect(await rowsOf('stripe', b.id)).toEqual([]);
  });
});
