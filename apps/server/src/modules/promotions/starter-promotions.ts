import type { promotions } from '../../db/schema.ts';

type NewPromotion = typeof promotions.$inferInsert;

const promotionId = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// A fixed past start keeps the seed deterministic; no end date means "running until someone ends it".
const LAUNCH = new Date('2024-01-01T00:00:00Z');

export const STARTER_PROMOTIONS: NewPromotion[] = [
  {
    id: promotionId(1),
    name: 'Lantern Festival: 10% extra coins',
    channel: 'web',
    kind: 'active',
    bonusType: 'PERCENTAGE',
    bonusPercentage: 10,
    startsAt: LAUNCH,
    endsAt: null,
  },
  {
    id: promotionId(2),
    name: 'App exclusive: 15% extra coins',
    channel: 'app',
    kind: 'active',
    bonusType: 'PERCENTAGE',
    bonusPercentage: 15,
    startsAt: LAUNCH,
    endsAt: null,
  },
  {
    id: promotionId(3),
    name: 'Welcome gift: 500 coins on your first purchase',
    channel: 'web',
    kind: 'first-purchase',
    bonusType: 'COINS',
    bonusPercentage: 500,
    startsAt: LAUNCH,
    endsAt: null,
  },
];
