// The payer as Nuvei's /payment (a bank debit) and /payout take it: billingAddress and
// deviceDetails.ipAddress, which Nuvei requires for both (ADR 039).
import type { Payer } from '../../types.ts';

export const payerFields = (payer: Payer) => ({
  billingAddress: { firstName: payer.firstName, lastName: payer.lastName, email: payer.email, country: payer.country },
  deviceDetails: payer.ipAddress ? { ipAddress: payer.ipAddress } : {},
});
