// A shopper's saved Stripe methods as the store shows them: a card by brand, last four digits and
// expiry, a Cash App account by its cashtag. Stripe's other PaymentMethod types are not offered, so
// they read as nothing and never reach the shopper's list.
import type Stripe from 'stripe';

/** A saved Stripe method as the shopper recognises it. */
export type StripeSavedMethod =
  | { kind: 'card'; userPaymentOptionId: string; brand: string; last4: string; expMonth: number; expYear: number }
  | { kind: 'cashapp'; userPaymentOptionId: string; cashtag: string };

/** Stripe's PaymentMethod as the shopper's list shows it; null for kinds the store does not offer. */
export function savedMethodOf(pm: Stripe.PaymentMethod): StripeSavedMethod | null {
  if (pm.type === 'card' && pm.card)
    return {
      kind: 'card',
      userPaymentOptionId: pm.id,
      brand: pm.card.brand,
      last4: pm.card.last4,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
    };
  if (pm.type === 'cashapp') return { kind: 'cashapp', userPaymentOptionId: pm.id, cashtag: pm.cashapp?.cashtag ?? 'Cash App' };
  return null;
}
