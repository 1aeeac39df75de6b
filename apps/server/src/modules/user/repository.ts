import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { kycRecords, ledgerEntries, userAvatars, users, type AddressJson } from '../../db/schema.ts';

const walletSum = (wallet: 'purchasedWallet' | 'winWallet' | 'stackingWallet') =>
  sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries}
    where ${ledgerEntries.userId} = ${users.id} and ${ledgerEntries.wallet} = ${wallet})`;

/**
 * The profile, its verification record and the three wallet balances in one round trip: getuser is
 * called on every page load, and on the embedded database each query costs about a millisecond.
 */
export async function findProfileWithKycAndCoins(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      image: users.image,
      address: users.address,
      lastIp: users.lastIp,
      adultConfirmedAt: users.adultConfirmedAt,
      kycAttempts: kycRecords.attempts,
      kycDecision: kycRecords.decision,
      kycStatus: kycRecords.status,
      hasKyc: kycRecords.userId,
      purchasedWallet: walletSum('purchasedWallet'),
      winWallet: walletSum('winWallet'),
      stackingWallet: walletSum('stackingWallet'),
    })
    .from(users)
    .leftJoin(kycRecords, eq(kycRecords.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The shopper's name as their account has it ('' for no such user): what a card provider takes as the holder's. */
export async function findAccountName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? `${row.firstname} ${row.lastname}`.trim() : '';
}

/**
 * The shopper's e-mail, names and billing address as their profile has them, each trimmed ('' where empty):
 * what a checkout may prefill (the embedded checkout's email and customerInfo, issue 23).
 */
export async function findBillingDetails(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstname: users.firstname, lastname: users.lastname, address: users.address })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const address = row.address;
  return {
    email: row.email.trim(),
    firstName: row.firstname.trim(),
    lastName: row.lastname.trim(),
    street: address?.street?.trim() ?? '',
    city: address?.city?.trim() ?? '',
    state: address?.state?.trim() ?? '',
    zip: address?.zipCode?.trim() ?? '',
    country: address?.country?.trim().toUpperCase() ?? '',
  };
}

/** A profile field a payment provider needs and the profile lacks: its name as PUT v1/user/profile has it. */
export type MissingPayerField = 'address.country' | 'firstname' | 'lastname' | 'email' | 'ipAddress';

/**
 * The payer as a payment provider asks for them (Nuvei's billingAddress and deviceDetails.ipAddress,
 * ADR 039): names, e-mail and country from the profile, the IP address of the request being served or
 * else the one the shopper last signed in from. `missing` names the first field the profile lacks.
 */
export async function findPayer(
  db: Db,
  userId: string,
  requestIp?: string,
): Promise<
  | {
      payer: {
        email: string;
        firstName: string;
        lastName: string;
        country: string;
        ipAddress: string;
        address?: string;
        city?: string;
        zip?: string;
      };
    }
  | { missing: MissingPayerField }
> {
  const [row] = await db
    .select({ firstname: users.firstname, lastname: users.lastname, email: users.email, address: users.address, lastIp: users.lastIp })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const country = row?.address?.country?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(country)) return { missing: 'address.country' };
  if (!row!.firstname.trim()) return { missing: 'firstname' };
  if (!row!.lastname.trim()) return { missing: 'lastname' };
  if (!row!.email.trim()) return { missing: 'email' };
  const ipAddress = requestIp || row!.lastIp || '';
  if (!ipAddress) return { missing: 'ipAddress' };
  // The rest of the billing address where the profile has it: the issuer checks the ZIP against the card's (AVS).
  const street = row!.address?.street?.trim();
  const city = row!.address?.city?.trim();
  const zip = row!.address?.zipCode?.trim();
  return {
    payer: {
      email: row!.email.trim(),
      firstName: row!.firstname.trim(),
      lastName: row!.lastname.trim(),
      country,
      ipAddress,
      ...(street ? { address: street } : {}),
      ...(city ? { city } : {}),
      ...(zip ? { zip } : {}),
    },
  };
}

/**
 * Puts the billing ZIP or postcode the pay page's card form was given on the profile address (a profile
 * without an address gets one with only the ZIP): the card's billing address is the profile's. One UPDATE.
 */
export async function saveProfileZip(db: Db, userId: string, zipCode: string): Promise<void> {
  const empty = JSON.stringify({ street: '', city: '', state: '', zipCode: '', country: '' });
  await db
    .update(users)
    .set({ address: sql`jsonb_set(coalesce(${users.address}, ${empty}::jsonb), '{zipCode}', to_jsonb(${zipCode}::text))` })
    .where(eq(users.id, userId));
}

/**
 * Puts the billing country on the profile address (a profile without an address gets one with only the
 * country): what the pay page asks a shopper without one before a card payment (ADR 037). One UPDATE.
 */
export async function saveProfileCountry(db: Db, userId: string, country: string): Promise<void> {
  const empty = JSON.stringify({ street: '', city: '', state: '', zipCode: '', country: '' });
  await db
    .update(users)
    .set({ address: sql`jsonb_set(coalesce(${users.address}, ${empty}::jsonb), '{country}', to_jsonb(${country}::text))` })
    .where(eq(users.id, userId));
}

/** The state of the shopper's address, upper case (cart charges tax by it), or null without one. */
export async function findTaxState(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ address: users.address }).from(users).where(eq(users.id, userId)).limit(1);
  const state = row?.address?.state?.trim().toUpperCase();
  return state ? state : null;
}

/**
 * The US state of the shopper's profile address: where they buy and cash out from, which the state
 * whitelist judges. Null without an address or a state, and for an address outside the US: a Canadian
 * province is no US state, and the whitelist must not refuse it as an unknown one (countries are the
 * country restriction's business).
 */
export async function findProfileState(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ address: users.address }).from(users).where(eq(users.id, userId)).limit(1);
  const address = row?.address;
  if (!address?.state) return null;
  return !address.country || address.country.toUpperCase() === 'US' ? address.state : null;
}

/**
 * Puts `state` on the profile address (a profile without an address gets one with only the state and
 * country filled): the demo door's work (routes.ts). One UPDATE, so nothing else on the address is lost.
 */
export async function saveProfileState(db: Db, userId: string, state: string): Promise<void> {
  const empty = JSON.stringify({ street: '', city: '', state: '', zipCode: '', country: 'US' });
  await db
    .update(users)
    .set({ address: sql`jsonb_set(coalesce(${users.address}, ${empty}::jsonb), '{state}', to_jsonb(${state}::text))` })
    .where(eq(users.id, userId));
}

/** PUT v1/user/profile: the names and the whole address, one UPDATE of the signed-in user's own row. */
export async function saveProfile(
  db: Db,
  userId: string,
  profile: { firstname: string; lastname: string; address: AddressJson },
): Promise<void> {
  await db.update(users).set(profile).where(eq(users.id, userId));
}

/**
 * The user's picture replaced (or added) and users.image pointed at its URL, in one transaction: the
 * profile never names a picture that is not stored, nor keeps the URL of one replaced.
 */
export async function saveAvatar(
  db: Db,
  userId: string,
  avatar: Omit<typeof userAvatars.$inferInsert, 'userId' | 'createdAt'>,
  url: string,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId, ...avatar })
      .onConflictDoUpdate({ target: userAvatars.userId, set: { ...avatar, createdAt: sql`now()` } });
    await tx.update(users).set({ image: url }).where(eq(users.id, userId));
  });
}

/** The user's picture removed and users.image cleared (the header shows the default avatar again). */
export async function deleteAvatar(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
    await tx.update(users).set({ image: null }).where(eq(users.id, userId));
  });
}

/** A stored picture by the key in its URL, or null. */
export async function findAvatarByKey(db: Db, key: string) {
  const [row] = await db
    .select({ bytes: userAvatars.bytes, contentType: userAvatars.contentType })
    .from(userAvatars)
    .where(eq(userAvatars.key, key))
    .limit(1);
  return row ?? null;
}

/** Whether the account holder has confirmed being 18 or older (a password sign-up does on its form). */
export async function isAdultConfirmed(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.adultConfirmedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.at);
}

/** The account holder confirmed being 18 or older; the first confirmation's time is kept. */
export async function confirmAdult(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ adultConfirmedAt: sql`coalesce(${users.adultConfirmedAt}, now())` })
    .where(eq(users.id, userId));
}
