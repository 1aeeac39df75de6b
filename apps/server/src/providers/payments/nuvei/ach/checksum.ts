// Checksums of Nuvei's user-payment-option calls (REST API v1): SHA-256 hex of the listed fields in
// Nuvei's documented order, the secret key last, as nuvei/checksum.ts does for the payment calls.
import { sha256Hex } from '../checksum.ts';

/** addUPOAPM: an alternative payment method (here apmgw_ACH) saved for a user. */
export const addUpoApmChecksum = (
  p: {
    merchantId: string;
    merchantSiteId: string;
    clientRequestId: string;
    userTokenId: string;
    paymentMethodName: string;
    timeStamp: string;
  },
  secret: string,
) => sha256Hex(p.merchantId + p.merchantSiteId + p.clientRequestId + p.userTokenId + p.paymentMethodName + p.timeStamp + secret);

/** deleteUPO: shared with the cashier's cards (../upo.ts). */
export { deleteUpoChecksum } from '../upo.ts';
