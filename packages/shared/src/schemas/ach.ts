// Bank account payments (ACH) through the card provider (SPEC §7 Payments, issue 9, ADR 011): linking a
// bank account, paying an order from it, and the order's ACH status.
import { z } from 'zod';

const id = z.string().min(1).max(64);

/** A linked bank account as the shopper sees it (SPEC §3 userSavedCardsACH: keyed by userPaymentOptionId). */
export const savedBankAccount = z.object({
  userPaymentOptionId: z.string(),
  bankName: z.string(),
  last4: z.string(),
  accountType: z.enum(['checking', 'savings']),
});
export type SavedBankAccount = z.infer<typeof savedBankAccount>;

/** POST v1/nuvei/add_bank: opens the bank-linking page; with orderId it comes back to that order's pay page. */
/** The pages other than an order's pay page the bank-linking page may come back to (issue 24: cash-out links its own). */
export const BANK_LINK_RETURNS = ['cash-out'] as const;
export type BankLinkReturn = (typeof BANK_LINK_RETURNS)[number];
export const addBankBody = z
  .strictObject({
    orderId: id.optional(),
    /** Where the shopper comes back to once linked, with ?bankLink=; an orderId's pay page when absent. */
    returnTo: z.enum(BANK_LINK_RETURNS).optional(),
  })
  .refine((body) => !(body.orderId && body.returnTo), {
    message: 'An order comes back to its pay page: give orderId or returnTo, not both.',
    path: ['returnTo'],
  });
export const bankLinkData = z.object({
  /** What POST v1/checkout/saved-bank reads the linked account by once the shopper is back. */
  linkId: z.string(),
  /** The bank-linking page to send the shopper to. */
  url: z.string(),
});
export type BankLinkData = z.infer<typeof bankLinkData>;
export const addBankResponse = z.object({ success: z.literal(true), data: bankLinkData });

/** POST v1/checkout/saved-bank: the account a finished link added, saved for the shopper. */
export const savedBankBody = z.strictObject({ linkId: id });
export const savedBankResponse = z.object({ success: z.literal(true), data: savedBankAccount });

/** GET v1/nuvei/banks: the shopper's linked bank accounts, newest first. */
export const bankAccountsResponse = z.object({ success: z.literal(true), data: z.object({ bankAccounts: z.array(savedBankAccount) }) });
export const deleteBankResponse = z.object({ success: z.literal(true) });

/**
 * POST v1/nuvei/payment/ach, two actions: with userPaymentOptionId, pay the order from that saved bank
 * account (the debit is 'processing' until the bank settles it); without it, open the bank-linking page,
 * and the order is paid from the new account as soon as it is linked.
 */
export const achPaymentBody = z.strictObject({ orderId: id, userPaymentOptionId: id.optional() });
export type AchPaymentBody = z.infer<typeof achPaymentBody>;
export const achPaymentData = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pay'), status: z.enum(['processing', 'settled']), transactionId: z.string(), orderId: z.string() }),
  z.object({ action: z.literal('link'), linkId: z.string(), url: z.string(), orderId: z.string() }),
]);
export type AchPaymentData = z.infer<typeof achPaymentData>;
export const achPaymentResponse = z.object({ success: z.literal(true), data: achPaymentData });

/**
 * Where an order's bank payment stands: none (not paid by bank account), processing (debited, not
 * settled), settled (coins credited), failed (the bank refused it before settlement; nothing credited),
 * returned (the bank took the money back after settlement; the coins were taken back), refunded (the
 * store gave the money back: the order could not take it).
 */
export const achStatus = z.enum(['none', 'processing', 'settled', 'failed', 'returned', 'refunded']);
export type AchStatus = z.infer<typeof achStatus>;
export const achStatusData = z.object({
  orderId: z.string(),
  status: achStatus,
  /** The NACHA return code (R01 insufficient funds, ...) of a failed or returned debit. */
  returnCode: z.string().nullable(),
  reason: z.string().nullable(),
  transactionId: z.string().nullable(),
});
export type AchStatusData = z.infer<typeof achStatusData>;
export const achStatusResponse = z.object({ success: z.literal(true), data: achStatusData });

/** A bank debit the bank refused before it settled (the order fails; nothing was credited). */
export const BANK_PAYMENT_FAILED_MESSAGE = 'Your bank did not pay this order, so nothing was charged.';
/** The order's failure reason once its settled bank payment was returned and its coins taken back. */
export const BANK_PAYMENT_RETURNED_MESSAGE = 'Your bank returned this payment, so its coins were taken back.';
/** A shopper whose bank payment was returned pays by bank account no more (403). */
export const ACCOUNT_FLAGGED_MESSAGE =
  'Bank account payments are no longer available on this account because a bank payment was returned. Please pay another way.';
