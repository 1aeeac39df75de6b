import type { GiftCard, Product } from '@store/shared';
import { availableFirst } from '../listing-order.ts';
import { ProductCard } from './ProductCard.tsx';

/** A responsive grid of package cards, available ones first. */
export function ProductGrid({
  items,
  label,
  emptyText = 'No packages to show yet.',
}: {
  items: readonly (Product | GiftCard)[];
  label: string;
  emptyText?: string;
}) {
  if (items.length === 0) return <p className="product-grid__empty">{emptyText}</p>;
  return (
    <ul className="product-grid" aria-label={label}>
      {availableFirst(items).map((item) => (
        <li key={`${item.kind}:${item._id}`} className="product-grid__item">
          <ProductCard item={item} />
        </li>
      ))}
    </ul>
  );
}
