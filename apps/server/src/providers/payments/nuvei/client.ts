// The real Nuvei REST client (API v1 over fetch) as a payment provider (ADR 009): start is
// initPayment (the 3-D Secure fingerprint: its methodUrl/methodPayload go to the browser), confirm is
// payment with the 3-D Secure data (version as initPayment said, notificationURL = the store's own
// challenge-return page, merchantURL, the browser's details), completeChallenge is the final payment with
// relatedTransactionId after the issuer's challenge (ADR 037), plus a zero-amount card verification,
// refundTransaction, getTransactionDetails (lookup) and DMN checksum checks. getSessionToken precedes
// each payment call. Every card call carries the payer's billingAddress (names, e-mail, country) and
// deviceDetails.ipAddress, which Nuvei requires.
// Cards are typed into our vault's hosted fields, so the calls that carry a card (initPayment, payment,
// the verification) go through the vault's relay (ADR 010): this file writes Nuvei's raw-card shape
// with placeholders, and the vault fills in the number, expiry and CVV and sends it. The card number
// never passes through here. The other calls are plain fetches. Every payment request carries our
// payment id as clientUniqueId, which is what a later lookup asks by.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { placeholder } from '../../vault/placeholders.ts';
import { isCardDataUnavailable } from '../../vault/relay-error.ts';
import type { RelayRequest, RelayResponse } from '../../vault/relay.ts';
import type {
  CaptureRequest,
  CardVerifyingProvider,
  DeclineCode,
  Declined,
  LookupOutcome,
  NotificationInput,
  PaymentNotification,
  PaymentOutcome,
  PaymentRequest,
  PaymentSource,
  ProviderCard,
  ThreeDsChallengePreference,
} from '@store/server-kit';
import { cardSourceOf, vaultTokenOf } from '@store/server-kit';
import {
  centsFromNuveiAmount,
  notificationChecksum,
  nuveiAmount,
  nuveiTimeStamp,
  paymentChecksum,
  refundChecksum,
  sessionTokenChecksum,
  settleChecksum,
  transactionDetailsChecksum,
} from './checksum.ts';
import { CHARGE_TRANSACTION_TYPES, NUVEI_CARD_METHODS, NUVEI_WEBHOOK, nuveiChallengeReturnUrl } from './transactions.ts';
import { nuveiPoster } from './http.ts';

export interface NuveiOptions {
  /** e.g. https://ppp-test.nuvei.com/ppp/api/v1 */
  baseUrl: string;
  merchantId: string;
  merchantSiteId: string;
  secretKey: string;
  notificationUrl: string;
  /**
   * The store's 3-D Secure challenge-return page for a payment (threeD.notificationURL): the issuer's ACS
   * posts its answer (cres) there, and the store then sends the final payment (ADR 037). Not the DMN address.
   */
  challengeReturnUrl?: (paymentId: string) => string;
  /** The store's address, as 3-D Secure 2 asks for it (threeD.merchantURL); default: notificationUrl's origin. */
  merchantUrl?: string;
  fetch?: typeof fetch;
  /** A call that takes longer is abandoned (the payment is then reconciled by a lookup). */
  timeoutMs?: number;
  /** The card vault's relay: sends a card call, its placeholders filled in by the vault (ADR 010). */
  relay: (request: RelayRequest) => Promise<RelayResponse>;
}

interface NuveiCardInfo {
  ccCardNumber?: string;
  ccExpMonth?: string;
  ccExpYear?: string;
  cardBrand?: string;
  threeD?: {
    version?: string;
    v2supported?: string;
    methodUrl?: string;
    methodPayload?: string;
    acsUrl?: string;
    cReq?: string;
  };
}

interface NuveiResponse {
  status: 'SUCCESS' | 'ERROR';
  errCode?: number;
  reason?: string;
  sessionToken?: string;
  transactionId?: string;
  transactionStatus?: 'APPROVED' | 'DECLINED' | 'ERROR' | 'REDIRECT';
  gwErrorCode?: number;
  gwErrorReason?: string;
  paymentOption?: { userPaymentOptionId?: string; card?: NuveiCardInfo };
}

