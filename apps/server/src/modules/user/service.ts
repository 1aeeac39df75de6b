import { createHash } from 'node:crypto';
import { US_STATES, type GetUserResponse, type ProfileUpdate } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '@store/server-kit';
import { toAvatarImage } from './avatar-image.ts';
import { findProfile, saveNamesAndAddress } from '../auth/index.ts';
import { findVerificationRecord } from '../kyc/index.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { deleteAvatar, findAvatarByKey, saveAvatar, saveProfileState } from './repository.ts';

/**
 * GET v1/getuser: profile with wallet balances, the verification record, and the US states list. Each
 * from its owner (auth, the wallet, kyc), asked at once: on PostgreSQL the three queries run side by side.
 */
export async function getUser(db: Db, userId: string): Promise<GetUserResponse> {
  const [row, coins, jumio] = await Promise.all([findProfile(db, userId), getWalletCoins(db, userId), findVerificationRecord(db, userId)]);
  // The session was valid a moment ago; a user deleted since is simply signed out.
  if (!row) throw unauthorized('Your session has ended. Please sign in again.');
  return {
    success: true,
    data: {
      _id: row.id,
      role: row.role,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      image: row.image,
      coins,
      address: row.address ?? null,
      userip: row.lastIp,
      adultConfirmed: row.adultConfirmedAt !== null,
    },
    jumio,
    states: US_STATES as GetUserResponse['states'],
  };
}

/**
 * Demo mode only (routes.ts): sets the state of the signed-in shopper's profile address, so a tester can
 * see the store as a shopper from a state purchases are not allowed from, in one call (shoppers edit
 * their whole address with PUT v1/user/profile).
 */
export async function setProfileState(db: Db, userId: string, state: string): Promise<void> {
  await saveProfileState(db, userId, state);
}

/**
 * PUT v1/user/profile: the signed-in shopper's names and address (already validated and trimmed by the
 * route's schema). The state is not checked against anything here: the next payment or cash-out reads it
 * (findProfileState) and applies its own rules then; nothing done before is revisited.
 */
export async function updateProfile(db: Db, userId: string, profile: ProfileUpdate): Promise<GetUserResponse> {
  await saveNamesAndAddress(db, userId, profile);
  return getUser(db, userId);
}

/** Where a stored picture is served; `key` changes with the picture, so the URL may be cached for good. */
export const avatarUrl = (key: string) => `/api/v1/user/avatar/${key}.webp`;

/**
 * POST v1/user/avatar: the upload becomes a square WebP (avatar-image.ts), stored under a key hashed from
 * the owner and the bytes (two shoppers with the same picture get two keys; the user's id stays out of
 * the URL), and the profile's image points at it.
 */
export async function replaceAvatar(db: Db, userId: string, upload: Buffer): Promise<GetUserResponse> {
  const image = await toAvatarImage(upload);
  const key = createHash('sha256').update(userId).update('\u0000').update(image.bytes).digest('hex').slice(0, 32);
  await saveAvatar(
    db,
    userId,
    { key, contentType: image.contentType, bytes: image.bytes, width: image.width, height: image.height },
    avatarUrl(key),
  );
  return getUser(db, userId);
}

/** DELETE v1/user/avatar: back to the default avatar (nothing to delete is no error). */
export async function removeAvatar(db: Db, userId: string): Promise<GetUserResponse> {
  await deleteAvatar(db, userId);
  return getUser(db, userId);
}

/** GET v1/user/avatar/{key}.webp: the stored picture, or null. */
export async function findAvatar(db: Db, key: string) {
  return findAvatarByKey(db, key);
}
