import type { Promotion } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { findRunningPromotion, type PromotionChannel } from './repository.ts';

/** The store-wide promotion running now on a channel ('web' for the site, 'app' for the mobile apps). */
export function getActivePromotion(db: Db, channel: PromotionChannel, now = new Date()): Promise<Promotion | null> {
  return findRunningPromotion(db, channel, 'active', now);
}

/**
 * The first-purchase promotion running now (the cart's eligibilityPromotion). Whether a given user still
 * qualifies is the cart's rule: it knows their orders.
 */
export function getFirstPurchasePromotion(db: Db, channel: PromotionChannel, now = new Date()): Promise<Promotion | null> {
  return findRunningPromotion(db, channel, 'first-purchase', now);
}
