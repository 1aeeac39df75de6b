import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** 256 random bits, URL-safe: session tokens and e-mail links. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak gives no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
