// Response shapes of the auth routes that the shared contract does not already name.
import { z } from 'zod';
import { errorEnvelope } from '@store/shared';

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });

export const verifyEmailResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ email: z.string() }),
});

export const resetTokenParams = z.strictObject({ token: z.string().min(16).max(128) });
export const resetTokenResponse = z.object({ success: z.literal(true), data: z.object({ email: z.string() }) });

export const testAccountsResponse = z.object({
  success: z.literal(true),
  data: z.array(z.object({ email: z.string(), role: z.enum(['USER', 'ADMIN']), name: z.string() })),
});

/** Failure answers listed in the docs; all use the one failure envelope. */
export const failures = (...statuses: (400 | 401 | 403 | 404 | 429 | 503)[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorEnvelope])) as Record<number, typeof errorEnvelope>;
