// The payer of a request as Nuvei would receive it (billingAddress, deviceDetails.ipAddress), for the
// sandbox's checks of what Nuvei requires (../../sandbox/checksum-rules.ts, ADR 039). Written here, not
// taken from the client, so a client that drops a field is caught.
import type { Payer } from '@store/server-kit';

export const nuveiPayerFields = (payer: Payer | undefined): Record<string, unknown> => ({
  billingAddress: payer && { firstName: payer.firstName, lastName: payer.lastName, email: payer.email, country: payer.country },
  deviceDetails: { ipAddress: payer?.ipAddress },
});
