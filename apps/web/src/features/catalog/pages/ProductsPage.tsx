import { Button, SelectField } from '../../../components/ui/index.ts';
import { useState } from 'react';
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
const SORT_OPTIONS = [
  { value: 'asc', label: 'Price: low to high' },
  { value: 'desc', label: 'Price: high to low' },
];
const ALL_PRICES = '';

export default function ProductsPage() {
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
        <SelectField
          label="Sort by"
          name="sort"
          value={sortOrder}
          onValueChange={(value) => setSortOrder(value as SortOrder)}
          options={SORT_OPTIONS}
        />
        <SelectField
          label="Price"
          name="price"
          value={price}
          onValueChange={setPrice}
          options={[
            { value: ALL_PRICES, label: 'All prices' },
            ...(prices.data ?? []).map((cents) => ({ value: String(cents), label: formatCents(cents) })),
          ]}
        />
      </div>

      {listing.isLoading ? (
        <p role="status">Loading packages…</p>
      ) : listing.isError ? (
        <div className="catalog-notice" role="alert">
          <p>We couldn't load the packages right now.</p>
          <Button variant="outline" onClick={() => void listing.refetch()}>
            Try again
          </Button>
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
