// The payer fields the bank-account provider requires (ADR 039) as the hosted checkout can give them. A host
// session knows only the customer's e-mail and the request's address: the names are placeholders and the
// country is the store's market (US). A session carrying the merchant's customerInfo (issue 23) will fill
// them for real.
import type { Payer } from '../payments/types.ts';
import type { SessionRow } from './repository.ts';

export function hostPayer(session: Pick<SessionRow, 'customerEmail'>, address: string | undefined): Payer {
  return { email: session.customerEmail, firstName: 'Checkout', lastName: 'customer', country: 'US', ipAddress: address ?? '0.0.0.0' };
}
