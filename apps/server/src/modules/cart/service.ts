// Cart rules: what may be added or changed, and how a cart is priced. Prices always come from the
// catalogue; the client sends only ids and quantities.
import {
  MAX_CART_QUANTITY,
  type AddToCartBody,
  type Cart,
  type CartItemKind,
  type CartLine,
  type CouponIssue,
  type Promotion,
  type TaxData,
} from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { notFound, unprocessable } from '@store/server-kit';
import { appliedCouponStatus, couponToApply, isCouponCode, type CouponRecord } from '../coupons/index.ts';
import { getActivePromotion, getFirstPurchasePromotion, hasFirstPurchase } from '../promotions/index.ts';
import { findTaxState } from '../user/index.ts';
import { getStoreSettings } from '../settings/index.ts';
import { findCatalogItem, type CatalogItem } from '../catalog/index.ts';
import {
  addToLine,
  deleteLine,
  ensureCart,
  findLine,
  listCartLines,
  lockCart,
  lockCartForChange,
  setLineQuantity,
  touchCart,
  type CartLineRow,
} from './repository.ts';
import { computeTotals, type PricingLineInput } from './totals.ts';

export { countCartItems } from './repository.ts';

export interface PricedCartLine {
  kind: CartItemKind;
  itemId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  /** Package coins × quantity. */
  coins: number;
  /** The package's own bonus for the line; promotions are only in the order's bonusCoins. */
  bonusCoins: number;
}

