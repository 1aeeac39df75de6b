// The admin console's promotions, coupons and settings (issue 12, ADR 024). Every edit carries the
// `version` the admin's copy was read at: the server refuses (409) an edit made from a stale copy, so of two
// admins editing at once the second is told instead of silently undoing the first. Money is integer cents.
import { z } from 'zod';
import { COUNTRIES } from '../countries.ts';
import { US_STATES } from '../us-states.ts';
import { bonusType } from './catalog.ts';
import { cardRouteKind, cardRouting, paymentMethodKind } from './payments.ts';
import { settings } from './settings.ts';

/** Whole numbers in a query string: digits only. */
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number, digits only')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

const paging = { page: wholeNumber(10_000).default(1), limit: wholeNumber(100).default(20) };
const pageInfo = { page: z.number().int().positive(), limit: z.number().int().positive(), hasMore: z.boolean() };

const instant = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' });
/** The version the admin's copy was read at (optimistic lock). */
const version = z.number().int().positive();
export const adminVersionBody = z.strictObject({ version });
export type AdminVersionBody = z.infer<typeof adminVersionBody>;

/** A window's end must come after its start (both ISO date-times; no end means open-ended). */
function endAfterStart(value: { startsAt?: string | undefined; endsAt?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
  }
}

// --- promotions ---

/**
 * channel 'app' + kind 'active' is the active promotion (GET v1/admin/promotions/active-promotion),
 * channel 'web' + kind 'active' the web promotion (active-promotion-web), kind 'first-purchase' the
 * eligibility promotion of the cart. bonusPercentage is a percentage for PERCENTAGE, else a coin bonus.
 */
export const PROMOTION_CHANNELS = ['web', 'app'] as const;
export const PROMOTION_KINDS = ['active', 'first-purchase'] as const;
export const PROMOTION_STATUSES = ['scheduled', 'running', 'ended'] as const;

const promotionFields = {
  name: z.string().trim().min(1, 'must not be empty').max(200),
  channel: z.enum(PROMOTION_CHANNELS),
  kind: z.enum(PROMOTION_KINDS),
  bonusType,
  bonusPercentage: z.number().int().min(1).max(1_000_000),
  /** Default: now. */
  startsAt: instant.optional(),
  endsAt: instant.nullable().optional(),
};

function promotionRules(
  value: { bonusType: string; bonusPercentage: number; startsAt?: string; endsAt?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.bonusType === 'PERCENTAGE' && value.bonusPercentage > 100) {
    ctx.addIssue({ code: 'custom', path: ['bonusPercentage'], message: 'a percentage bonus is at most 100' });
  }
  endAfterStart(value, ctx);
}

export const adminPromotionInput = z.strictObject(promotionFields).superRefine(promotionRules);
export type AdminPromotionInput = z.infer<typeof adminPromotionInput>;
export const adminPromotionUpdate = z.strictObject({ ...promotionFields, version }).superRefine(promotionRules);
export type AdminPromotionUpdate = z.infer<typeof adminPromotionUpdate>;

export const adminPromotion = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.enum(PROMOTION_CHANNELS),
  kind: z.enum(PROMOTION_KINDS),
  bonusType,
  bonusPercentage: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(PROMOTION_STATUSES),
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;

export const adminPromotionsQuery = z.strictObject({
  ...paging,
  channel: z.enum(PROMOTION_CHANNELS).optional(),
  kind: z.enum(PROMOTION_KINDS).optional(),
  status: z.enum(PROMOTION_STATUSES).optional(),
});
export type AdminPromotionsQuery = z.infer<typeof adminPromotionsQuery>;
export const adminPromotionsResponse = z.object({
  success: z.literal(true),
  data: z.object({ promotions: z.array(adminPromotion), ...pageInfo }),
});
export type AdminPromotionsResponse = z.infer<typeof adminPromotionsResponse>;
export const adminPromotionResponse = z.object({ success: z.literal(true), data: adminPromotion });

// --- coupons ---

export const COUPON_KINDS = ['PERCENT', 'FIXED'] as const;
/** Codes are stored in capitals; shoppers type them in any case. */
const couponCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, 'must be 3 to 32 letters, digits, - or _')
  .transform((s) => s.toUpperCase());
const optionalLimit = z.number().int().min(1).max(10_000_000).nullable();

const couponFields = {
  code: couponCode,
  description: z.string().trim().max(500).default(''),
  kind: z.enum(COUPON_KINDS),
  /** PERCENT: 1 to 100 (percent off); FIXED: integer cents off. */
  amount: z.number().int().min(1).max(10_000_000),
  /** Default: now. */
  startsAt: instant.optional(),
  endsAt: instant.nullable().optional(),
  /** The smallest subtotal (integer cents) the coupon applies to. */
  minSubtotalCents: z.number().int().min(0).max(100_000_000).default(0),
  /** Uses in all (null: unlimited). */
  maxRedemptions: optionalLimit.default(null),
  /** Uses per shopper (null: unlimited). */
  perUserLimit: optionalLimit.default(null),
  active: z.boolean().default(true),
};

function couponRules(value: { kind: string; amount: number; startsAt?: string; endsAt?: string | null }, ctx: z.RefinementCtx) {
  if (value.kind === 'PERCENT' && value.amount > 100) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'a percentage is at most 100' });
  }
  endAfterStart(value, ctx);
}

export const adminCouponInput = z.strictObject(couponFields).superRefine(couponRules);
export type AdminCouponInput = z.input<typeof adminCouponInput>;
export const adminCouponUpdate = z.strictObject({ ...couponFields, version }).superRefine(couponRules);
export type AdminCouponUpdate = z.input<typeof adminCouponUpdate>;

