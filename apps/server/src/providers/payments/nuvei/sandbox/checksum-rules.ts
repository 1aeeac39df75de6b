// Nuvei's checksum rules and error answers as the Nuvei sandboxes and the test fakes of Nuvei check
// them (ADR 039). Written from the orders Nuvei publishes, independently of the client's checksum.ts
// (never imported here): a sandbox that computed the expected checksum with the code under test would
// accept whatever that code gets wrong. Each order names its source:
//   SDK-node  Nuvei's Node SDK, npm `safecharge` 1.0.1, lib/safecharge.js (a dev dependency: the tests
//             compare these rules with it, test/support/safecharge-oracle.ts)
//   SDK-java  github.com/Nuvei/nuvei-server-java 1.7.12, util/ChecksumUtils.java (requestChecksumOrder)
//   SDK-php   github.com/Nuvei/nuvei-server-php, src/Nuvei/Api/Service/** ($checksumParametersOrder)
//             and Utils::calculateChecksum / arrayToString
// A checksum is the SHA-256 hex of the listed fields' values concatenated, absent ones counting as
// nothing, then the merchant's secret key (SDK-node _calculateChecksum, SDK-php calculateChecksum).
import { createHash, timingSafeEqual } from 'node:crypto';

type Body = Record<string, unknown>;

/** merchantId, merchantSiteId, clientRequestId, amount, currency, timeStamp: SDK-node, SDK-java API_GENERIC_CHECKSUM_MAPPING. */
const GENERIC = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'];
/** refundTransaction and voidTransaction: SDK-node, SDK-java REFUND_GW_TRANSACTION / VOID_GW_TRANSACTION. */
const MONEY_BACK = [
  'merchantId',
  'merchantSiteId',
  'clientRequestId',
  'clientUniqueId',
  'amount',
  'currency',
  'relatedTransactionId',
  'authCode',
  'comment',
  'urlDetails',
  'timeStamp',
];
/** deleteUPO (and suspend/enable): SDK-node deleteUPO, SDK-java DELETE_UPO, SDK-php UserPaymentOptions::deleteUPO. */
const UPO = ['merchantId', 'merchantSiteId', 'userTokenId', 'clientRequestId', 'userPaymentOptionId', 'timeStamp'];

/** The fields each REST API v1 call signs, in order (the secret key follows them). */
export const NUVEI_CHECKSUM_FIELDS: Record<string, readonly string[]> = {
  // SDK-node getSessionToken: merchantId + merchantSiteId + clientRequestId + timeStamp.
  getSessionToken: ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'],
  openOrder: GENERIC,
  initPayment: GENERIC,
  payment: GENERIC,
  // SDK-java PayoutRequest (API_GENERIC_CHECKSUM_MAPPING), SDK-php Payments/Payout::payout; SDK-node leaves
  // payout unimplemented.
  payout: GENERIC,
  // SDK-node settleTransaction: a refund's order with the descriptor fields after authCode.
  settleTransaction: [
    'merchantId',
    'merchantSiteId',
    'clientRequestId',
    'clientUniqueId',
    'amount',
    'currency',
    'relatedTransactionId',
    'authCode',
    'descriptorMerchantName',
    'descriptorMerchantPhone',
    'comment',
    'urlDetails',
    'timeStamp',
  ],
  refundTransaction: MONEY_BACK,
  voidTransaction: MONEY_BACK,
  deleteUPO: UPO,
  // SDK-java ADD_CASHIER_APM and SDK-php UserPaymentOptions::addUPOAPM (SDK-node has none): the user before
  // the request id, then the method, apmData's values and billingAddress's values.
  addUPOAPM: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'clientRequestId',
    'paymentMethodName',
    'apmData',
    'billingAddress',
    'timeStamp',
  ],
  // No SDK has it; Nuvei's REST API v1 reference lists merchantId, merchantSiteId, transactionId,
  // clientUniqueId, timeStamp (ADR 039: not confirmed against an SDK).
  getTransactionDetails: ['merchantId', 'merchantSiteId', 'transactionId', 'clientUniqueId', 'timeStamp'],
};

/** SDK-java URL_DETAILS_CHECKSUM_MAPPING; SDK-node reads notificationUrl alone, which agrees when only it is sent. */
const URL_DETAILS = ['successUrl', 'failureUrl', 'pendingUrl', 'notificationUrl'];

/**
 * A field's share of the string. A nested object (apmData, billingAddress) gives its values in the order
 * the request carries them, as SDK-php's arrayToString does and SDK-java's map iteration does (the same
 * order it serialises them in); urlDetails its URLs in SDK-java's order.
 */
function valueOf(field: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field === 'urlDetails' && typeof value === 'object') return URL_DETAILS.map((k) => valueOf(k, (value as Body)[k])).join('');
  if (typeof value === 'object')
    return Object.values(value as Body)
      .map((v) => valueOf('', v))
      .join('');
  return String(value);
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** The checksum Nuvei expects for a request body of this method; null for a method without a rule here. */
export function expectedChecksum(method: string, body: Body, secretKey: string): string | null {
  const fields = NUVEI_CHECKSUM_FIELDS[method];
  if (!fields) return null;
  return sha256(fields.map((f) => valueOf(f, body[f])).join('') + secretKey);
}

