import { Link } from 'react-router';
import { useCatalogActivePromotionWebQuery } from '../api/active-promotion-web.ts';
import { useCatalogProductsQuery } from '../api/products.ts';
import { useCatalogSettingsQuery } from '../api/settings.ts';
import { AppDownload } from '../components/AppDownload.tsx';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { PromotionBanner } from '../components/PromotionBanner.tsx';
import { availableFirst } from '../listing-order.ts';
import { useListingSync } from '../use-listing-sync.ts';
import '../catalog.css';

const FEATURED_COUNT = 8;
const NO_FILTERS = {};

export default function HomePage() {
  const listing = useCatalogProductsQuery(NO_FILTERS);
  const promotion = useCatalogActivePromotionWebQuery();
  const settings = useCatalogSettingsQuery();
  useListingSync(listing.data);

  const featured = availableFirst(listing.data?.data ?? []).slice(0, FEATURED_COUNT);
  const giftCards = listing.data?.giftCards ?? [];

  return (
    <div className="catalog-page home-page">
      <title>Game coins and gift cards</title>
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="home-hero__copy">
          <p className="home-hero__eyebrow">Instant top-ups</p>
          <h1 id="home-hero-title" className="home-hero__title">Power up your game in seconds</h1>
          <p className="home-hero__pitch">
            Coin packages and gift cards delivered straight to your wallet, with secure checkout and bonus coins on selected packs.
          </p>
          <Link className="catalog-button catalog-button--primary" to="/products">
            Browse packages
          </Link>
        </div>
        {promotion.data ? <PromotionBanner promotion={promotion.data} /> : null}
      </section>

      <section className="catalog-section" aria-labelledby="featured-title">
        <div className="catalog-section__head">
          <h2 id="featured-title">Featured coin packages</h2>
          <Link to="/products" className="catalog-section__more">
            See all packages
          </Link>
        </div>
        {listing.isLoading ? (
          <p role="status">Loading packages…</p>
        ) : listing.isError ? (
          <p className="catalog-notice">We couldn't load the packages right now. Please try again in a moment.</p>
        ) : (
          <ProductGrid items={featured} label="Featured coin packages" emptyText="New packages are on their way." />
        )}
      </section>

      {giftCards.length > 0 ? (
        <section className="catalog-section" aria-labelledby="gift-cards-title">
          <div className="catalog-section__head">
            <h2 id="gift-cards-title">Gift cards</h2>
          </div>
          <ProductGrid items={giftCards} label="Gift cards" />
        </section>
      ) : null}

      <AppDownload settings={settings.data} />
    </div>
  );
}
