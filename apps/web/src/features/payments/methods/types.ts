import type { ComponentType } from 'react';
import type { PaymentMethodKind } from '@store/shared';

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
   * The call failed: the panel shows `message`; the shared handler (SPEC §8) has already run through
   * the API layer. `unconfirmed` is true when the answer was lost and the charge may have gone through.
   */
  onFailed?(message: string, unconfirmed?: boolean): void;
}

/** One way to pay on the pay page: shown when the server allows any of `allowedBy` for this shopper. */
export interface PaymentMethodEntry {
  /** Stable id of the panel (also the test id suffix: `method-${id}`). */
  id: string;
  /** The radio label the shopper chooses by. */
  label: string;
  /** The method kinds of GET v1/payment/allowed-providers that make it available (any one suffices). */
  allowedBy: readonly PaymentMethodKind[];
  /** Loaded when chosen, so a page pays only for the panel in use. */
  load: () => Promise<{ default: ComponentType<MethodPanelProps> }>;
}
