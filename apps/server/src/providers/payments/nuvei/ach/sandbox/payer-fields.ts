// The payer of a request as Nuvei would receive it (billingAddress, deviceDetails.ipAddress), for the
// sandbox's checks of what Nuvei requires (../../sandbox/checksum-rules.ts, ADR 039). Written here, not
// taken from the client, so a client that drops a field is caught.
import type { PayerDetails } from '../../../types.ts';

export const nuveiPayerFields = (payer: Partial<PayerDetails> | undefined): Record<string, unknown> => ({
  billingAddress: payer?.billingAddress,
  deviceDetails: { ipAddress: payer?.ipAddress },
});
