import { Link } from 'react-router';
import type { Promotion } from '@store/shared';
import { useSiteSettingsQuery } from '../../../lib/site-data/settings.ts';
import { useCatalogProductsQuery } from '../api/products.ts';
import { AppDownload } from '../components/AppDownload.tsx';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { PromotionBanner, type PromotionChannel } from '../components/PromotionBanner.tsx';
import { availableFirst } from '../listing-order.ts';
import { useListingSync } from '../use-listing-sync.ts';
import '../catalog.css';

const FEATURED_COUNT = 8;
const NO_FILTERS = {};

export interface HomePageProps {
  /** The promotion to feature, or null/undefined for none (yet). Which one is the route's choice. */
  promotion: Promotion | null | undefined;
  /** Where the promotion applies: on this web store, or in the mobile apps. */
  promotionChannel: PromotionChannel;
}

export default function HomePage({ promotion, promotionChannel }: HomePageProps) {
  const listing = useCatalogProductsQuery(NO_FILTERS);
  const settings = useSiteSettingsQuery();
  useListingSync(listing.data);

  const featured = availableFirst(listing.data?.data ?? []).slice(0, FEATURED_COUNT);
  const giftCards = listing.data?.giftCards ?? [];

  return (
    <div className="catalog-page home-page">
      <title>Game coins and gift cards</title>
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="home-hero__copy">
          <p className="home-hero__eyebrow">Instant top-ups</p>
          <h1 id="home-hero-title" className="home-hero__title">
            Power up your game in seconds
          </h1>
          <p className="home-hero__pitch">
            Coin packages and gift cards delivered straight to your wallet, with secure checkout and bonus coins on selected packs.
          </p>
          <Link className="btn btn--primary" to="/products">
            Browse packages
          </Link>
        </div>
        {promotion ? <PromotionBanner promotion={promotion} channel={promotionChannel} /> : null}
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
