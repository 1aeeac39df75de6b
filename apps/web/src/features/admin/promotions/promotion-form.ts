import { z } from 'zod';
import type { AdminPromotionInput } from '@store/shared';
import { isLocalDateTime, isoToLocal, localToIso, WHOLE } from '../forms/form-values.ts';
import type { AdminPromotionRow } from './promotions-api.ts';

/**
 * The three promotions of SPEC §3 an admin runs: the active promotion (the app's call), the web promotion
 * (active-promotion-web) and the eligibility promotion (a shopper's first purchase, on the web cart).
 */
export const PROMOTION_SLOTS = {
  active: { label: 'Active promotion (app)', channel: 'app', kind: 'active' },
  web: { label: 'Web promotion', channel: 'web', kind: 'active' },
  eligibility: { label: 'Eligibility promotion (first purchase)', channel: 'web', kind: 'first-purchase' },
} as const;
export type PromotionSlot = keyof typeof PROMOTION_SLOTS;

export function slotOf(p: Pick<AdminPromotionRow, 'channel' | 'kind'>): PromotionSlot {
  if (p.kind === 'first-purchase') return 'eligibility';
  return p.channel === 'app' ? 'active' : 'web';
}

export const promotionForm = z
  .object({
    slot: z.enum(['active', 'web', 'eligibility']),
    name: z.string().trim().min(1, 'Enter a name shoppers will see.').max(200, 'Keep the name under 200 characters.'),
    bonusType: z.enum(['PERCENTAGE', 'COINS']),
    bonus: z.string().trim().regex(WHOLE, 'Enter a whole number.'),
    startsAt: z.string().refine((v) => v === '' || isLocalDateTime(v), 'Enter a date and time.'),
    endsAt: z.string().refine((v) => v === '' || isLocalDateTime(v), 'Enter a date and time.'),
  })
  .superRefine((v, ctx) => {
    const bonus = Number(v.bonus);
    if (WHOLE.test(v.bonus) && v.bonusType === 'PERCENTAGE' && (bonus < 1 || bonus > 100)) {
      ctx.addIssue({ code: 'custom', path: ['bonus'], message: 'A percentage bonus is from 1 to 100.' });
    }
    if (WHOLE.test(v.bonus) && v.bonusType === 'COINS' && (bonus < 1 || bonus > 1_000_000)) {
      ctx.addIssue({ code: 'custom', path: ['bonus'], message: 'A coin bonus is from 1 to 1,000,000 coins.' });
    }
    if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start.' });
    }
  })
  .transform((v): AdminPromotionInput => ({
    name: v.name,
    channel: PROMOTION_SLOTS[v.slot].channel,
    kind: PROMOTION_SLOTS[v.slot].kind,
    bonusType: v.bonusType,
    bonusPercentage: Number(v.bonus),
    ...(v.startsAt ? { startsAt: localToIso(v.startsAt) } : {}),
    endsAt: v.endsAt ? localToIso(v.endsAt) : null,
  }));
export type PromotionFormValues = z.input<typeof promotionForm>;

export const emptyPromotion: PromotionFormValues = { slot: 'web', name: '', bonusType: 'PERCENTAGE', bonus: '', startsAt: '', endsAt: '' };

export function promotionToForm(p: AdminPromotionRow): PromotionFormValues {
  return {
    slot: slotOf(p),
    name: p.name,
    bonusType: p.bonusType,
    bonus: String(p.bonusPercentage),
    startsAt: isoToLocal(p.startsAt),
    endsAt: isoToLocal(p.endsAt),
  };
}

/** The server's field names, as the form's. */
export const PROMOTION_SERVER_FIELDS: Record<string, keyof PromotionFormValues> = {
  name: 'name',
  bonusPercentage: 'bonus',
  bonusType: 'bonusType',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  channel: 'slot',
  kind: 'slot',
};