function sameHex(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** Whether the body's checksum is the one Nuvei expects. */
export const checksumMatches = (method: string, body: Body, secretKey: string) => {
  const expected = expectedChecksum(method, body, secretKey);
  return expected !== null && sameHex(body.checksum, expected);
};

/**
 * A DMN's advanceResponseChecksum: SHA-256 hex of the secret key, then totalAmount, currency,
 * responseTimeStamp, PPP_TransactionID, Status and productId (Nuvei's "Payment DMNs" page,
 * docs.nuvei.com/documentation/integration/webhooks/payment-dmns; Nuvei's own PrestaShop module,
 * github.com/SafeChargeInternational/safecharge_prestashop, checkAdvancedCheckSum). What a sandbox signs
 * its DMNs with and what a test builds a DMN with.
 */
export const dmnChecksum = (
  dmn: {
    totalAmount?: string;
    currency?: string;
    responseTimeStamp?: string;
    PPP_TransactionID?: string;
    Status?: string;
    productId?: string;
  },
  secretKey: string,
) =>
  sha256(
    secretKey +
      (dmn.totalAmount ?? '') +
      (dmn.currency ?? '') +
      (dmn.responseTimeStamp ?? '') +
      (dmn.PPP_TransactionID ?? '') +
      (dmn.Status ?? '') +
      (dmn.productId ?? ''),
  );

/**
 * The Payment Page (cashier) URL's checksum: SHA-256 hex of the secret key followed by every parameter's
 * value in the order the URL carries them, the checksum itself left out (Nuvei's Payment Page integration
 * guide, "Checksum"; ADR 014, ADR 039).
 */
export function paymentPageChecksumMatches(url: URL, secretKey: string): boolean {
  const values: string[] = [];
  let given: string | null = null;
  for (const [k, v] of url.searchParams) {
    if (k === 'checksum') given = v;
    else values.push(v);
  }
  return sameHex(given, sha256(secretKey + values.join('')));
}

/** A refusal as Nuvei's REST API answers it: HTTP 200, status ERROR, errCode and reason. */
export interface NuveiErrorAnswer {
  status: 'ERROR';
  errCode: number;
  reason: string;
}

/**
 * Nuvei's API error codes the sandboxes answer with (Nuvei's "Error Handling" list of API errors, as
 * republished e.g. at docs.paylands.com/docs/integrations/payment-service-nuvei): the codes are Nuvei's;
 * a reason naming the missing field is ours (ADR 039).
 */
export const NUVEI_ERROR = {
  checksum: { errCode: 1001, reason: 'Invalid checksum' },
  userToken: { errCode: 1010, reason: 'Invalid user token' },
  upo: { errCode: 1011, reason: 'Missing or invalid UserPaymentOption data' },
  merchantId: { errCode: 1013, reason: 'Invalid merchant ID' },
  country: { errCode: 1014, reason: 'Invalid country code' },
  validation: { errCode: 1019, reason: 'Validation Error' },
  merchantSiteId: { errCode: 1022, reason: 'Invalid merchant site ID' },
} as const;

export const nuveiError = (e: { errCode: number; reason: string }, detail?: string): NuveiErrorAnswer => ({
  status: 'ERROR',
  errCode: e.errCode,
  reason: detail ? `${e.reason}: ${detail}` : e.reason,
});

/** The merchant and the checksum, as Nuvei checks them before anything else; null when both are right. */
export function checkSigned(
  method: string,
  body: Body,
  account: { merchantId: string; merchantSiteId: string; secretKey: string },
): NuveiErrorAnswer | null {
  if (String(body.merchantId ?? '') !== account.merchantId) return nuveiError(NUVEI_ERROR.merchantId);
  if (String(body.merchantSiteId ?? '') !== account.merchantSiteId) return nuveiError(NUVEI_ERROR.merchantSiteId);
  if (!checksumMatches(method, body, account.secretKey)) return nuveiError(NUVEI_ERROR.checksum);
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The payer fields Nuvei's clients send as required with a bank debit (payment with an apmgw_ACH UPO)
 * and a payout: deviceDetails.ipAddress and billingAddress country, email, firstName and lastName.
 * Sources (ADR 039): Nuvei's ACH guide (docs.nuvei.com/documentation/us-and-canada-guides/ach, "ACH only
 * supports US-based IPs"); its bank-transfer guides (…/instant-bank-transfer, …/eft-payments) listing
 * deviceDetails.ipAddress and billingAddress as mandatory in /payment; Zuora's Nuvei gateway guide
 * recording Nuvei's word that email, IP address, country and, with UPOs, billing first and last name are
 * mandatory. Null when all are there.
 */
export function missingPayerField(body: Body): NuveiErrorAnswer | null {
  const device = (body.deviceDetails ?? {}) as Body;
  const billing = (body.billingAddress ?? {}) as Body;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  if (!text(device.ipAddress)) return nuveiError(NUVEI_ERROR.validation, 'deviceDetails.ipAddress is missing');
  if (!/^[A-Z]{2}$/.test(text(billing.country))) return nuveiError(NUVEI_ERROR.country, 'billingAddress.country');
  if (!EMAIL.test(text(billing.email))) return nuveiError(NUVEI_ERROR.validation, 'billingAddress.email is missing or invalid');
  if (!text(billing.firstName)) return nuveiError(NUVEI_ERROR.validation, 'billingAddress.firstName is missing');
  if (!text(billing.lastName)) return nuveiError(NUVEI_ERROR.validation, 'billingAddress.lastName is missing');
  return null;
}
