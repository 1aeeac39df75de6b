import { Button } from '../../../components/ui/index.ts';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatCents, formatCoins, type GiftCard, type Product } from '@store/shared';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { readApiFailure } from '../../../lib/api-failure.ts';
import { useCatalogGiftCardQuery } from '../api/gift-card.ts';
import { useCatalogProductQuery } from '../api/product.ts';
import { BonusTag } from '../components/BonusTag.tsx';
import { hasBonus } from '../listing-order.ts';
import { singlePackageReceived } from '../product-listing-slice.ts';
import '../catalog.css';

export const NOT_FOUND_TEXT = "We couldn't find that package";

interface Props {
  /** Buying controls, composed in by the app (this feature knows nothing of the cart). */
  renderActions?: (item: Product | GiftCard) => ReactNode;
}

export default function ProductDetailsPage({ renderActions }: Props = {}) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const isGiftCard = params.get('type') === 'giftCard';
  const dispatch = useAppDispatch();
  const productQuery = useCatalogProductQuery(id, { skip: isGiftCard || !id });
  const giftCardQuery = useCatalogGiftCardQuery(id, { skip: !isGiftCard || !id });
  const { data: item, error, isLoading, refetch } = isGiftCard ? giftCardQuery : productQuery;

  useEffect(() => {
    dispatch(singlePackageReceived(item ?? null));
  }, [dispatch, item]);

  const backLink = (
    <Link to="/products" className="catalog-back">
      ← All packages
    </Link>
  );

  if (isLoading) {
    return (
      <div className="catalog-page">
        <p role="status">Loading package…</p>
      </div>
    );
  }

  if (!item) {
    const { status } = readApiFailure(error);
    const missing = !error || status === 400 || status === 404;
    return (
      <div className="catalog-page">
        <section className="catalog-empty" aria-labelledby="details-missing-title">
          <h1 id="details-missing-title">{missing ? NOT_FOUND_TEXT : "We couldn't load that package"}</h1>
          <p>{missing ? 'It may have been removed, or the link is mistyped.' : 'Something went wrong on our side. Please try again.'}</p>
          <div className="catalog-empty__actions">
            {missing ? null : (
              <Button variant="outline" onClick={() => void refetch()}>
                Try again
              </Button>
            )}
            <Link to="/products" className="btn btn--primary">
              Browse all packages
            </Link>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="catalog-page">
      <title>{item.name}</title>
      {backLink}
      <article className="product-details" data-testid="product-details" data-available={String(item.isAvailable)}>
        <div className="product-details__media">
          <img className="product-details__image" src={item.image} alt={item.name} />
        </div>
        <div className="product-details__info">
          <p className="product-details__kind">{item.kind === 'giftCard' ? `${item.brand} gift card` : 'Coin package'}</p>
          <h1 className="product-details__name">{item.name}</h1>
          {hasBonus(item) ? (
            <BonusTag className="product-details__bonus" bonusType={item.bonusType} bonusAmount={item.bonusAmount} />
          ) : null}
          <p className="product-details__description">{item.description}</p>
          <dl className="product-details__price">
            <div>
              <dt>Price</dt>
              <dd className="product-details__dollars">{formatCents(item.price)}</dd>
            </div>
            {item.coins > 0 ? (
              <div>
                <dt>Coins</dt>
                <dd>{formatCoins(item.coins)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Availability</dt>
              <dd className={item.isAvailable ? 'availability availability--in' : 'availability availability--out'}>
                {item.isAvailable ? 'Available' : 'Sold out'}
              </dd>
            </div>
          </dl>
          {renderActions ? <div className="product-details__actions">{renderActions(item)}</div> : null}
        </div>
      </article>
    </div>
  );
}
