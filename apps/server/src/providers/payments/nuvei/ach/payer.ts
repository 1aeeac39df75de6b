// The payer as Nuvei's /payment (a bank debit) and /payout take it: billingAddress and
// deviceDetails.ipAddress, which Nuvei requires for both (ADR 039).
import type { PayerDetails } from '../../types.ts';

export const payerFields = (payer: PayerDetails) => ({
  billingAddress: { ...payer.billingAddress },
  deviceDetails: { ipAddress: payer.ipAddress },
});
