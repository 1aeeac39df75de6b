// What an ACH provider adds to the payment provider interface (ADR 011): bank accounts are linked with
// the provider (Nuvei's addUPOAPM for apmgw_ACH), which answers an id to pay with later (its
// userPaymentOptionId); the store keeps only that id, the bank's name and the last 4 digits.
import type { PaymentProvider } from './payment-provider.ts';

export type BankAccountType = 'checking' | 'savings';

/** The numbers the shopper typed on the bank-linking page; passed to the provider, never kept or logged. */
export interface BankAccountNumbers {
  routingNumber: string;
  accountNumber: string;
  accountType: BankAccountType;
}

export interface AddBankAccountRequest {
  userId: string;
  /** The account holder's name as the shopper's account has it. */
  payerName: string;
  account: BankAccountNumbers;
}

export type LinkedBankAccount = {
  status: 'linked';
  userPaymentOptionId: string;
  bankName: string;
  last4: string;
  accountType: BankAccountType;
};
export type BankAccountRefused = { status: 'refused'; reason: string };

/** A number the linking page lists for testing (the sandbox only). */
export interface TestBankAccount {
  label: string;
  routingNumber: string;
  accountNumber: string;
}

export interface BankAccountProvider extends PaymentProvider {
  addBankAccount(request: AddBankAccountRequest): Promise<LinkedBankAccount | BankAccountRefused>;
  /** The provider forgets the account (Nuvei's deleteUPO). */
  removeBankAccount(request: { userId: string; userPaymentOptionId: string }): Promise<void>;
  /** Test numbers the bank-linking page shows; only a sandbox has them. */
  readonly testAccounts?: readonly TestBankAccount[];
}

export function isBankAccountProvider(provider: PaymentProvider | undefined): provider is BankAccountProvider {
  return !!provider && typeof (provider as Partial<BankAccountProvider>).addBankAccount === 'function';
}

/** The ACH debit methods: a linked bank account. */
export const ACH_METHODS = ['bank_account'] as const;
