import { z } from 'zod';
import type { AdminCouponInput } from '@store/shared';
import { centsToDollars, DOLLARS, dollarsToCents, isLocalDateTime, isoToLocal, localToIso, WHOLE } from '../forms/form-values.ts';
import type { AdminCouponRow } from './coupons-api.ts';

const optionalWhole = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (WHOLE.test(v) && Number(v) >= 1), message);

/** The coupon form: amounts typed in dollars or percent, read as integer cents or a whole percentage. */
export const couponForm = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, 'Use 3 to 32 letters, digits, - or _.'),
    description: z.string().trim().max(500, 'Keep the description under 500 characters.'),
    kind: z.enum(['PERCENT', 'FIXED']),
    amount: z.string().trim(),
    minimum: z
      .string()
      .trim()
      .refine((v) => v === '' || DOLLARS.test(v), 'Enter an amount in dollars, e.g. 20 or 19.99.'),
    maxRedemptions: optionalWhole('Enter a whole number of uses, or leave it empty for no limit.'),
    perUserLimit: optionalWhole('Enter a whole number of uses, or leave it empty for no limit.'),
    startsAt: z.string().refine((v) => v === '' || isLocalDateTime(v), 'Enter a date and time.'),
    endsAt: z.string().refine((v) => v === '' || isLocalDateTime(v), 'Enter a date and time.'),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'PERCENT' && !(WHOLE.test(v.amount) && Number(v.amount) >= 1 && Number(v.amount) <= 100)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter a whole percentage from 1 to 100.' });
    }
    if (v.kind === 'FIXED' && !(DOLLARS.test(v.amount) && dollarsToCents(v.amount) > 0)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount in dollars above 0, e.g. 5 or 4.99.' });
    }
    if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start.' });
    }
  })
  .transform((v): AdminCouponInput => ({
    code: v.code.toUpperCase(),
    description: v.description,
    kind: v.kind,
    amount: v.kind === 'PERCENT' ? Number(v.amount) : dollarsToCents(v.amount),
    minSubtotalCents: v.minimum ? dollarsToCents(v.minimum) : 0,
    maxRedemptions: v.maxRedemptions ? Number(v.maxRedemptions) : null,
    perUserLimit: v.perUserLimit ? Number(v.perUserLimit) : null,
    ...(v.startsAt ? { startsAt: localToIso(v.startsAt) } : {}),
    endsAt: v.endsAt ? localToIso(v.endsAt) : null,
    active: v.active,
  }));
export type CouponFormValues = z.input<typeof couponForm>;

export const emptyCoupon: CouponFormValues = {
  code: '',
  description: '',
  kind: 'PERCENT',
  amount: '',
  minimum: '',
  maxRedemptions: '',
  perUserLimit: '',
  startsAt: '',
  endsAt: '',
  active: true,
};

export function couponToForm(c: AdminCouponRow): CouponFormValues {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    amount: c.kind === 'PERCENT' ? String(c.amount) : centsToDollars(c.amount),
    minimum: c.minSubtotalCents ? centsToDollars(c.minSubtotalCents) : '',
    maxRedemptions: c.maxRedemptions === null ? '' : String(c.maxRedemptions),
    perUserLimit: c.perUserLimit === null ? '' : String(c.perUserLimit),
    startsAt: isoToLocal(c.startsAt),
    endsAt: isoToLocal(c.endsAt),
    active: c.active,
  };
}

export const COUPON_SERVER_FIELDS: Record<string, keyof CouponFormValues> = {
  code: 'code',
  description: 'description',
  kind: 'kind',
  amount: 'amount',
  minSubtotalCents: 'minimum',
  maxRedemptions: 'maxRedemptions',
  perUserLimit: 'perUserLimit',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
};
