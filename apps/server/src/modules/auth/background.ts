// The auth module's background work: the second half of forgot-password, after the answer was sent.
import { handleTopic } from '../../background/topics.ts';
import type { BackgroundWork } from '../../background/work.ts';
import { OUTBOX_TOPICS } from '@store/shared';
import { sendPasswordReset, sendSignInUnlock, type AuthMailDeps } from './service.ts';

export function authBackground(deps: AuthMailDeps): BackgroundWork {
  return {
    topics: [
      // A reset request names an address someone typed, perhaps nobody's: it is not kept once handled.
      handleTopic(OUTBOX_TOPICS.passwordReset, (payload) => sendPasswordReset(deps, payload), { forgetPayload: true }),
      // So does a sign-in delay's unlock mail (ADR 034).
      handleTopic(OUTBOX_TOPICS.signInUnlock, (payload) => sendSignInUnlock(deps, payload), { forgetPayload: true }),
    ],
  };
}
