import { US_STATES, type GetUserResponse } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findProfileWithKycAndCoins, saveProfileState } from './repository.ts';

/** GET v1/getuser: profile with wallet balances, the verification record, and the US states list. */
export async function getUser(db: Db, userId: string): Promise<GetUserResponse> {
  const row = await findProfileWithKycAndCoins(db, userId);
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
      coins: { purchasedWallet: Number(row.purchasedWallet), winWallet: Number(row.winWallet), stackingWallet: Number(row.stackingWallet) },
      address: row.address ?? null,
      userip: row.lastIp,
    },
    jumio: row.hasKyc ? { attempts: row.kycAttempts, decision: row.kycDecision, status: row.kycStatus } : null,
    states: US_STATES as GetUserResponse['states'],
  };
}

/**
 * Demo mode only (routes.ts): sets the state of the signed-in shopper's profile address, so a tester can
 * see the store as a shopper from a state purchases are not allowed from. The store has no profile
 * editor; addresses come from elsewhere in production.
 */
export async function setProfileState(db: Db, userId: string, state: string): Promise<void> {
  await saveProfileState(db, userId, state);
}
