// The payer as Nuvei's /payment (a bank debit) and /payout take it: billingAddress and
// deviceDetails.ipAddress, which Nuvei requires for both (ADR 039); the rest of the address when the
// payer's data has it (the hosted checkout's customerInfo, issue 23).
import type { Payer } from '@store/server-kit';

export const payerFields = (payer: Payer) => ({
  billingAddress: {
    firstName: payer.firstName,
    lastName: payer.lastName,
    email: payer.email,
    country: payer.country,
    ...(payer.address ? { address: payer.address } : {}),
    ...(payer.city ? { city: payer.city } : {}),
    ...(payer.state ? { state: payer.state } : {}),
    ...(payer.zip ? { zip: payer.zip } : {}),
  },
  deviceDetails: payer.ipAddress ? { ipAddress: payer.ipAddress } : {},
});
