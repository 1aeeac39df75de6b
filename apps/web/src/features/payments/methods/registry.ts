import type { PaymentMethodEntry } from './types.ts';

/**
 * The ways to pay the pay page (/add-card/:orderId?) offers, in the order it lists them. Each provider's
 * panel adds one entry; the page shows an entry when the server allows one of its method kinds.
 */
export const PAYMENT_METHODS: readonly PaymentMethodEntry[] = [
  { id: 'card', label: 'Card', allowedBy: ['card', 'saved_card'], settlesAs: 'card', load: () => import('./CardMethod.tsx') },
  {
    id: 'cashier',
    label: 'Card via secure checkout page',
    allowedBy: ['cashier'],
    settlesAs: 'card',
    load: () => import('./CashierMethod.tsx'),
  },
  {
    id: 'bank-account',
    label: 'Bank account (ACH)',
    allowedBy: ['bank_account'],
    settlesAs: 'bank',
    load: () => import('./BankAccountMethod.tsx'),
  },
  {
    id: 'stripe-card',
    label: 'Card (Stripe)',
    allowedBy: ['stripe_card'],
    settlesAs: 'card',
    load: () => import('./StripeCardMethod.tsx'),
  },
  { id: 'cash-app', label: 'Cash App Pay', allowedBy: ['cash_app'], load: () => import('./CashAppMethod.tsx') },
  {
    id: 'square-card',
    label: 'Card (Square)',
    allowedBy: ['square_card'],
    settlesAs: 'card',
    load: () => import('./SquareCardMethod.tsx'),
  },
  {
    id: 'embedded-checkout',
    label: 'Pay with wallet or bank',
    allowedBy: ['embedded_checkout'],
    load: () => import('./EmbeddedCheckoutMethod.tsx'),
  },
];
