import { z } from 'zod';
import type { OrderStatus } from './checkout.ts';
import type { CashoutItem } from './cashout.ts';
import type { JumioRecord, WalletCoins } from './user.ts';

/** A toast the server asks the shopper's tabs to show (SPEC §9 toast rules). */
export const liveNoticeSchema = z.object({ type: z.enum(['success', 'error', 'warning', 'info']), content: z.string() });
export type LiveNotice = z.infer<typeof liveNoticeSchema>;

/**
 * Events the server sends on the live connection. Every stored event comes with its id as the second
 * argument (increasing per shopper; issue 10): the client keeps the last one it saw and names it when it
 * connects again (handshake auth.lastEventId), and the server first sends every later event, in order.
 */
export interface ServerToClientEvents {
  notification: (payload: LiveNotice, eventId: number) => void;
  walletUpdated: (payload: { coins: WalletCoins }, eventId: number) => void;
  cartUpdated: (payload: { itemCount: number }, eventId: number) => void;
  /** A cash-out of the shopper was requested or changed state (issue 10): the item as it is now. */
  cashoutUpdated: (payload: { item: CashoutItem }, eventId: number) => void;
  /** An order of the shopper changed state (paid, fulfilled, failed, refunded): pages showing it ask again. */
  orderUpdated: (payload: { orderId: string; status: OrderStatus }, eventId: number) => void;
  /** The shopper's identity verification record changed (SPEC §3 jumio; ADR 016): the badge and pages follow. */
  verificationUpdated: (payload: { jumio: JumioRecord }, eventId: number) => void;
  /**
   * Sent once per connection, after the events it missed: the id the connection is now at. A connection
   * that named no last id starts at the newest stored one (nothing is replayed) and learns it here.
   */
  liveSynced: (payload: { lastEventId: number }) => void;
}
export interface ClientToServerEvents {
  ping: (ack: (pong: 'pong') => void) => void;
}
