/** SPEC §3: available products are listed first, then sold ones; the server's order is kept within each group. */
export function availableFirst<T extends { isAvailable: boolean }>(items: readonly T[]): T[] {
  return [...items.filter((item) => item.isAvailable), ...items.filter((item) => !item.isAvailable)];
}

/** Where a card leads: coin packages by id, gift cards flagged so the details page asks the right endpoint. */
export function detailsPath(item: { _id: string; kind: 'product' | 'giftCard' }): string {
  const path = `/product-details/${encodeURIComponent(item._id)}`;
  return item.kind === 'giftCard' ? `${path}?type=giftCard` : path;
}

/** A bonus worth showing: a type and a positive amount. */
export function hasBonus(item: {
  bonusType: string | null;
  bonusAmount: number | null;
}): item is { bonusType: string; bonusAmount: number } {
  return item.bonusType !== null && item.bonusAmount !== null && item.bonusAmount > 0;
}

/** Coin packages and gift cards as one list, by price when an order is chosen (stable, so ties keep the server's order). */
export function mergeByPrice<T extends { price: number }>(lists: readonly (readonly T[])[], sortOrder?: 'asc' | 'desc'): T[] {
  const merged = lists.flat();
  if (!sortOrder) return merged;
  const direction = sortOrder === 'asc' ? 1 : -1;
  return merged.sort((a, b) => (a.price - b.price) * direction);
}
