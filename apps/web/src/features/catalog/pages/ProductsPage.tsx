import { useId, useState } from 'react';
import { formatCents, type GiftCard, type Product } from '@store/shared';
import { useAppSelector } from '../../../lib/hooks.ts';
import { useCatalogDistinctPricesQuery } from '../api/distinct-prices.ts';
import { useCatalogProductsQuery } from '../api/products.ts';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { mergeByPrice } from '../listing-order.ts';
import { useListingSync } from '../use-listing-sync.ts';
import { selectIsSoldProducts } from '../product-listing-slice.ts';
import '../catalog.css';

type SortOrder = 'asc' | 'desc';
const ALL_PRICES = '';

export default function ProductsPage() {
  const sortId = useId();
  const priceId = useId();
  const [sortOrder, setSortOrder] = useState<SortOrder>('asc');
  const [price, setPrice] = useState<string>(ALL_PRICES);
  const listing = useCatalogProductsQuery({ sortOrder, price: price === ALL_PRICES ? undefined : Number(price) });
  const prices = useCatalogDistinctPricesQuery();
  const isSoldProducts = useAppSelector(selectIsSoldProducts);
  useListingSync(listing.data);

  const items = listing.data ? mergeByPrice<Product | GiftCard>([listing.data.data, listing.data.giftCards], sortOrder) : [];

  return (
    <div className="catalog-page products-page">
      <title>All packages</title>
      <header className="catalog-page__head">
        <h1>Coin packages and gift cards</h1>
        <p className="catalog-page__intro">Pick a pack, check the bonus and top up your wallet in a few clicks.</p>
      </header>

      <div className="catalog-toolbar" role="group" aria-label="Sort and filter">
        <div className="catalog-toolbar__field">
          <label htmlFor={sortId}>Sort by</label>
          <select id={sortId} value={sortOrder} onChange={(event) => setSortOrder(event.target.value as SortOrder)}>
            <option value="asc">Price: low to high</option>
            <option value="desc">Price: high to low</option>
          </select>
        </div>
        <div className="catalog-toolbar__field">
          <label htmlFor={priceId}>Price</label>
          <select id={priceId} value={price} onChange={(event) => setPrice(event.target.value)}>
            <option value={ALL_PRICES}>All prices</option>
            {(prices.data ?? []).map((cents) => (
              <option key={cents} value={String(cents)}>
                {formatCents(cents)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {listing.isLoading ? (
        <p role="status">Loading packages…</p>
      ) : listing.isError ? (
        <div className="catalog-notice" role="alert">
          <p>We couldn't load the packages right now.</p>
          <button type="button" className="catalog-button catalog-button--secondary" onClick={() => void listing.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        // One grid for coin packages and gift cards: available ones first across the whole page (SPEC §3).
        <section className="catalog-section" aria-labelledby="packages-title" aria-busy={listing.isFetching}>
          <div className="catalog-section__head">
            <h2 id="packages-title">Packages</h2>
            {isSoldProducts ? <p className="catalog-section__note">Sold-out packages are listed last.</p> : null}
          </div>
          <ProductGrid items={items} label="Packages" emptyText="No packages match this price." />
        </section>
      )}
    </div>
  );
}