export const adminCoupon = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  amount: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  minSubtotalCents: z.number().int(),
  maxRedemptions: z.number().int().nullable(),
  perUserLimit: z.number().int().nullable(),
  /** Uses taken so far: completed ones and those held by orders still being paid. */
  redeemedCount: z.number().int(),
  /** Completed uses (paid and fulfilled orders). */
  completedRedemptions: z.number().int(),
  /** A coupon issued to one shopper; null for everyone. */
  userId: z.string().nullable(),
  active: z.boolean(),
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

export const adminCouponsQuery = z.strictObject({
  ...paging,
  /** The start of the code, any case. */
  q: z.string().trim().min(1).max(32).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type AdminCouponsQuery = z.infer<typeof adminCouponsQuery>;
export const adminCouponsResponse = z.object({
  success: z.literal(true),
  data: z.object({ coupons: z.array(adminCoupon), ...pageInfo }),
});
export type AdminCouponsResponse = z.infer<typeof adminCouponsResponse>;
export const adminCouponResponse = z.object({ success: z.literal(true), data: adminCoupon });

// --- settings ---

const ALPHA2 = new Set(COUNTRIES.map((c) => c.code));
const STATE_CODES = new Set(US_STATES.map((s) => s.code));

/** An ISO 3166-1 alpha-2 country ('CU') or an ISO 3166-2 subdivision of one ('UA-43'); stored in capitals. */
export const blockedPlaceCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(
    (s) => /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(s) && ALPHA2.has(s.slice(0, 2)),
    'must be an ISO 3166-1 alpha-2 country code or an ISO 3166-2 subdivision',
  );
const usStateCode = z.string().refine((s) => STATE_CODES.has(s), 'must be a US state code');
const appVersion = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4}){0,3}$/, 'must be a version like 2.4.1');
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// address' });
const unique = <T>(items: T[]) => new Set(items).size === items.length;

/** The stored store settings (GET v1/settings), each field checked. Tax rates in basis points: 0 to 10,000 (0 % to 100 %). */
export const adminStoreSettings = z.strictObject({
  companyName: z.string().trim().min(1, 'must not be empty').max(200),
  companyDescription: z.string().trim().max(5_000),
  addressLines: z.array(z.string().trim().min(1, 'must not be empty').max(200)).min(1).max(8),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()./-]{6,30}$/, 'must be a phone number'),
  supportEmail: z.email({ error: 'must be an e-mail address' }),
  iosAppUrl: httpsUrl,
  androidAppUrl: httpsUrl,
  androidLatestVersion: appVersion,
  iosLatestVersion: appVersion,
  /** Coins a dollar buys: a whole number above 0. */
  coinsPerDollar: z.number().int().min(1).max(1_000_000),
  /** The largest order total, integer cents above 0. */
  transactionLimitCents: z.number().int().min(1).max(100_000_000),
  blockedCountries: z.array(blockedPlaceCode).max(300).refine(unique, 'must not repeat a code'),
  taxRatesBps: z.record(usStateCode, z.number().int().min(0).max(10_000)),
});
export type AdminStoreSettings = z.infer<typeof adminStoreSettings>;

export const adminPurchaseSettings = z.strictObject({
  /** US state codes purchases are allowed from. */
  whitelistedStates: z.array(usStateCode).refine(unique, 'must not repeat a state'),
  /** The payment method kinds offered (each also needs a registered provider). */
  enabledPaymentMethods: z.array(paymentMethodKind).refine(unique, 'must not repeat a method'),
  /** Which provider takes a new card, and which while it is down (issue 24). */
  cardRouting,
});
export type AdminPurchaseSettings = z.infer<typeof adminPurchaseSettings>;

export const adminCashoutSettings = z
  .strictObject({
    minCoins: z.number().int().min(1).max(100_000_000),
    maxCoins: z.number().int().min(1).max(100_000_000),
    dailyLimitCoins: z.number().int().min(1).max(1_000_000_000),
    achHoldHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 90),
  })
  .superRefine((v, ctx) => {
    if (v.maxCoins < v.minCoins) ctx.addIssue({ code: 'custom', path: ['maxCoins'], message: 'must be at least minCoins' });
    if (v.dailyLimitCoins < v.maxCoins) ctx.addIssue({ code: 'custom', path: ['dailyLimitCoins'], message: 'must be at least maxCoins' });
  });
export type AdminCashoutSettings = z.infer<typeof adminCashoutSettings>;

/** The version is opaque: the server compares it with the stored rows' and refuses a stale one (409). */
export const adminSettingsUpdate = z.strictObject({
  store: adminStoreSettings,
  purchases: adminPurchaseSettings,
  cashout: adminCashoutSettings,
  version: z.string().min(1).max(200),
});
export type AdminSettingsUpdate = z.infer<typeof adminSettingsUpdate>;

/** What the console reads: the stored rows as they are (no transforms, so the response schema stays plain). */
export const adminSettings = z.object({
  store: settings,
  purchases: z.object({
    whitelistedStates: z.array(z.string()),
    enabledPaymentMethods: z.array(paymentMethodKind),
    cardRouting: z.object({ primary: cardRouteKind, fallback: cardRouteKind.nullable() }),
  }),
  cashout: z.object({
    minCoins: z.number().int(),
    maxCoins: z.number().int(),
    dailyLimitCoins: z.number().int(),
    achHoldHours: z.number().int(),
  }),
  version: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettings>;
export const adminSettingsResponse = z.object({ success: z.literal(true), data: adminSettings });
