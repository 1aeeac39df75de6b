// The profile's reads and changes. The account's row is auth's (issue 25): the profile columns are read
// and changed through auth's index (findProfile and its savers); this module owns the pictures
// (user_avatars) and what the columns mean to the store: the payer, the billing details, the tax state.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findProfile, saveAddressField, saveImageUrl } from '../auth/index.ts';
import { userAvatars } from './tables.ts';

/** What a profile without an address starts from when one field of it is saved. */
const NO_ADDRESS = { street: '', city: '', state: '', zipCode: '', country: '' };

/** The shopper's name as their account has it ('' for no such user): what a card provider takes as the holder's. */
export async function findAccountName(db: Db, userId: string): Promise<string> {
  const row = await findProfile(db, userId);
  return row ? `${row.firstname} ${row.lastname}`.trim() : '';
}

/**
 * The shopper's e-mail, names and billing address as their profile has them, each trimmed ('' where empty):
 * what a checkout may prefill (the embedded checkout's email and customerInfo, issue 23).
 */
export async function findBillingDetails(db: Db, userId: string) {
  const row = await findProfile(db, userId);
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
  const row = await findProfile(db, userId);
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
  await saveAddressField(db, userId, 'zipCode', zipCode, NO_ADDRESS);
}

/**
 * Puts the billing country on the profile address (a profile without an address gets one with only the
 * country): what the pay page asks a shopper without one before a card payment (ADR 037). One UPDATE.
 */
export async function saveProfileCountry(db: Db, userId: string, country: string): Promise<void> {
  await saveAddressField(db, userId, 'country', country, NO_ADDRESS);
}

/** The state of the shopper's address, upper case (cart charges tax by it), or null without one. */
export async function findTaxState(db: Db | Tx, userId: string): Promise<string | null> {
  const row = await findProfile(db, userId);
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
  const row = await findProfile(db, userId);
  const address = row?.address;
  if (!address?.state) return null;
  return !address.country || address.country.toUpperCase() === 'US' ? address.state : null;
}

/**
 * Puts `state` on the profile address (a profile without an address gets one with only the state and
 * country filled): the demo door's work (routes.ts). One UPDATE, so nothing else on the address is lost.
 */
export async function saveProfileState(db: Db, userId: string, state: string): Promise<void> {
  await saveAddressField(db, userId, 'state', state, { ...NO_ADDRESS, country: 'US' });
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
    await saveImageUrl(tx, userId, url);
  });
}

/** The user's picture removed and users.image cleared (the header shows the default avatar again). */
export async function deleteAvatar(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
    await saveImageUrl(tx, userId, null);
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
  return Boolean((await findProfile(db, userId))?.adultConfirmedAt);
}
