// Each shopper's customer at a payment provider (provider_customers, 0036, ADR 036): one a shopper and
// provider, and a provider's customer belongs to one shopper. Every provider with customers (Stripe,
// Square) keeps them here through these functions; none keeps its own table.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providerCustomers } from '../../db/schema.ts';

/** The shopper's customer id at the provider, or null when none was created yet. */
export async function findProviderCustomer(db: Db, provider: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: providerCustomers.customerId })
    .from(providerCustomers)
    .where(and(eq(providerCustomers.provider, provider), eq(providerCustomers.userId, userId)))
    .limit(1);
  return row?.customerId ?? null;
}

/**
 * The shopper's customer at the provider, created on first use. `create` asks the provider for one (with an
 * idempotency key of the shopper's, so two first payments at once get the same customer there). Two saves at
 * once keep one row: the first insert wins (ON CONFLICT DO NOTHING on the shopper's key), and both callers
 * answer with the customer that row holds.
 */
export async function findOrCreateProviderCustomer(
  db: Db,
  provider: string,
  userId: string,
  create: () => Promise<string>,
): Promise<string> {
  const known = await findProviderCustomer(db, provider, userId);
  if (known) return known;
  const customerId = await create();
  await db.insert(providerCustomers).values({ provider, userId, customerId }).onConflictDoNothing();
  const kept = await findProviderCustomer(db, provider, userId);
  // Only when the provider's customer id is already another shopper's (UNIQUE (provider, customer_id)).
  if (!kept) throw new Error(`The ${provider} customer ${customerId} belongs to another shopper.`);
  return kept;
}
