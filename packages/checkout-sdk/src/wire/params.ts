/**
 * The purchase-v2 page's query parameters (SPEC §2) as zod schemas: each decodes the value in the form the
 * published @coinflowlabs/react SDK (5.22.1, CoinflowUtils.getCoinflowUrl) sends it, so the page reads a URL
 * built by either SDK the same way. Compressed values are lz-string compressToEncodedURIComponent of their JSON;
 * lists are comma-joined; flags are 'true' (usePermit only ever 'false'); lamports are decimal integers.
 */
import { z } from 'zod';
import { decompressFromEncodedURIComponent } from '../lz.ts';
import { customerInfoSchema } from './customer-info.ts';
import { CORNER_STYLES, PAYMENT_METHODS, PRESENTMENT_CURRENCIES, THREE_DS_CHALLENGE_PREFERENCES, WIDGET_CURRENCIES } from '../protocol.ts';

/** The payment methods the published SDK can ask for (its PaymentMethods enum) and SPEC §3's, together. */
export const KNOWN_PAYMENT_METHODS = [...PAYMENT_METHODS, 'wire', 'cashApp', 'apa', 'paypal', 'venmo', 'interac'] as const;
export type KnownPaymentMethod = (typeof KNOWN_PAYMENT_METHODS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

/** An lz-compressed JSON value (compressToEncodedURIComponent(JSON.stringify(v))), then checked by `schema`. */
function lzJson<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(8192)
    .transform((value, ctx) => {
      const json = decompressFromEncodedURIComponent(value);
      if (json) {
        try {
          return JSON.parse(json) as unknown;
        } catch {
          // reported below
        }
      }
      ctx.addIssue({ code: 'custom', message: 'is not lz-string compressed JSON' });
      return z.NEVER;
    })
    .pipe(schema);
}

/** A comma-joined list ('a,b,c'), empty items dropped. */
function commaList<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .string()
    .max(4096)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1, 'names nothing'));
}

/** 'true' or 'false' (the published SDK sends only 'true'; ours also 'false'). */
const flag = z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).transform((value) => value === 'true');

/** Lamports as a decimal integer (1 SOL = 1e9). */
const lamports = z
  .string()
  .regex(/^\d{1,20}$/, 'must be a whole number of lamports')
  .transform((value) => BigInt(value));

const colorValue = text(64);

/** The published SDK's MerchantTheme (the page applies primary, background, backgroundAccent, textColor, style). */
export const merchantThemeSchema = z.looseObject({
  primary: colorValue.optional(),
  background: colorValue.optional(),
  cardBackground: colorValue.optional(),
  backgroundAccent: colorValue.optional(),
  backgroundAccent2: colorValue.optional(),
  textColor: colorValue.optional(),
  textColorAccent: colorValue.optional(),
  textColorAction: colorValue.optional(),
  ctaColor: colorValue.optional(),
  font: text(128).optional(),
  style: z.enum(CORNER_STYLES).optional(),
  fontSize: text(32).optional(),
  fontWeight: text(32).optional(),
  cardNumberPlaceholder: text(64).optional(),
  cvvPlaceholder: text(64).optional(),
  expirationPlaceholder: text(64).optional(),
  placeholderColor: colorValue.optional(),
  showCardIcon: z.boolean().optional(),
});
/** The theme keys the page applies; any other key given is refused by name. */
export const APPLIED_THEME_KEYS = ['primary', 'background', 'backgroundAccent', 'textColor', 'style'] as const;

const origin = z.string().refine((value) => {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}, 'must be an origin (scheme://host[:port])');

const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/**
 * Every query parameter the purchase-v2 page may be given: SPEC §2's list, the published SDK's additions, and
 * our SDK's `handlerId`. Each schema takes the raw string from the URL.
 */
