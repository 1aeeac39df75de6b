// The payer of a host payment, as the card provider (ADR 037) and the bank-account provider (ADR 039) must be
// told: from what the page sent with the payment (`email`, `customerInfo`, issue 23) over what the session
// knows (the customer's e-mail the merchant gave), and the request's address. What the page did not send
// stays a placeholder the providers accept: names 'Checkout customer', the store's market (US).
import type { CheckoutPayerRecord } from './tables.ts';
import type { Payer } from '@store/server-kit';
import type { PayerGiven } from './customer-info.ts';
import type { SessionRow } from './repository.ts';

const PLACEHOLDER_NAMES = { firstName: 'Checkout', lastName: 'customer' };

/** `name` as first and last: the last word is the last name; a single word is both (providers require both). */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0]!, lastName: words[0]! };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

export function hostPayer(session: Pick<SessionRow, 'customerEmail'>, given: PayerGiven, address: string | undefined): Payer {
  const info = given.customerInfo ?? {};
  const names =
    info.firstName && info.lastName
      ? { firstName: info.firstName, lastName: info.lastName }
      : info.name
        ? splitName(info.name)
        : PLACEHOLDER_NAMES;
  return {
    // What the shopper confirmed on the page first, then the merchant's customerInfo, then the session's.
    email: given.email ?? info.email ?? session.customerEmail,
    ...names,
    country: info.country ?? 'US',
    // The request's own address: it is where the payment comes from (customerInfo.ip is the merchant's claim).
    ipAddress: address ?? '0.0.0.0',
    ...(info.address ? { address: info.address } : {}),
    ...(info.city ? { city: info.city } : {}),
    ...(info.state ? { state: info.state } : {}),
    ...(info.zip ? { zip: info.zip } : {}),
    ...(info.dob ? { dateOfBirth: info.dob } : {}),
  };
}

/** The holder's name a provider is given (card holder, bank account holder): the payer's, else the e-mail as before. */
export const holderName = (payer: Payer) =>
  payer.firstName === PLACEHOLDER_NAMES.firstName && payer.lastName === PLACEHOLDER_NAMES.lastName
    ? payer.email
    : `${payer.firstName} ${payer.lastName}`;

/** The payer as kept with an attempt. */
export const payerRecord = (payer: Payer): CheckoutPayerRecord => ({ ...payer });
