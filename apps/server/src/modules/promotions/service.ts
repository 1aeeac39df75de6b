import type { Promotion } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { listUnendedPromotions, type PromotionChannel, type PromotionKind } from './repository.ts';

/**
 * Every cart is priced with the running promotions (two reads per pricing, issue 26), and they change when an
 * admin changes them: each database handle keeps a kind's unended promotions for a few seconds, as it keeps
 * the settings. An admin's change on this instance drops them at once (forgetPromotions); another instance
 * sees it after at most this long.
 */
const CACHE_MS = 5_000;

type Cached = { value: Promise<Promotion[]>; expiresAt: number };
const cache = new WeakMap<Db, Map<string, Cached>>();

/** The newest started, unended promotion of a kind on a channel, as of the moment of the call. */
async function runningPromotion(db: Db, channel: PromotionChannel, kind: PromotionKind): Promise<Promotion | null> {
  let lists = cache.get(db);
  if (!lists) cache.set(db, (lists = new Map()));
  const key = `${channel}:${kind}`;
  let hit = lists.get(key);
  if (!hit || hit.expiresAt <= Date.now()) {
    const value = listUnendedPromotions(db, channel, kind, new Date());
    const entry = (hit = { value, expiresAt: Date.now() + CACHE_MS });
    lists.set(key, entry);
    // A failed read must not be served from the cache.
    value.catch(() => {
      if (lists.get(key) === entry) lists.delete(key);
    });
  }
  const unended = await hit.value;
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
  cache.delete(db);
}
