import { CARD_ROUTE_KINDS } from '@store/shared';
import type { PaymentMethodEntry } from './types.ts';

/**
 * The ways to pay the pay page (/add-card/:orderId?) offers, in the order it lists them (issue 24): one
 * card form first, whichever provider the store routes cards to, then the other ways. The page shows an
 * entry when the server allows one of its method kinds. The entries marked `manageOnly` appear only
 * without an order, where a shopper manages what each provider has saved.
 */
export const PAYMENT_METHODS: readonly PaymentMethodEntry[] = [
  {
    id: 'card',
    label: 'Card',
    allowedBy: [...CARD_ROUTE_KINDS, 'saved_card'],
    settlesAs: 'card',
    load: () => import('./RoutedCardMethod.tsx'),
    // The saved cards of every provider, then the routed provider's form.
    fillsIn: true,
    manageLoad: () => import('./CardMethod.tsx'),
    manageAllowedBy: ['card', 'saved_card'],
  },
  {
    id: 'bank-account',
    label: 'Bank account (ACH)',
    allowedBy: ['bank_account'],
    settlesAs: 'bank',
    load: () => import('./BankAccountMethod.tsx'),
  },
  { id: 'cash-app', label: 'Cash App Pay', allowedBy: ['cash_app'], load: () => import('./CashAppMethod.tsx') },
  {
    id: 'embedded-checkout',
    label: 'Crypto wallet (USDC)',
    allowedBy: ['embedded_checkout'],
    load: () => import('./EmbeddedCheckoutMethod.tsx'),
  },
  {
    id: 'cashier',
    label: 'Card via secure checkout page',
    allowedBy: ['cashier'],
    settlesAs: 'card',
    manageOnly: true,
    load: () => import('./CashierMethod.tsx'),
  },
  {
    id: 'stripe-card',
    label: 'Card (Stripe)',
    allowedBy: ['stripe_card'],
    settlesAs: 'card',
    manageOnly: true,
    load: () => import('./StripeCardMethod.tsx'),
  },
  {
    id: 'square-card',
    label: 'Card (Square)',
    allowedBy: ['square_card'],
    settlesAs: 'card',
    manageOnly: true,
    load: () => import('./SquareCardMethod.tsx'),
  },
];
