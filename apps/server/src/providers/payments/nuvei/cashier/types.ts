// What a cashier provider adds to the payment provider interface (ADR 014): the cards a shopper saved
// on its hosted page are kept by the provider for the shopper (Nuvei's UPOs of a user_token_id) and
// offered on the next page, so forgetting one is the provider's work too, not only our list's.
import type { PaymentProvider } from '@store/server-kit';

export interface CashierProvider extends PaymentProvider {
  /** The provider forgets a card saved on its page (Nuvei's deleteUPO), so its page offers it no more. Throws when it could not. */
  removeSavedCard(request: { userId: string; userPaymentOptionId: string }): Promise<void>;
}

export function isCashierProvider(provider: PaymentProvider | undefined): provider is CashierProvider {
  return !!provider && typeof (provider as Partial<CashierProvider>).removeSavedCard === 'function';
}
