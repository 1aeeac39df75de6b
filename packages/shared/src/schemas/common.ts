import { z } from 'zod';

/** Failure envelope of every API error (DESIGN §1). `field` names the offending input when there is one. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Success envelope: `{ success: true, data, ...extra }`. */
export function okEnvelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const idParam = z.strictObject({ id: z.string().min(1).max(64) });

/** Integer cents / coins: never floats. */
export const cents = z.number().int().nonnegative();
export const coins = z.number().int();
