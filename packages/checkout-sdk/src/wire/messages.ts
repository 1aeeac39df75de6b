/**
 * The frame messages as zod schemas: what the purchase-v2 page posts (it builds each message through these)
 * and what our SDK accepts (it reads `info` through these). The shapes are the published @coinflowlabs/react
 * SDK's (method + data on every message, info where there is one) with our own fields beside its own.
 */
import { z } from 'zod';
import {
  CHAINS,
  FRAME_METHODS,
  type AuthDeclinedInfo,
  type FrameMessage,
  type PostedFrameMessage,
  type SuccessInfo,
  heightChangeId,
} from '../protocol.ts';

/** The published SDK's `inputError` method: its onInputError gets the message's info. */
export const INPUT_ERROR_METHOD = 'inputError';

// Loose: fields the host adds beside these (what the merchant receives, ...) reach the merchant unchanged.
export const successInfoSchema = z.looseObject({
  paymentId: z.string().min(1),
  hash: z.string().min(1).optional(),
  sessionId: z.string().min(1),
  reference: z.string(),
  method: z.enum(['card', 'usdc', 'ach']),
  chain: z.enum(CHAINS).optional(),
  txId: z.string().min(1).optional(),
  amountCents: z.number().int().nonnegative(),
  currency: z.string().min(1),
}) satisfies z.ZodType<SuccessInfo>;

export const authDeclinedInfoSchema = z.looseObject({
  title: z.string().min(1),
  code: z.string().min(1),
  action: z.string(),
  message: z.string().min(1),
  total: z.string(),
  sessionId: z.string().min(1),
  reference: z.string(),
  reason: z.string(),
}) satisfies z.ZodType<AuthDeclinedInfo>;

/**
 * The success info as our SDK reads it: a page before issue 23 (read for one release) sent no paymentId; the
 * paymentId is the session id by definition, so it is filled from it.
 */
export const receivedSuccessInfoSchema = successInfoSchema
  .extend({ paymentId: z.string().min(1).optional() })
  .transform((info) => ({ ...info, paymentId: info.paymentId ?? info.sessionId }));

/**
 * The decline info as our SDK reads it: a page before issue 23 sent only code and reason (with the session's
 * ids); the published SDK's title, message, action and total are filled from them, or left empty.
 */
export const receivedAuthDeclinedInfoSchema = authDeclinedInfoSchema
  .extend({ title: z.string().optional(), action: z.string().optional(), message: z.string().optional(), total: z.string().optional() })
  .transform((info) => ({
    ...info,
    title: info.title || 'Payment declined',
    message: info.message || info.reason,
    action: info.action ?? '',
    total: info.total ?? '',
  }));

/**
 * `info` of `inputError`: the published SDK's InputErrorWalletCallInfo ({field, message}); here `field` names the
 * query parameter (or payment method) the page refused, and `message` says why, naming it too.
 */
export const inputErrorInfoSchema = z.object({
  field: z.string().min(1),
  message: z.string().min(1),
});
export type InputErrorInfo = z.infer<typeof inputErrorInfoSchema>;

const data = z.string();
const walletRequest = (method: string) => z.object({ method: z.literal(method), data: z.string().min(1) });

export const successMessageSchema = z.object({ method: z.literal(FRAME_METHODS.success), data, info: successInfoSchema });
export const authDeclinedMessageSchema = z.object({ method: z.literal(FRAME_METHODS.authDeclined), data, info: authDeclinedInfoSchema });
export const inputErrorMessageSchema = z.object({ method: z.literal(INPUT_ERROR_METHOD), data, info: inputErrorInfoSchema });
export const loadedMessageSchema = z.object({ method: z.literal(FRAME_METHODS.loaded), data });
export const heightChangeMessageSchema = z.object({
  method: z.string().refine((m) => heightChangeId(m) !== null, 'must be heightChange:{id}'),
  data: z.string().regex(/^\d+$/, 'must be a height in pixels'),
});
export const signMessageSchema = walletRequest(FRAME_METHODS.signMessage);
export const signTransactionSchema = walletRequest(FRAME_METHODS.signTransaction);
export const sendTransactionSchema = walletRequest(FRAME_METHODS.sendTransaction);

/** Every message the page posts. */
export const postedFrameMessageSchema = z.union([
  successMessageSchema,
  authDeclinedMessageSchema,
  inputErrorMessageSchema,
  loadedMessageSchema,
  signMessageSchema,
  signTransactionSchema,
  sendTransactionSchema,
  heightChangeMessageSchema,
]);
export type PostedMessage = z.infer<typeof postedFrameMessageSchema>;

/**
 * The message as the page posts it (JSON text), checked against its schema first: a message the published SDK
 * would drop (no data, a malformed info) throws here, in the page, instead of vanishing on the merchant's side.
 */
export function encodePostedMessage(message: PostedMessage): string {
  return JSON.stringify(postedFrameMessageSchema.parse(message) satisfies PostedFrameMessage);
}

/** The info of an accepted message, read with its schema: null when it is not of that shape. */
export function readInfo<T>(schema: z.ZodType<T, unknown>, message: FrameMessage): T | null {
  const parsed = schema.safeParse(message.info);
  return parsed.success ? parsed.data : null;
}