/** getTransactionDetails' answer: the transaction under transactionDetails. */
interface NuveiDetailsResponse extends Omit<NuveiResponse, 'transactionStatus'> {
  transactionDetails?: {
    transactionId?: string;
    transactionStatus?: string;
    transactionType?: string;
    processedAmount?: string;
    processedCurrency?: string;
    gwErrorReason?: string;
  };
}

/**
 * errCode of getTransactionDetails "No transaction details returned for the provided ID": nothing is
 * recorded under the id YET (a transaction may take a moment to be found), so it is no answer at all.
 */
const NO_TRANSACTION_DETAILS = 9146;

export class NuveiError extends Error {}

/**
 * The merchant's 3-D Secure challenge preference as v2AdditionalParams.challengePreference, in Nuvei's own
 * codes (its API reference: '01' challenge requested, '02' exemption requested, '03' no preference), which
 * are not EMV's threeDSRequestorChallengeInd. See ADR 037 for what of this could be checked.
 */
const CHALLENGE_PREFERENCE_CODES: Record<ThreeDsChallengePreference, string> = {
  Challenge: '01',
  Frictionless: '02',
  NoPreference: '03',
};

/** Nuvei's limits on the names and e-mail of billingAddress (its Java SDK's UserAddress). */
const FIRST_NAME_MAX = 30;
const LAST_NAME_MAX = 40;
const EMAIL_MAX = 100;
const ADDRESS_MAX = 60;
const CITY_MAX = 30;

/** Nuvei's limit on cardHolderName. */
const HOLDER_NAME_MAX = 70;

const declineCode = (reason: string | undefined): DeclineCode =>
  /insufficient/i.test(reason ?? '') ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED';

function cardFrom(res: Pick<NuveiResponse, 'paymentOption'>, vaultToken: string): ProviderCard | null {
  const upo = res.paymentOption?.userPaymentOptionId;
  const card = res.paymentOption?.card;
  if (!upo || !card) return null;
  return {
    userPaymentOptionId: String(upo),
    vaultToken,
    brand: card.cardBrand?.toLowerCase() ?? 'card',
    last4: (card.ccCardNumber ?? '').slice(-4),
    expMonth: Number(card.ccExpMonth ?? 0),
    expYear: 2000 + (Number(card.ccExpYear ?? 0) % 100),
  };
}

