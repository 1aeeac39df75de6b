// The server's outbox topics (DESIGN §3: typed once here, never bare strings). Each names its payload's
// schema: the server writes a row only through enqueue(tx, topic, payload), which checks the payload, and
// its runner parses each row with the same schema before the topic's handler sees it.
import { z } from 'zod';
import { liveNoticeSchema } from './live.ts';

export interface Topic<Payload> {
  /** The outbox row's topic: 'live.wallet', 'mail.receipt', ... */
  readonly name: string;
  readonly schema: z.ZodType<Payload>;
}

/** The payload type of a topic. */
export type TopicPayload<T> = T extends Topic<infer Payload> ? Payload : never;

/** A topic and its payload's schema. */
export function defineTopic<Schema extends z.ZodType>(name: string, schema: Schema): Topic<z.infer<Schema>> {
  return { name, schema: schema as z.ZodType<z.infer<Schema>> };
}

const userNotice = z.object({ userId: z.string(), notice: liveNoticeSchema.optional() });

export const OUTBOX_TOPICS = {
  /** A password-reset request for an address someone typed, perhaps nobody's (auth). */
  passwordReset: defineTopic('mail.password-reset', z.object({ email: z.string() })),
  /** An account whose wrong passwords started a delay: its owner is mailed an unlock link (auth, ADR 034). */
  signInUnlock: defineTopic('mail.sign-in-unlock', z.object({ email: z.string() })),
  /** The receipt of a fulfilled order, to its buyer (fulfilment). */
  receipt: defineTopic('mail.receipt', z.object({ orderId: z.string() })),
  /** The cart badge's count, after a cart's purchase left it (fulfilment). */
  cartCount: defineTopic('live.cart', z.object({ userId: z.string() })),
  /** The shopper whose coins moved, and a toast for a change they did not just make (wallet). */
  wallet: defineTopic('live.wallet', userNotice),
  /** The shopper whose verification record changed, and a toast (kyc). */
  verification: defineTopic('live.kyc', userNotice),
  /** An order that changed state (checkout). */
  orderState: defineTopic('live.order', z.object({ orderId: z.string() })),
  /** A cash-out that was requested or changed state, and a toast (cashout). */
  cashout: defineTopic('live.cashout', z.object({ cashoutId: z.string(), notice: liveNoticeSchema.optional() })),
} as const;
