import { useId, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents, formatCoins, type GiftCard, type Product } from '@store/shared';
import { detailsPath, hasBonus } from '../listing-order.ts';
import { BonusTag } from './BonusTag.tsx';
import '../catalog.css';

/**
 * One package in a grid (SPEC §2): image, name, description, price in dollars and coins, bonus tag and a
 * Buy button. The whole card opens the details page; a sold-out card (SPEC §4) reads Sold and goes nowhere.
 */
export function ProductCard({ item }: { item: Product | GiftCard }) {
  const navigate = useNavigate();
  const titleId = useId();
  const available = item.isAvailable;
  const href = detailsPath(item);

  function openDetails(event: MouseEvent) {
    // The name link navigates by itself (and marks the event handled); everything else on the card lands here.
    if (!available || event.defaultPrevented) return;
    void navigate(href);
  }

  return (
    <article
      className={`product-card${available ? '' : ' product-card--sold'}`}
      data-testid="product-card"
      data-available={String(available)}
      aria-labelledby={titleId}
      onClick={openDetails}
    >
      <div className="product-card__media">
        <img className="product-card__image" src={item.image} alt={item.name} loading="lazy" />
        {hasBonus(item) ? <BonusTag className="product-card__bonus" bonusType={item.bonusType} bonusAmount={item.bonusAmount} /> : null}
      </div>
      <div className="product-card__body">
        <h3 id={titleId} className="product-card__name">
          {available ? <Link to={href}>{item.name}</Link> : item.name}
        </h3>
        <p className="product-card__description">{item.description}</p>
        <div className="product-card__footer">
          <p className="product-card__price">
            <span className="product-card__dollars">{formatCents(item.price)}</span>
            {item.coins > 0 ? <span className="product-card__coins">{formatCoins(item.coins)} coins</span> : null}
          </p>
          {/* No handler of its own: its click bubbles to the card. Disabled buttons fire no click at all. */}
          <button type="button" className="product-card__buy" data-testid="buy-button" disabled={!available} aria-describedby={titleId}>
            {available ? 'Buy' : 'Sold'}
          </button>
        </div>
      </div>
    </article>
  );
}
