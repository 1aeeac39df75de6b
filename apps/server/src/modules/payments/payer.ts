// The payer's details a provider asks with a payment (Nuvei's billingAddress and deviceDetails.ipAddress,
// ADR 039): from the shopper's profile and the request being served. A payment whose provider requires
// them asks requirePayer first, so a shopper whose profile lacks one gets a 422 naming the field before
// anything is written or sent.
import { AppError } from '../../lib/errors.ts';
import type { Payer } from '@store/server-kit';
import { findPayer, type MissingPayerField } from '../user/index.ts';
import type { PaymentsDeps } from './deps.ts';

export const PAYER_DETAILS_REQUIRED = 'PAYER_DETAILS_REQUIRED';

export const PAYER_MESSAGES: Record<MissingPayerField, string> = {
  'address.country': 'Add the country of your billing address to your profile first: the bank needs it.',
  firstname: 'Add your first name to your profile first: the bank needs it.',
  lastname: 'Add your last name to your profile first: the bank needs it.',
  email: 'Add your e-mail address to your profile first: the bank needs it.',
  ipAddress: 'We could not tell where you are paying from. Sign in again and retry.',
};

/** The payer, or undefined when the profile lacks something (a provider that needs them then refuses). */
export async function payerIfComplete(db: PaymentsDeps['db'], userId: string, requestIp?: string): Promise<Payer | undefined> {
  const found = await findPayer(db, userId, requestIp);
  return 'payer' in found ? found.payer : undefined;
}

/** The payer; 422 PAYER_DETAILS_REQUIRED naming the profile field that is missing. */
export async function requirePayer(
  db: PaymentsDeps['db'],
  userId: string,
  requestIp?: string,
  messages: Record<MissingPayerField, string> = PAYER_MESSAGES,
): Promise<Payer> {
  const found = await findPayer(db, userId, requestIp);
  if ('missing' in found) throw new AppError(422, PAYER_DETAILS_REQUIRED, messages[found.missing], found.missing);
  return found.payer;
}
