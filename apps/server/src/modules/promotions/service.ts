import type { Promotion } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { listUnendedPromotions, type PromotionChannel, type PromotionKind } from './repository.ts';

/**
 * Every cart is priced with the running promotions (two reads per pricing, issue 26), and they change when an
 * admin changes them: each database handle keeps a kind's unended promotions for a few seconds, as it keeps
 * the settings. An admin's change on this instance drops them at once (forgetPromotions); another instance
 * sees it after at most this long.
 */
const CACHE_MS = 5_000;
/** A list per channel and kind: four at most. */
const CACHE_KEYS = 4;
const caches = new WeakMap<Db, TtlCache<Promotion[]>>();

function cacheFor(db: Db): TtlCache<Promotion[]> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new TtlCache<Promotion[]>(CACHE_MS, CACHE_KEYS)));
  return cache;
}

/** The newest started, unended promotion of a kind on a channel, as of the moment of the call. */
async function runningPromotion(db: Db, channel: PromotionChannel, kind: PromotionKind): Promise<Promotion | null> {
  const unended = await cacheFor(db).get(`${channel}:${kind}`, () => listUnendedPromotions(db, channel, kind, new Date()));
  // Asked now: one that has ended since the list was read is passed over, one that has started since is taken.
  const now = Date.now();
  return unended.find((p) => Date.parse(p.startsAt) <= now && (p.endsAt === null || Date.parse(p.endsAt) > now)) ?? null;
}

/** The store-wide promotion running now on a channel ('web' for the site, 'app' for the mobile apps). */
export function getActivePromotion(db: Db, channel: PromotionChannel): Promise<Promotion | null> {
  return runningPromotion(db, channel, 'active');
}

/**
 * The first-purchase promotion running now (the cart's eligibilityPromotion). Whether a given user still
 * qualifies is the cart's rule: it knows their orders.
 */
export function getFirstPurchasePromotion(db: Db, channel: PromotionChannel): Promise<Promotion | null> {
  return runningPromotion(db, channel, 'first-purchase');
}

/** Drops this handle's promotions after a change is committed: the next read asks the database. */
export function forgetPromotions(db: Db): void {
  caches.get(db)?.clear();
}
