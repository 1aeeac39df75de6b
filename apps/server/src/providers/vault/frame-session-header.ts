// Apart from frame-session.ts (which signs with node:crypto), so the card frames' browser script can import it.

/** The header the frames send the nonce in (checked before the body is read). */
export const FRAME_SESSION_HEADER = 'x-vault-session';
