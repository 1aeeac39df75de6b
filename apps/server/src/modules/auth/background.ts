// The auth module's background work: the second half of forgot-password, after the answer was sent.
import type { BackgroundWork } from '../../background/work.ts';
import { PASSWORD_RESET_TOPIC, sendPasswordReset, sendSignInUnlock, SIGN_IN_UNLOCK_TOPIC, type AuthMailDeps } from './service.ts';

export function authBackground(deps: AuthMailDeps): BackgroundWork {
  return {
    topics: {
      // A reset request names an address someone typed, perhaps nobody's: it is not kept once handled.
      [PASSWORD_RESET_TOPIC]: { handle: (payload) => sendPasswordReset(deps, payload), forgetPayload: true },
      // So does a sign-in delay's unlock mail (ADR 034).
      [SIGN_IN_UNLOCK_TOPIC]: { handle: (payload) => sendSignInUnlock(deps, payload), forgetPayload: true },
    },
  };
}
