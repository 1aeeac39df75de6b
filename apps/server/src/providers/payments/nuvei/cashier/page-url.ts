// Nuvei's Payment Page (its "cashier", the classic hosted payment page at .../ppp/purchase.do): the
// merchant builds the URL itself and signs it; no server call precedes the shopper's visit. Nuvei's
// checksum is the SHA-256 hex of the secret key followed by every parameter's value, in the order the
// parameters appear in the URL (Nuvei's Payment Page integration guide, version 4.0.0).
import { nuveiAmount, sha256Hex } from '../checksum.ts';

export const CASHIER_PAGE_VERSION = '4.0.0';

export interface CashierPageInput {
  merchantId: string;
  merchantSiteId: string;
  /** Our payment id: Nuvei sends it back in its notification and looks the payment up by it. */
  paymentId: string;
  /** Our user id: the cards saved on the page belong to it. */
  userId: string;
  amountCents: number;
  currency: string;
  itemName: string;
  notifyUrl: string;
  successUrl: string;
  errorUrl: string;
  backUrl: string;
  now?: Date;
}

/** 'YYYY-MM-DD.HH:MM:SS' in UTC, the Payment Page's time_stamp. */
export const cashierTimeStamp = (date = new Date()) => date.toISOString().slice(0, 19).replace('T', '.');

/** The parameters in the order they are sent and signed. */
export function cashierPageParams(p: CashierPageInput): [string, string][] {
  const amount = nuveiAmount(p.amountCents);
  return [
    ['merchant_id', p.merchantId],
    ['merchant_site_id', p.merchantSiteId],
    ['total_amount', amount],
    ['currency', p.currency],
    ['user_token_id', p.userId],
    // Nuvei keeps the cards of user_token_id and offers them again; 'auto' lets the shopper save one.
    ['user_token', 'auto'],
    ['merchant_unique_id', p.paymentId],
    ['item_name_1', p.itemName],
    ['item_amount_1', amount],
    ['item_quantity_1', '1'],
    ['time_stamp', cashierTimeStamp(p.now)],
    ['version', CASHIER_PAGE_VERSION],
    ['notify_url', p.notifyUrl],
    ['success_url', p.successUrl],
    ['error_url', p.errorUrl],
    ['back_url', p.backUrl],
  ];
}

export const cashierChecksum = (params: [string, string][], secret: string) => sha256Hex(secret + params.map(([, v]) => v).join(''));

/** The signed URL of the Payment Page for one payment. */
export function cashierPageUrl(pageUrl: string, p: CashierPageInput, secret: string): string {
  const params = cashierPageParams(p);
  const url = new URL(pageUrl);
  for (const [k, v] of params) url.searchParams.append(k, v);
  url.searchParams.append('checksum', cashierChecksum(params, secret));
  return url.href;
}
