// The auth module's background work: the second half of forgot-password, after the answer was sent.
import type { BackgroundWork } from '../../background/work.ts';
import { PASSWORD_RESET_TOPIC, sendPasswordReset, type AuthDeps } from './service.ts';

export function authBackground(deps: Omit<AuthDeps, 'outbox' | 'live'>): BackgroundWork {
  return {
    topics: {
      // A reset request names an address someone typed, perhaps nobody's: it is not kept once handled.
      [PASSWORD_RESET_TOPIC]: { handle: (payload) => sendPasswordReset(deps, payload), forgetPayload: true },
    },
  };
}