export interface PricedCart {
  /** '' and 0 for buy-now pricing, which has no cart. */
  cartId: string;
  version: number;
  lines: PricedCartLine[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  coins: number;
  bonusCoins: number;
  /** The first-purchase promotion's part of bonusCoins. */
  eligibilityBonusCoins: number;
  coupon: { id: string; code: string } | null;
  promotionId: string | null;
  eligibilityPromotionId: string | null;
  taxState: string | null;
  transactionLimitCents: number;
}

export const SOLD_OUT_MESSAGE = 'Sorry, this item is sold out.';
export const NOT_IN_CART_MESSAGE = 'This item is not in your cart.';
export const USE_REMOVE_MESSAGE = 'Use remove to take an item out.';
export const TOO_MANY_MESSAGE = `You can have at most ${MAX_CART_QUANTITY} of one item in your cart.`;

const asDb = (db: Db | Tx) => db as Db;

interface PricingContext {
  coinsPerDollar: number;
  androidLatestVersion: string;
  transactionLimitCents: number;
  taxState: string | null;
  taxRateBps: number;
  promotion: Promotion | null;
  eligibilityPromotion: Promotion | null;
}

async function loadPricingContext(db: Db | Tx, userId: string): Promise<PricingContext> {
  const [settings, promotion, firstPurchase, taxState] = await Promise.all([
    getStoreSettings(asDb(db)),
    getActivePromotion(asDb(db), 'web'),
    getFirstPurchasePromotion(asDb(db), 'web'),
    findTaxState(db, userId),
  ]);
  // A shopper qualifies until an order of theirs is fulfilled; fulfilment re-checks, since two orders
  // priced before either was paid both carry the bonus and only the first fulfilled may keep it.
  const eligible = firstPurchase !== null && !(await hasFirstPurchase(db, userId));
  return {
    coinsPerDollar: settings.coinsPerDollar,
    androidLatestVersion: settings.androidLatestVersion,
    transactionLimitCents: settings.transactionLimitCents,
    taxState,
    taxRateBps: taxState ? (settings.taxRatesBps[taxState] ?? 0) : 0,
    promotion,
    eligibilityPromotion: eligible ? firstPurchase : null,
  };
}

const toPricingLine = ({ item, quantity }: CartLineRow): PricingLineInput => ({
  kind: item.kind,
  itemId: item.id,
  name: item.name,
  unitPriceCents: item.priceCents,
  quantity,
  coins: item.coins,
  bonusType: item.bonusType,
  bonusAmount: item.bonusAmount,
});

interface CartSnapshot {
  priced: PricedCart;
  rows: CartLineRow[];
  context: PricingContext;
  coupon: CouponRecord | null;
  couponIssue: CouponIssue | null;
}

async function snapshotCart(db: Db | Tx, userId: string): Promise<CartSnapshot> {
  const cart = await ensureCart(db, userId);
  const [rows, context] = await Promise.all([listCartLines(db, cart.id), loadPricingContext(db, userId)]);
  // Sold-out items stay visible in the cart but are not priced: they cannot be bought.
  const buyable = rows.filter((r) => r.item.isAvailable).map(toPricingLine);
  const subtotal = buyable.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const { coupon, issue: couponIssue } = await appliedCouponStatus(db, cart.couponId, userId, subtotal);
  const totals = computeTotals({
    lines: buyable,
    promotion: context.promotion,
    eligibilityPromotion: context.eligibilityPromotion,
    coupon,
    taxRateBps: context.taxRateBps,
  });
  const priced: PricedCart = {
    cartId: cart.id,
    version: cart.version,
    lines: totals.lines,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    coins: totals.coins,
    bonusCoins: totals.bonusCoins,
    eligibilityBonusCoins: totals.eligibilityBonusCoins,
    coupon: coupon && { id: coupon.id, code: coupon.code },
    promotionId: context.promotion?._id ?? null,
    eligibilityPromotionId: context.eligibilityPromotion?._id ?? null,
    taxState: context.taxState,
    transactionLimitCents: context.transactionLimitCents,
  };
  return { priced, rows, context, coupon, couponIssue };
}

/** The shopper's cart priced from the catalogue (ORDERS places orders from this). */
export async function priceCart(db: Db | Tx, userId: string): Promise<PricedCart> {
  return (await snapshotCart(db, userId)).priced;
}

/** Prices items bought at once without the cart (buy-now): no coupon; unknown → 404, sold out → 422. */
export async function priceItems(
  db: Db | Tx,
  userId: string,
  items: { kind: CartItemKind; itemId: string; quantity: number }[],
): Promise<PricedCart> {
  const context = await loadPricingContext(db, userId);
  const lines: PricingLineInput[] = [];
  for (const wanted of items) {
    const item = await findCatalogItem(db, wanted.kind, wanted.itemId);
    if (!item) throw notFound(missingItemMessage(wanted.kind));
    if (!item.isAvailable) throw unprocessable(SOLD_OUT_MESSAGE, 'itemId');
    lines.push(toPricingLine({ item, quantity: wanted.quantity }));
  }
  const totals = computeTotals({
    lines,
    promotion: context.promotion,
    eligibilityPromotion: context.eligibilityPromotion,
    coupon: null,
    taxRateBps: context.taxRateBps,
  });
  return {
    cartId: '',
    version: 0,
    lines: totals.lines,
    subtotalCents: totals.subtotalCents,
    discountCents: 0,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    coins: totals.coins,
    bonusCoins: totals.bonusCoins,
    eligibilityBonusCoins: totals.eligibilityBonusCoins,
    coupon: null,
    promotionId: context.promotion?._id ?? null,
    eligibilityPromotionId: context.eligibilityPromotion?._id ?? null,
    taxState: context.taxState,
    transactionLimitCents: context.transactionLimitCents,
  };
}

const missingItemMessage = (kind: CartItemKind) =>
  kind === 'giftCard' ? 'This gift card does not exist or is no longer offered.' : 'This product does not exist or is no longer offered.';

function toCartView({ priced, rows, context, coupon, couponIssue }: CartSnapshot): Cart {
  return {
    _id: priced.cartId,
    items: rows.map(({ item, quantity }) => ({
      itemId: {
        _id: item.id,
        name: item.name,
        description: item.description,
        image: item.image,
        price: item.priceCents,
        coins: item.coins,
        kind: item.kind,
        bonusType: item.bonusType,
        bonusAmount: item.bonusAmount,
        isAvailable: item.isAvailable,
      },
      quantity,
      lineTotal: item.priceCents * quantity,
    })),
    itemCount: rows.reduce((sum, r) => sum + r.quantity, 0),
    orderType: 'DigitalProduct',
    amountType: 'static',
    coin: context.coinsPerDollar,
    promotion: context.promotion,
    eligibilityPromotion: context.eligibilityPromotion,
    android: context.androidLatestVersion,
    coupon: coupon && { code: coupon.code, kind: coupon.kind, amount: coupon.amount },
    couponIssue,
    totals: {
      subtotal: priced.subtotalCents,
      discount: priced.discountCents,
      tax: priced.taxCents,
      total: priced.totalCents,
      coins: priced.coins,
      bonusCoins: priced.bonusCoins,
      totalCoins: priced.coins + priced.bonusCoins,
    },
    transactionLimit: priced.transactionLimitCents,
  };
}

export async function getCartView(db: Db, userId: string): Promise<Cart> {
  return toCartView(await snapshotCart(db, userId));
}

/** GET v1/cart: the cart, its priced lines (getOrderCart) and the tax it carries. */
export async function getCartWithDetails(db: Db, userId: string): Promise<{ cart: Cart; lines: CartLine[]; taxData: TaxData }> {
  const snapshot = await snapshotCart(db, userId);
  const lines = snapshot.priced.lines.map((l) => ({
    kind: l.kind,
    itemId: l.itemId,
    name: l.name,
    unitPrice: l.unitPriceCents,
    quantity: l.quantity,
    lineTotal: l.lineTotalCents,
    coins: l.coins,
    bonusCoins: l.bonusCoins,
  }));
  const taxData = { state: snapshot.context.taxState, rateBps: snapshot.context.taxRateBps, taxCents: snapshot.priced.taxCents };
  return { cart: toCartView(snapshot), lines, taxData };
}

async function resolveItem(db: Db | Tx, itemId: string, kind: CartItemKind | undefined): Promise<CatalogItem> {
  const item = kind
    ? await findCatalogItem(db, kind, itemId)
    : ((await findCatalogItem(db, 'product', itemId)) ?? (await findCatalogItem(db, 'giftCard', itemId)));
  if (!item) throw notFound(missingItemMessage(kind ?? 'product'));
  return item;
}

/** Adds an item; one already in the cart gains the quantity. */
export async function addToCart(db: Db, userId: string, body: AddToCartBody): Promise<Cart> {
  await db.transaction(async (tx) => {
    const item = await resolveItem(tx, body.itemId, body.type);
    if (!item.isAvailable) throw unprocessable(SOLD_OUT_MESSAGE, 'itemId');
    // Three statements in all (issue 26): the cart locked and its version bumped, then the line added to.
    const cart = await lockCartForChange(tx, userId);
    const added = await addToLine(tx, cart.id, { kind: item.kind, itemId: item.id, quantity: body.quantity }, MAX_CART_QUANTITY);
    // Too many: nothing was added, and the refusal rolls the version's bump back.
    if (added === null) throw unprocessable(TOO_MANY_MESSAGE, 'quantity');
  });
  return getCartView(db, userId);
}

/** Raises or lowers a line by `step`; below 1 is refused (removing is its own call). */
export async function changeQuantity(db: Db, userId: string, itemId: string, step: number): Promise<Cart> {
  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, userId);
    // Only lines of the caller's own cart are found: another shopper's item id is simply not here.
    const line = await findLine(tx, cart.id, itemId);
    if (!line) throw notFound(NOT_IN_CART_MESSAGE);
    const quantity = line.quantity + step;
    if (quantity < 1) throw unprocessable(USE_REMOVE_MESSAGE, 'quantity');
    if (quantity > MAX_CART_QUANTITY) throw unprocessable(TOO_MANY_MESSAGE, 'quantity');
    if (step > 0) {
      const item = await findCatalogItem(tx, line.kind, itemId);
      if (!item?.isAvailable) throw unprocessable(SOLD_OUT_MESSAGE, 'itemId');
    }
    await setLineQuantity(tx, line.id, quantity);
    await touchCart(tx, cart.id);
  });
  return getCartView(db, userId);
}

