import type { ComponentType } from 'react';
import type { ErrorCode, PaymentMethodKind } from '@store/shared';
import type { ProcessingVia } from '@store/shared';

/**
 * What the pay page gives the panel of one way to pay (issue 9). With an orderId the panel pays that
 * order; without one (/add-card) it manages the shopper's saved methods of its kind: list, add, delete
 * with a confirmation.
 */
export interface MethodPanelProps {
  orderId?: string;
  /**
   * The order's payment is done as far as the page is concerned: 'paid' (approved) or 'processing'
   * (taken, the money not settled yet, as a bank payment). The page goes to /payment-success.
   */
  onPaid(orderId: string, state: 'paid' | 'processing'): void;
  /**
   * The call failed: the panel shows `message` (readApiFailure / failureText of lib/api-failure.ts).
   * SPEC §8 "the error callback, then the shared handler": lib/api.ts runs the shared handler of a
   * payment call (v1/nuvei/…, v1/payment/…) one task after the failed call returns, so call this in
   * your catch before any other await. `unconfirmed` is true when the answer was lost and the charge
   * may have gone through. `code` is the failure envelope's code: for a refusal (PAYMENT_REFUSAL_CODES:
   * the shopper's state or this method is not allowed) the page shows the server's message above the
   * methods and asks again what is allowed, so the panel need not show it too.
   */
  onFailed?(message: string, unconfirmed?: boolean, code?: ErrorCode): void;
  /** The ZIP or postcode of the shopper's profile address, to prefill a card form's billing ZIP. */
  billingZip?: string;
  /**
   * Set by the pay page's one list of saved cards of every provider (RoutedCardMethod, issue 24): the saved
   * card of this panel's provider to pay with, or null for a new card. The panel then lists no cards itself.
   */
  chosenCard?: string | null;
  /**
   * Given to a panel whose entry `fillsIn`: call it once the panel shows its first whole content (its lists
   * answered, its form's code in). The pay page shows the other ways to pay under the panel from then on, so
   * they do not move under the shopper's pointer while the panel fills in.
   */
  onFilledIn?(): void;
}

/** 403 codes of a payment the server will not take from this shopper (apps/server/src/modules/payments/allowed.ts). */
export const PAYMENT_REFUSAL_CODES: readonly ErrorCode[] = ['STATE_NOT_ALLOWED', 'PAYMENT_METHOD_NOT_ALLOWED'];

/** One way to pay on the pay page: shown when the server allows any of `allowedBy` for this shopper. */
export interface PaymentMethodEntry {
  /** Stable id of the panel (also the test id suffix: `method-${id}`). */
  id: string;
  /** The radio label the shopper chooses by. */
  label: string;
  /** The method kinds of GET v1/payment/allowed-providers that make it available (any one suffices). */
  allowedBy: readonly PaymentMethodKind[];
  /** What a payment of this panel still settling is, so the success page's copy names it (none: neither). */
  settlesAs?: ProcessingVia;
  /** Loaded when chosen, so a page pays only for the panel in use. */
  load: () => Promise<{ default: ComponentType<MethodPanelProps> }>;
  /** The panel fills in after its code is in (lists, a nested form) and says when it is done (`onFilledIn`). */
  fillsIn?: boolean;
  /** Shown only without an order (managing saved methods): a provider's own cards, which the pay page's one card form routes to. */
  manageOnly?: boolean;
  /** Without an order: this panel instead of `load`'s, shown when one of `manageAllowedBy` is allowed. */
  manageLoad?: () => Promise<{ default: ComponentType<MethodPanelProps> }>;
  manageAllowedBy?: readonly PaymentMethodKind[];
}
