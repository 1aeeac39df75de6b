// The profile columns of an account, for the user module (issue 25: the users table is auth's). Auth keeps
// the row; the user module gives it meaning (the payer a provider asks for, the tax state, the demo door)
// and asks here for the columns and their changes, never reading or writing the table itself.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users, type AddressJson } from './tables.ts';

export type { AddressJson };

/** An account's profile as the user module reads it: no password hash, no sign-in state. */
export type AccountProfile = Pick<
  typeof users.$inferSelect,
  'id' | 'role' | 'email' | 'firstname' | 'lastname' | 'image' | 'address' | 'lastIp' | 'adultConfirmedAt'
>;

const profileColumns = {
  id: users.id,
  role: users.role,
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  image: users.image,
  address: users.address,
  lastIp: users.lastIp,
  adultConfirmedAt: users.adultConfirmedAt,
};

/** The account's profile, or undefined when there is none; inside `tx` when given one. */
export async function findProfile(db: Db | Tx, userId: string): Promise<AccountProfile | undefined> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The names and the whole address, one UPDATE of the account's row. */
export async function saveNamesAndAddress(
  db: Db,
  userId: string,
  profile: { firstname: string; lastname: string; address: AddressJson },
): Promise<void> {
  await db.update(users).set(profile).where(eq(users.id, userId));
}

/**
 * One field of the address set, in one UPDATE so nothing else on it is lost; an account without an
 * address gets `blank` with that field filled.
 */
export async function saveAddressField(
  db: Db,
  userId: string,
  field: 'zipCode' | 'country' | 'state',
  value: string,
  blank: AddressJson,
): Promise<void> {
  await db
    .update(users)
    .set({
      address: sql`jsonb_set(coalesce(${users.address}, ${JSON.stringify(blank)}::jsonb), ${`{${field}}`}::text[], to_jsonb(${value}::text))`,
    })
    .where(eq(users.id, userId));
}

/** The picture's URL the profile shows (null: the default avatar), in the caller's transaction with the picture itself. */
export async function saveImageUrl(tx: Tx, userId: string, url: string | null): Promise<void> {
  await tx.update(users).set({ image: url }).where(eq(users.id, userId));
}

/** The account holder confirmed being 18 or older; the first confirmation's time is kept. */
export async function confirmAdultAge(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ adultConfirmedAt: sql`coalesce(${users.adultConfirmedAt}, now())` })
    .where(eq(users.id, userId));
}