export const QUERY_PARAM_SCHEMAS = {
  // --- SPEC §2 ---
  pubkey: text(128),
  sessionKey: text(512),
  /** Solana: base58 of the serialized transaction; EVM: lz-compressed JSON. Kept as sent. */
  transaction: text(8192),
  cents: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a whole number of cents')
    .transform(Number),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
    .transform((value) => value.toUpperCase()),
  token: text(128),
  amount: z.string().regex(/^\d{1,12}(\.\d{1,18})?$/, 'must be a decimal amount'),
  presentment: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(PRESENTMENT_CURRENCIES)),
  webhookInfo: lzJson(z.record(z.string(), z.unknown())),
  theme: lzJson(merchantThemeSchema),
  customerInfo: lzJson(customerInfoSchema),
  email: z.email().max(254),
  supportEmail: z.email().max(254),
  /** Comma-joined (the published SDK's `tokens.toString()`); our SDK's older lz-compressed JSON array is read too. */
  tokens: z.union([lzJson(z.array(text(128)).min(1)), commaList(text(128))]),
  loaderBackground: colorValue,
  /** An instance id (the published SDK) or 'true' with `handlerId` (our SDK); 'false' asks for nothing. */
  useHeightChange: text(128),
  bankAccountLinkRedirect: httpUrl,
  additionalWallets: lzJson(z.array(z.looseObject({ wallet: text(128), blockchain: text(32) }))),
  chargebackProtectionData: lzJson(z.array(z.unknown())),
  deviceId: z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be a device id (letters, digits, . _ : -, at most 128)'),
  merchantCss: httpUrl,
  color: z.enum(['white', 'black']),
  rent: lamports,
  nativeSolToConvert: lamports,
  lockDefaultToken: flag,
  planCode: text(128),
  disableApplePay: flag,
  disableGooglePay: flag,
  settlementType: z.enum(WIDGET_CURRENCIES),
  lockAmount: flag,
  usePermit: flag,
  transactionSigner: text(8192),
  authOnly: flag,
  partialUsdcChecked: flag,
  jwtToken: text(8192),
  origins: lzJson(z.array(origin).min(1).max(16)),
  allowedPaymentMethods: commaList(text(64)),
  threeDsChallengePreference: z.enum(THREE_DS_CHALLENGE_PREFERENCES),
  destinationAuthKey: text(512),
  accountFundingTransaction: lzJson(z.record(z.string(), z.unknown())),
  // --- the published SDK's additions (5.22.1) ---
  ownerOverride: text(128),
  useNativeSubtotal: flag,
  bridgeId: text(128),
  bankLinkOnly: flag,
  chargebackProtectionAccountType: z.enum(['guest', 'private', 'business']),
  redemptionCheck: flag,
  zeroAuthorizationConfig: z
    .string()
    .max(2048)
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.union([z.strictObject({ disableSavedPaymentMethods: z.boolean() }), z.strictObject({ cardToken: text(256) })])),
  isZeroAuthorization: flag,
  depositAmounts: commaList(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be amounts in dollars')),
  allowedWithdrawSpeeds: commaList(text(32)),
  lat: z.string().regex(/^-?\d{1,3}(\.\d+)?$/, 'must be a latitude'),
  lng: z.string().regex(/^-?\d{1,3}(\.\d+)?$/, 'must be a longitude'),
  appReturnUrl: text(2048),
  // --- our SDK ---
  /** The per-instance id our SDK sends with useHeightChange=true. */
  handlerId: text(128),
} as const;

export type QueryParamName = keyof typeof QUERY_PARAM_SCHEMAS;
export type CheckoutQuery = { -readonly [K in QueryParamName]?: z.output<(typeof QUERY_PARAM_SCHEMAS)[K]> };

/** The whole query at once (every parameter optional); parseCheckoutQuery reads it parameter by parameter. */
export const checkoutQuerySchema = z.object(
  Object.fromEntries(Object.entries(QUERY_PARAM_SCHEMAS).map(([name, schema]) => [name, schema.optional()])) as {
    [K in QueryParamName]: z.ZodOptional<(typeof QUERY_PARAM_SCHEMAS)[K]>;
  },
);

/** SPEC §2's list, in its order (the page's parameter table follows it). */
export const SPEC_QUERY_PARAMS = [
  'pubkey',
  'sessionKey',
  'transaction',
  'cents',
  'currency',
  'token',
  'amount',
  'presentment',
  'webhookInfo',
  'theme',
  'customerInfo',
  'email',
  'supportEmail',
  'tokens',
  'loaderBackground',
  'useHeightChange',
  'bankAccountLinkRedirect',
  'additionalWallets',
  'chargebackProtectionData',
  'deviceId',
  'merchantCss',
  'color',
  'rent',
  'nativeSolToConvert',
  'lockDefaultToken',
  'planCode',
  'disableApplePay',
  'disableGooglePay',
  'settlementType',
  'lockAmount',
  'usePermit',
  'transactionSigner',
  'authOnly',
  'partialUsdcChecked',
  'jwtToken',
  'origins',
  'allowedPaymentMethods',
  'threeDsChallengePreference',
  'destinationAuthKey',
  'accountFundingTransaction',
] as const satisfies readonly QueryParamName[];

/** A parameter the page could not read, or will not apply: `message` names it. */
export interface ParamProblem {
  param: string;
  message: string;
}

const isKnown = (name: string): name is QueryParamName => Object.hasOwn(QUERY_PARAM_SCHEMAS, name);

/**
 * Reads every parameter of `query` with its schema. A value that does not decode is left out of `params` and
 * reported in `problems` with the parameter's name (never dropped silently); so is a parameter no SDK sends.
 */
export function parseCheckoutQuery(query: URLSearchParams): { params: CheckoutQuery; problems: ParamProblem[] } {
  const params: Record<string, unknown> = {};
  const problems: ParamProblem[] = [];
  for (const name of new Set(query.keys())) {
    if (!isKnown(name)) {
      problems.push({ param: name, message: `${name}: this checkout does not know this parameter.` });
      continue;
    }
    const raw = query.getAll(name);
    if (raw.length > 1) {
      problems.push({ param: name, message: `${name}: given ${raw.length} times; give it once.` });
      continue;
    }
    const parsed = QUERY_PARAM_SCHEMAS[name].safeParse(raw[0]);
    if (parsed.success) params[name] = parsed.data;
    else problems.push({ param: name, message: `${name}: ${describe(parsed.error)}.` });
  }
  return { params: params as CheckoutQuery, problems };
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'could not be read';
  const where = issue.path.length ? `${issue.path.join('.')} ` : '';
  return `${where}${issue.message}`.trim();
}

/**
 * Whether the stylesheet at `href` may be loaded into the page: only from one of the configured origins
 * (CHECKOUT_MERCHANT_CSS_ORIGINS), over http(s). Returns that origin, or null when it may not.
 */
export function allowedStylesheetOrigin(href: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return allowedOrigins.includes(url.origin) ? url.origin : null;
}
