// Test helpers for the cart and coupon API tests: shoppers are inserted directly with a live session
// (sign-up itself is covered by the auth tests, and argon2 per shopper would only slow these down).
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AddressJson } from '../../src/db/schema.ts';
import { sessions, users } from '../../src/db/schema.ts';
import type { Db } from '../../src/db/client.ts';
import { hashToken, newId, newSecretToken } from '../../src/lib/ids.ts';

export interface Shopper {
  id: string;
  token: string;
}

export async function createShopper(db: Db, opts: { state?: string } = {}): Promise<Shopper> {
  const id = newId();
  const token = newSecretToken();
  const address: AddressJson | null = opts.state
    ? { street: '1 Test Way', city: 'Testville', state: opts.state, zipCode: '00000', country: 'US' }
    : null;
  await db.insert(users).values({
    id,
    email: `shopper-${id}@example.com`,
    passwordHash: 'not-a-real-hash',
    firstname: 'Test',
    lastname: 'Shopper',
    emailVerifiedAt: new Date(),
    // A signed-up shopper: the sign-up form confirmed being 18 or older.
    adultConfirmedAt: new Date(),
    address,
  });
  await db.insert(sessions).values({ id: newId(), userId: id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { id, token };
}

/** app.inject as the shopper (x-auth-token). */
export function as(app: FastifyInstance, shopper: Shopper, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), 'x-auth-token': shopper.token } });
}

// Starter catalogue ids (modules/catalog/starter-catalog.ts).
export const STARTER_POUCH = '10000000-0000-4000-8000-000000000001'; // $4.99, 500 coins, no bonus
export const LUCKY_HANDFUL = '10000000-0000-4000-8000-000000000002'; // $9.99, 1,000 coins, 5 %
export const LANTERN_BUNDLE_SOLD_OUT = '10000000-0000-4000-8000-000000000003';
export const DRAGONS_PURSE = '10000000-0000-4000-8000-000000000004'; // $19.99, 2,000 coins, +200 coins
export const JADE_GIFT_CARD = '20000000-0000-4000-8000-000000000001'; // $25.00, 2,500 coins