/** Removes a line; with `couponCode` (the applied coupon's code) the coupon comes off too. */
export async function removeFromCart(db: Db, userId: string, itemId: string, couponCode?: string): Promise<Cart> {
  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, userId);
    const line = await findLine(tx, cart.id, itemId);
    if (!line) throw notFound(NOT_IN_CART_MESSAGE);
    await deleteLine(tx, line.id);
    const dropCoupon = !!couponCode && !!cart.couponId && (await isCouponCode(tx, cart.couponId, couponCode));
    await touchCart(tx, cart.id, dropCoupon ? { couponId: null } : {});
  });
  return getCartView(db, userId);
}

/** Applies a coupon after checking window, minimum, limits and ownership; problems are 422 on 'coupon'. */
export async function applyCoupon(db: Db, userId: string, code: string): Promise<Cart> {
  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, userId);
    const rows = await listCartLines(tx, cart.id);
    const subtotalCents = rows.filter((r) => r.item.isAvailable).reduce((sum, r) => sum + r.item.priceCents * r.quantity, 0);
    const coupon = await couponToApply(tx, code, userId, subtotalCents);
    await touchCart(tx, cart.id, { couponId: coupon.id });
  });
  return getCartView(db, userId);
}

/** A line an order bought (fulfilment takes it out of the cart the order came from). */
export interface BoughtLine {
  kind: CartItemKind;
  itemId: string;
  quantity: number;
}

/**
 * Takes what a fulfilled order bought out of the shopper's cart and keeps everything changed since it
 * was placed: each line loses the quantity bought (a line raised after ordering keeps the difference;
 * one lowered or removed meanwhile just goes), lines added later stay. The coupon comes off only when
 * it is the one the order used: it was spent on what was bought, and applying it again re-checks its
 * limits. A coupon applied after ordering stays with the lines it was applied to.
 */
export async function removePurchasedLines(tx: Tx, userId: string, bought: BoughtLine[], usedCouponId: string | null): Promise<void> {
  const cart = await lockCart(tx, userId);
  const boughtByItem = new Map<string, BoughtLine>();
  for (const line of bought) {
    const key = `${line.kind}:${line.itemId}`;
    const seen = boughtByItem.get(key);
    boughtByItem.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  let changed = false;
  for (const { kind, itemId, quantity } of boughtByItem.values()) {
    const line = await findLine(tx, cart.id, itemId);
    if (!line || line.kind !== kind) continue;
    const left = line.quantity - quantity;
    if (left > 0) await setLineQuantity(tx, line.id, left);
    else await deleteLine(tx, line.id);
    changed = true;
  }
  const couponSpent = usedCouponId !== null && cart.couponId === usedCouponId;
  if (changed || couponSpent) await touchCart(tx, cart.id, couponSpent ? { couponId: null } : {});
}
