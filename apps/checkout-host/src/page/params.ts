// What the purchase-v2 page does with each query parameter (SPEC §2, and the published SDK's additions): read
// through the wire schemas (@store/checkout-sdk/wire), applied here where they are the page's business, handed
// to the host's API where they are the session's, and otherwise refused by name (the page shows the refusal and
// posts it as `inputError`; the payment goes on with what applies). Nothing is dropped without a word.
import {
  APPLIED_THEME_KEYS,
  KNOWN_PAYMENT_METHODS,
  parseCheckoutQuery,
  type CheckoutQuery,
  type CustomerInfo,
  type ParamProblem,
  type QueryParamName,
} from '@store/checkout-sdk/wire';

/** The payment methods this host offers (ACH only while the store has a bank-account provider). */
export const OFFERED_METHODS = ['card', 'ach', 'usdc'] as const;
export type OfferedMethod = (typeof OFFERED_METHODS)[number];

/** Parameters this page cannot apply whatever their value: why, naming each. */
const CANNOT_APPLY: Partial<Record<QueryParamName, string>> = {
  transaction: 'this checkout builds the USDC transfer itself; a transaction made by the merchant is not signed here',
  token: 'a subtotal priced in a token is not supported; the session’s amount is charged',
  bankAccountLinkRedirect: 'bank accounts are entered on this page; there is no bank-link redirect',
  additionalWallets: 'only the wallet given as pubkey pays here',
  chargebackProtectionData: 'this checkout has no chargeback-protection service, so the cart is not used',
  chargebackProtectionAccountType: 'this checkout has no chargeback-protection service',
  rent: 'this checkout does not pay Solana rent on the merchant’s behalf',
  nativeSolToConvert: 'this checkout does not convert SOL',
  planCode: 'subscriptions are not offered here',
  transactionSigner: 'this checkout builds and signs its own USDC transfer; another signer is not used',
  jwtToken: 'this checkout opens its session by sessionKey; a checkout JWT is not read',
  destinationAuthKey: 'payments go to the merchant’s settlement wallet; a destination key is not used',
  accountFundingTransaction: 'account funding transactions are not supported',
  ownerOverride: 'the paying wallet is pubkey; another owner is not used',
  bridgeId: 'bridged payments are not supported',
  zeroAuthorizationConfig: 'zero-amount card verification is not supported',
  depositAmounts: 'the amount is the session’s; there are no preset deposit amounts',
  allowedWithdrawSpeeds: 'this is a purchase page; withdrawals are not made here',
  lat: 'this checkout has no geolocation rules, so a location is not used',
  lng: 'this checkout has no geolocation rules, so a location is not used',
  appReturnUrl: 'no payment here leaves the browser for an app, so there is nothing to return to',
};
/** Flags that ask for a feature only when true. */
const CANNOT_APPLY_WHEN_TRUE: Partial<Record<QueryParamName, string>> = {
  partialUsdcChecked: 'there is no partial USDC payment here; USDC pays the whole amount',
  useNativeSubtotal: 'there is no Apple Pay here, so no native subtotal',
  bankLinkOnly: 'bank accounts are not linked here without a payment',
  redemptionCheck: 'there is no redemption check here',
  isZeroAuthorization: 'zero-amount card verification is not supported',
};

/** What is refused, keyed by parameter (or `allowedPaymentMethods` for a method). */
export interface Refusal {
  field: string;
  message: string;
}

/** The session parameters the host records (POST /api/checkout/session/parameters), as the page read them. */
export type SessionParameters = Pick<CheckoutQuery, 'authOnly' | 'webhookInfo' | 'settlementType' | 'tokens' | 'lockDefaultToken'>;
export const SESSION_PARAMETER_NAMES = ['authOnly', 'webhookInfo', 'settlementType', 'tokens', 'lockDefaultToken'] as const;

export interface PageParams {
  params: CheckoutQuery;
  /** Read problems and parameters the page cannot apply; each is shown and posted. */
  refusals: Refusal[];
}

/** Reads the page's URL: every value through its schema, every parameter the page cannot apply named. */
export function readPageParams(query: URLSearchParams): PageParams {
  const { params, problems } = parseCheckoutQuery(query);
  const refusals: Refusal[] = problems.map((p: ParamProblem) => ({ field: p.param, message: `${p.message} It is not used.` }));
  for (const name of Object.keys(params) as QueryParamName[]) {
    const why = CANNOT_APPLY[name] ?? (params[name] === true ? CANNOT_APPLY_WHEN_TRUE[name] : undefined);
    if (why) refusals.push({ field: name, message: `${name}: ${why}.` });
  }
  const theme = params.theme;
  if (theme) {
    const ignored = Object.keys(theme).filter((key) => !(APPLIED_THEME_KEYS as readonly string[]).includes(key));
    if (ignored.length)
      refusals.push({
        field: 'theme',
        message: `theme: ${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} not applied (this page applies ${APPLIED_THEME_KEYS.join(', ')}).`,
      });
  }
  return { params, refusals };
}

/**
 * The methods to show: the session's, narrowed to allowedPaymentMethods when given. Each asked-for method
 * this host does not offer (or that this session does not allow) is refused by name.
 */
export function choosePaymentMethods(asked: readonly string[] | undefined, sessionMethods: readonly OfferedMethod[]) {
  const refusals: Refusal[] = [];
  if (!asked) return { methods: [...sessionMethods], refusals };
  for (const method of asked) {
    if (sessionMethods.includes(method as OfferedMethod)) continue;
    const known = (KNOWN_PAYMENT_METHODS as readonly string[]).includes(method);
    const why = !known
      ? 'is not a payment method'
      : (OFFERED_METHODS as readonly string[]).includes(method)
        ? 'is not available for this payment'
        : `is not offered by this checkout (it offers ${OFFERED_METHODS.join(', ')})`;
    refusals.push({ field: 'allowedPaymentMethods', message: `allowedPaymentMethods: ${method} ${why}.` });
  }
  return { methods: sessionMethods.filter((m) => asked.includes(m)), refusals };
}

/** The payer fields the page shows, filled from customerInfo and email (email wins: it is the SDK's own prop). */
export function payerPrefill(
  params: CheckoutQuery,
): Record<'email' | 'firstName' | 'lastName' | 'address' | 'city' | 'state' | 'zip' | 'country', string> {
  const info: CustomerInfo = params.customerInfo ?? {};
  const [nameFirst, ...nameRest] = (info.name ?? '').split(' ');
  return {
    email: params.email ?? info.email ?? '',
    firstName: info.firstName ?? nameFirst ?? '',
    lastName: info.lastName ?? nameRest.join(' '),
    address: info.address ?? '',
    city: info.city ?? '',
    state: info.state ?? '',
    zip: info.zip ?? '',
    country: info.country ?? '',
  };
}
