import type { Handler } from './mock-api.ts';

// The store's answer to POST v1/vault/frame-session (ADR 032): the card frames' session for the shopper.
// Spread into a mockApi route table wherever a page mounts the vault's card frames.

export const TEST_FRAME_SESSION = 'fs1.test-session.signature';

export const frameSessionRoute = (): Record<string, Handler> => ({
  'POST v1/vault/frame-session': () => ({
    body: { success: true, data: { session: TEST_FRAME_SESSION, expiresAt: new Date(Date.now() + 5 * 60_000).toISOString() } },
  }),
});