export function createNuveiClient(opts: NuveiOptions): CardVerifyingProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const merchant = { merchantId: opts.merchantId, merchantSiteId: opts.merchantSiteId };
  const post = nuveiPoster(opts, (message) => new NuveiError(message));
  // Without them configured, both are the store's own, found from where its DMNs go.
  const storeOrigin = URL.canParse(opts.notificationUrl) ? new URL(opts.notificationUrl).origin : '';
  const challengeReturnUrl = opts.challengeReturnUrl ?? ((paymentId: string) => nuveiChallengeReturnUrl(storeOrigin, paymentId));
  const merchantUrl = opts.merchantUrl ?? storeOrigin;

  /** A settle's or a void's body: the authorisation it acts on (relatedTransactionId), for the payment's amount. */
  const relatedToAuthorisation = (req: CaptureRequest) => ({
    ...merchant,
    clientRequestId: randomUUID(),
    clientUniqueId: req.paymentId,
    amount: nuveiAmount(req.amountCents),
    currency: req.currency,
    relatedTransactionId: req.transactionId,
    timeStamp: nuveiTimeStamp(),
  });

  /**
   * The approved settle of this capture's payment and amount, when the payment's latest transaction is one
   * (getTransactionDetails by clientUniqueId, our payment id, which only this authorisation and what relates to
   * it carry): its transaction id, else null. A void after it, or nothing recorded, is no settle.
   */
  async function earlierSettle(req: CaptureRequest): Promise<string | null> {
    const details = (await latestTransaction(req.paymentId))?.transactionDetails;
    if (details?.transactionType !== 'Settle' || details.transactionStatus !== 'APPROVED' || !details.transactionId) return null;
    const cents = details.processedAmount === undefined ? null : centsFromNuveiAmount(details.processedAmount);
    return cents === req.amountCents ? String(details.transactionId) : null;
  }

  /** The same POST through the vault, which fills in the card data its placeholders name. */
  async function postThroughVault<T>(method: string, body: Record<string, unknown>): Promise<T> {
    const res = await opts.relay({
      url: `${base}/${method}.do`,
      method: 'POST',
      body: JSON.stringify(body),
      timeoutMs: opts.timeoutMs,
    });
    if (res.status < 200 || res.status >= 300) throw new NuveiError(`Nuvei ${method} answered HTTP ${res.status}`);
    try {
      return JSON.parse(res.body) as T;
    } catch {
      throw new NuveiError(`Nuvei ${method} answered with something other than JSON`);
    }
  }

  async function call(method: string, body: Record<string, unknown>, send = post<NuveiResponse>): Promise<NuveiResponse> {
    const json = await send(method, body);
    if (json.status !== 'SUCCESS' && !json.transactionStatus)
      throw new NuveiError(`Nuvei ${method} failed: ${json.errCode} ${json.reason ?? ''}`.trim());
    return json;
  }

  /**
   * A call carrying a card, through the vault. Card data the vault does not hold (an unknown card
   * token, a CVV token unknown or expired) reached nobody: declined as Nuvei would, with no transaction.
   */
  async function cardCall(method: string, body: Record<string, unknown>): Promise<NuveiResponse | Declined> {
    try {
      return await call(method, body, postThroughVault<NuveiResponse>);
    } catch (err) {
      if (!isCardDataUnavailable(err)) throw err;
      const reason = err.code === 'CVV_UNAVAILABLE' ? 'CVV check failed' : 'Unknown card token';
      return { status: 'declined', transactionId: '', code: 'CARD_DECLINED', reason };
    }
  }

  /** getTransactionDetails by our payment id: the latest transaction Nuvei recorded under it; null when none is (yet). */
  async function latestTransaction(paymentId: string): Promise<NuveiDetailsResponse | null> {
    const p = { ...merchant, clientUniqueId: paymentId, timeStamp: nuveiTimeStamp() };
    const res = await post<NuveiDetailsResponse>('getTransactionDetails', {
      ...p,
      checksum: transactionDetailsChecksum(p, opts.secretKey),
    });
    if (res.status === 'SUCCESS') return res;
    if (res.errCode === NO_TRANSACTION_DETAILS) return null;
    throw new NuveiError(`Nuvei getTransactionDetails failed: ${res.errCode} ${res.reason ?? ''}`.trim());
  }

  /** The latest transaction Nuvei recorded under our payment id, read as what it did to the money. */
  async function lookup(paymentId: string): Promise<LookupOutcome> {
    const res = await latestTransaction(paymentId);
    if (!res) return { status: 'unknown' };
    const details = res.transactionDetails ?? {};
    const transactionId = String(details.transactionId ?? '');
    const type = details.transactionType ?? '';
    const status = details.transactionStatus;
    if (CHARGE_TRANSACTION_TYPES.includes(type)) {
      if (status === 'APPROVED') {
        const amountCents = details.processedAmount === undefined ? null : centsFromNuveiAmount(details.processedAmount);
        return {
          status: 'approved',
          transactionId,
          amountCents,
          currency: details.processedCurrency ?? null,
          card: cardFrom(res, ''),
        };
      }
      // An open challenge: the shopper may still answer it.
      if (status === 'REDIRECT' || status === 'PENDING') return { status: 'pending', transactionId };
      return { status: 'declined', transactionId, code: declineCode(details.gwErrorReason), reason: details.gwErrorReason ?? 'Declined' };
    }
    // The challenge step (Auth3D: the first payment that answered REDIRECT) takes no money; until it is
    // declined, the shopper may be at the bank, or the final payment still to come.
    if (type === 'Auth3D') {
      if (status === 'DECLINED' || status === 'ERROR')
        return {
          status: 'declined',
          transactionId,
          code: 'CARD_DECLINED',
          reason: details.gwErrorReason ?? '3-D Secure authentication failed',
        };
      return { status: 'pending', transactionId };
    }
    // The fingerprint alone took no money: the payment was never made.
    if (type === 'InitAuth3D') return { status: 'none' };
    if ((type === 'Credit' || type === 'Void') && status === 'APPROVED') return { status: 'refunded', transactionId };
    throw new NuveiError(`Nuvei getTransactionDetails: ${type || 'no'} transaction ${status ?? ''} left for a person to check`.trim());
  }

  async function sessionToken(): Promise<string> {
    const p = { ...merchant, clientRequestId: randomUUID(), timeStamp: nuveiTimeStamp() };
    const res = await call('getSessionToken', { ...p, checksum: sessionTokenChecksum(p, opts.secretKey) });
    if (!res.sessionToken) throw new NuveiError('Nuvei getSessionToken returned no token');
    return res.sessionToken;
  }

  /**
   * Nuvei's raw card, as placeholders the vault fills in: the card a vault token names (a fresh card's,
   * or the one a saved card was stored under) and the CVV of a CVV token, when there is one. The
   * holder's name is the shopper's: the hosted fields collect none. A saved card is paid as its card,
   * not by Nuvei's userPaymentOptionId: the vault holds it, and Nuvei answers with the same id for the
   * same shopper and card.
   */
  function paymentOption(
    req: { payerName: string; source: PaymentSource },
    threeD?: Record<string, unknown>,
    { authorises = true }: { authorises?: boolean } = {},
  ) {
    const source = cardSourceOf(req.source);
    const vaultToken = vaultTokenOf(source);
    // CVV: a CVV token's (a saved card's, held for 15 minutes, sent with every call); else a new card's
    // own, typed with it in the card frame, which the vault hands over once and then clears (ADR 038):
    // so it goes only with the call that authorises (payment), never with initPayment (the fingerprint).
    const cvv = source.cvvToken
      ? placeholder('cvv', source.cvvToken)
      : source.method === 'card' && authorises
        ? placeholder('card.cvv', vaultToken)
        : undefined;
    return {
      card: {
        cardNumber: placeholder('card.number', vaultToken),
        cardHolderName: req.payerName.trim().slice(0, HOLDER_NAME_MAX),
        expirationMonth: placeholder('card.expMonth', vaultToken),
        expirationYear: placeholder('card.expYear', vaultToken),
        ...(cvv ? { CVV: cvv } : {}),
        ...(threeD ? { threeD } : {}),
      },
    };
  }

  /**
   * The payer as Nuvei requires it on card calls: billingAddress (first and last name, e-mail, country)
   * and deviceDetails.ipAddress, from the shopper's profile and request (the payments core fills them).
   */
  function payerFields(req: Pick<PaymentRequest, 'payer'>) {
    const payer = req.payer;
    if (!payer) return {};
    const person = {
      firstName: payer.firstName.slice(0, FIRST_NAME_MAX),
      lastName: payer.lastName.slice(0, LAST_NAME_MAX),
      email: payer.email.slice(0, EMAIL_MAX),
      country: payer.country,
      // The rest of the address when the payer's data has it (the hosted checkout's customerInfo, issue 23).
      ...(payer.address ? { address: payer.address.slice(0, ADDRESS_MAX) } : {}),
      ...(payer.city ? { city: payer.city.slice(0, CITY_MAX) } : {}),
      ...(payer.state ? { state: payer.state } : {}),
      ...(payer.zip ? { zip: payer.zip } : {}),
    };
    return {
      billingAddress: person,
      // userDetails: the customer as a person (Nuvei's fraud screening reads it), with the birth date when known.
      userDetails: { ...person, ...(payer.dateOfBirth ? { dateOfBirth: payer.dateOfBirth } : {}) },
      ...(payer.ipAddress ? { deviceDetails: { ipAddress: payer.ipAddress } } : {}),
    };
  }

  /** A payment's answer (the first or the final one): approved with its card, a challenge, or declined. */
  function paymentOutcome(req: PaymentRequest, res: NuveiResponse, threeDVersion: string): PaymentOutcome {
    const transactionId = String(res.transactionId ?? '');
    if (res.transactionStatus === 'APPROVED') {
      const card = cardFrom(res, vaultTokenOf(cardSourceOf(req.source)));
      if (!card) throw new NuveiError('Nuvei approved a payment without card details');
      // A saved card paid again stays the entry the shopper chose, whatever id Nuvei reports for it.
      if (req.source.method === 'saved_card') card.userPaymentOptionId = req.source.userPaymentOptionId;
      return { status: 'approved', transactionId, ...(threeDVersion ? { threeDVersion } : {}), card };
    }
    const threeD = res.paymentOption?.card?.threeD;
    if (res.transactionStatus === 'REDIRECT' && threeD?.acsUrl) {
      // 3-D Secure 2: the browser POSTs cReq (as `creq`) to acsUrl; the issuer answers at notificationURL.
      return {
        status: 'action',
        transactionId,
        action: { kind: 'challenge', url: threeD.acsUrl, ...(threeD.cReq ? { creq: threeD.cReq } : {}) },
      };
    }
    return {
      status: 'declined',
      transactionId,
      code: declineCode(res.gwErrorReason),
      reason: res.gwErrorReason ?? res.reason ?? 'Declined',
    };
  }

  /** An authorisation without capture is transactionType Auth; a sale says nothing (the account's default, Sale). */
  const transactionType = (req: Pick<PaymentRequest, 'authOnly'>) => (req.authOnly ? { transactionType: 'Auth' } : {});

  async function signedPaymentBody(req: Pick<PaymentRequest, 'paymentId' | 'userId' | 'amountCents' | 'currency'>) {
    const p = {
      ...merchant,
      clientRequestId: randomUUID(),
      amount: nuveiAmount(req.amountCents),
      currency: req.currency,
      timeStamp: nuveiTimeStamp(),
    };
    return {
      sessionToken: await sessionToken(),
      ...p,
      clientUniqueId: req.paymentId,
      userTokenId: req.userId,
      checksum: paymentChecksum(p, opts.secretKey),
    };
  }

  return {
    name: 'nuvei',
    methods: NUVEI_CARD_METHODS,
    webhook: NUVEI_WEBHOOK,

    async start(req) {
      const res = await cardCall('initPayment', {
        ...(await signedPaymentBody(req)),
        paymentOption: paymentOption(req, undefined, { authorises: false }),
        ...payerFields(req),
        urlDetails: { notificationUrl: opts.notificationUrl },
      });
      if (res.status === 'declined') return res;
      const transactionId = String(res.transactionId ?? '');
      if (res.transactionStatus !== 'APPROVED') {
        return {
          status: 'declined',
          transactionId,
          code: declineCode(res.gwErrorReason),
          reason: res.gwErrorReason ?? res.reason ?? 'Declined',
        };
      }
      // initPayment only prepares 3-D Secure; the payment itself is the next step (confirm). The version is
      // the card's as Nuvei answered it, and only when the card supports 3-D Secure 2 (v2supported): no
      // version is made up. A methodUrl asks the browser to run the issuer's fingerprint page first.
      const threeD = res.paymentOption?.card?.threeD;
      const threeDVersion = threeD?.v2supported === 'true' && threeD.version ? threeD.version : '';
      return {
        status: 'action',
        transactionId,
        action: {
          kind: 'fingerprint',
          threeDVersion,
          ...(threeD?.methodUrl ? { methodUrl: threeD.methodUrl, methodPayload: threeD.methodPayload ?? '' } : {}),
        },
      };
    },

    async confirm(req): Promise<PaymentOutcome> {
      const threeDVersion = req.threeDVersion ?? '';
      // The challenge preference goes with this call, the 3-D Secure authentication (initPayment is only
      // the fingerprint); the issuer still decides whether to challenge.
      const threeD = {
        // 'Y' only when the browser ran the method page initPayment gave; 'U' when there was none.
        methodCompletionInd: req.methodCompletionInd ?? 'U',
        ...(threeDVersion ? { version: threeDVersion } : {}),
        notificationURL: req.challengeReturnUrl ?? challengeReturnUrl(req.paymentId),
        merchantURL: merchantUrl,
        // 02: a browser (01 would be an app's SDK).
        platformType: '02',
        ...(req.browser ? { browserDetails: { ...req.browser, ip: req.browser.ip || req.payer?.ipAddress || '' } } : {}),
        v2AdditionalParams: {
          challengeWindowSize: '05',
          ...(req.threeDsChallengePreference ? { challengePreference: CHALLENGE_PREFERENCE_CODES[req.threeDsChallengePreference] } : {}),
        },
      };
      const res = await cardCall('payment', {
        ...(await signedPaymentBody(req)),
        ...transactionType(req),
        relatedTransactionId: req.transactionId,
        paymentOption: paymentOption(req, threeD),
        ...payerFields(req),
        urlDetails: { notificationUrl: opts.notificationUrl },
      });
      if (res.status === 'declined') return res;
      return paymentOutcome(req, res, threeDVersion);
    },

    async completeChallenge(req): Promise<PaymentOutcome> {
      // The final payment after the issuer's challenge: relatedTransactionId is the transaction that
      // answered REDIRECT; Nuvei reads the challenge's result itself. No CVV: the vault let it go with the
      // first payment (ADR 010, 038), and this call authorises nothing new.
      const source = cardSourceOf(req.source);
      const withoutCvv = { ...req, source: { method: 'card' as const, cardToken: vaultTokenOf(source) } };
      const res = await cardCall('payment', {
        ...(await signedPaymentBody(req)),
        ...transactionType(req),
        relatedTransactionId: req.transactionId,
        paymentOption: paymentOption(withoutCvv, undefined, { authorises: false }),
        ...payerFields(req),
        urlDetails: { notificationUrl: opts.notificationUrl },
      });
      if (res.status === 'declined') return res;
      const outcome = paymentOutcome(req, res, req.threeDVersion ?? '');
      // A second challenge is not how the flow goes: whatever Nuvei meant, no money moved.
      if (outcome.status === 'action')
        return {
          status: 'declined',
          transactionId: outcome.transactionId,
          code: 'CARD_DECLINED',
          reason: '3-D Secure challenge not completed',
        };
      return outcome;
    },

    async verifyCard(req) {
      // Nuvei's zero-amount authorisation ("card verification"): a payment of 0.00 with
      // transactionType Auth; it is exempt from 3-D Secure and approves with the card's userPaymentOptionId.
      const res = await cardCall('payment', {
        ...(await signedPaymentBody({ paymentId: `verify-${randomUUID()}`, userId: req.userId, amountCents: 0, currency: 'USD' })),
        transactionType: 'Auth',
        paymentOption: paymentOption(req),
        ...payerFields(req),
        urlDetails: { notificationUrl: opts.notificationUrl },
      });
      if (res.status === 'declined') return res;
      const transactionId = String(res.transactionId ?? '');
      if (res.transactionStatus === 'APPROVED') {
        const card = cardFrom(res, req.source.cardToken);
        if (!card) throw new NuveiError('Nuvei approved a card verification without card details');
        return { status: 'approved', transactionId, card };
      }
      return {
        status: 'declined',
        transactionId,
        code: declineCode(res.gwErrorReason),
        reason: res.gwErrorReason ?? res.reason ?? 'Declined',
      };
    },

    async refund(req) {
      const p = {
        ...merchant,
        clientRequestId: randomUUID(),
        clientUniqueId: req.paymentId,
        amount: nuveiAmount(req.amountCents),
        currency: req.currency,
        relatedTransactionId: req.transactionId,
        timeStamp: nuveiTimeStamp(),
      };
      const res = await call('refundTransaction', { ...p, checksum: refundChecksum(p, opts.secretKey) });
      return res.transactionStatus === 'APPROVED'
        ? { status: 'refunded', transactionId: String(res.transactionId ?? '') }
        : { status: 'declined', transactionId: String(res.transactionId ?? ''), reason: res.gwErrorReason ?? res.reason };
    },

    async capture(req) {
      // settleTransaction of the approved authorisation (relatedTransactionId); signed as a refund is (settleChecksum).
      const p = relatedToAuthorisation(req);
      const res = await post<NuveiResponse>('settleTransaction', { ...p, checksum: settleChecksum(p, opts.secretKey) });
      if (res.status === 'SUCCESS' && res.transactionStatus === 'APPROVED')
        return { status: 'captured', transactionId: String(res.transactionId ?? '') };
      // Nuvei refuses a settle of an unknown, declined or already settled authorisation (ERROR or DECLINED).
      // Already settled may be our own earlier settle whose answer was lost (a timeout): then the payment's
      // latest transaction is that settle, and the capture the caller retries is done.
      const earlier = await earlierSettle(req);
      if (earlier) return { status: 'captured', transactionId: earlier };
      return { status: 'declined', reason: res.gwErrorReason ?? res.reason ?? 'The settle was declined' };
    },

    async voidAuthorization(req) {
      // voidTransaction of the approved authorisation (relatedTransactionId): its hold released; signed as a refund is.
      const p = relatedToAuthorisation(req);
      const res = await post<NuveiResponse>('voidTransaction', { ...p, checksum: refundChecksum(p, opts.secretKey) });
      if (res.status === 'SUCCESS' && res.transactionStatus === 'APPROVED')
        return { status: 'voided', transactionId: String(res.transactionId ?? '') };
      // Nuvei refuses a void of an unknown, settled or already voided authorisation (ERROR or DECLINED).
      return { status: 'declined', reason: res.gwErrorReason ?? res.reason ?? 'The void was declined' };
    },

    lookup: (req) => lookup(req.paymentId),

    verifyNotification({ body, query }: NotificationInput): PaymentNotification | null {
      // DMNs arrive as query parameters or a form body.
      const src = { ...(query && typeof query === 'object' ? query : {}), ...(body && typeof body === 'object' ? body : {}) } as Record<
        string,
        unknown
      >;
      const get = (k: string) => (typeof src[k] === 'string' ? (src[k] as string) : '');
      // A bank payment's DMN is the ACH client's (ADR 011): its returns mean something a card DMN does not.
      if (get('payment_method') === 'apmgw_ACH') return null;
      const given = get('advanceResponseChecksum');
      const expected = notificationChecksum(
        {
          totalAmount: get('totalAmount'),
          currency: get('currency'),
          responseTimeStamp: get('responseTimeStamp'),
          PPP_TransactionID: get('PPP_TransactionID'),
          Status: get('Status'),
          productId: get('productId'),
        },
        opts.secretKey,
      );
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
      const transactionId = get('TransactionID');
      const clientUniqueId = get('clientUniqueId') || get('merchant_unique_id');
      if (!transactionId || !clientUniqueId) return null;
      // What the DMN is about, so the handler can tell a charge of the right amount from a 3-D step.
      const event = get('transactionType');
      const facts = {
        transactionId,
        paymentId: clientUniqueId,
        event,
        charge: CHARGE_TRANSACTION_TYPES.includes(event),
        amountCents: centsFromNuveiAmount(get('totalAmount')),
        currency: get('currency'),
      };
      if (get('Status') === 'APPROVED') {
        const upo = get('userPaymentOptionId');
        const card: ProviderCard | null = upo
          ? {
              userPaymentOptionId: upo,
              vaultToken: '',
              brand: get('cardCompany').toLowerCase() || 'card',
              last4: get('cardNumber').slice(-4),
              expMonth: Number(get('expMonth')),
              expYear: 2000 + (Number(get('expYear')) % 100),
            }
          : null;
        return { ...facts, status: 'approved', card };
      }
      const reason = get('Reason') || get('ReasonCode') || 'Declined';
      return { ...facts, status: 'declined', code: declineCode(reason), reason };
    },
  };
}
