// Nuvei's user payment options (UPOs): a card or bank account Nuvei keeps for one user_token_id (our
// user id) and answers a userPaymentOptionId for. Two clients save them, the ACH client's bank accounts
// (addUPOAPM, ADR 011) and the cashier's cards (saved on Nuvei's Payment Page, ADR 014), and both
// forget one the same way, with deleteUPO: written once here. The call has a timeout; it carries no
// card or bank number, only the option's id.
import { randomUUID } from 'node:crypto';
import { nuveiTimeStamp, sha256Hex } from './checksum.ts';
import { nuveiPoster } from './http.ts';

/** The merchant account a UPO call is made for, and where Nuvei's REST API is. */
export interface NuveiUpoAccount {
  /** e.g. https://ppp-test.nuvei.com/ppp/api/v1 */
  baseUrl: string;
  merchantId: string;
  merchantSiteId: string;
  secretKey: string;
  fetch?: typeof fetch;
  /** A call that takes longer is abandoned (the caller reports the provider as not answering). */
  timeoutMs?: number;
}

export class NuveiUpoError extends Error {}

/** deleteUPO's checksum: SHA-256 hex of these fields in Nuvei's documented order, the secret key last. */
export const deleteUpoChecksum = (
  p: {
    merchantId: string;
    merchantSiteId: string;
    userTokenId: string;
    clientRequestId: string;
    userPaymentOptionId: string;
    timeStamp: string;
  },
  secret: string,
) => sha256Hex(p.merchantId + p.merchantSiteId + p.userTokenId + p.clientRequestId + p.userPaymentOptionId + p.timeStamp + secret);

/**
 * Nuvei forgets the user's payment option: its pages and its API no longer offer it. Throws
 * NuveiUpoError when Nuvei refuses or does not answer in time, so the caller can decide what the
 * shopper is told.
 */
export async function deleteUpo(account: NuveiUpoAccount, req: { userTokenId: string; userPaymentOptionId: string }): Promise<void> {
  const p = {
    merchantId: account.merchantId,
    merchantSiteId: account.merchantSiteId,
    userTokenId: req.userTokenId,
    clientRequestId: randomUUID(),
    userPaymentOptionId: req.userPaymentOptionId,
    timeStamp: nuveiTimeStamp(),
  };
  const post = nuveiPoster(account, (message) => new NuveiUpoError(message));
  const json = await post<{ status?: string; errCode?: number; reason?: string }>('deleteUPO', {
    ...p,
    checksum: deleteUpoChecksum(p, account.secretKey),
  });
  if (json.status !== 'SUCCESS') throw new NuveiUpoError(`Nuvei deleteUPO failed: ${json.errCode ?? ''} ${json.reason ?? ''}`.trim());
}
