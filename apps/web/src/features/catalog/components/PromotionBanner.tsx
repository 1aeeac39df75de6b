import { bonusTag, type Promotion } from '@store/shared';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The web promotion running now, shown in the home hero. */
export function PromotionBanner({ promotion }: { promotion: Promotion }) {
  return (
    <aside className="promo-banner" aria-label="Current promotion">
      <span className="promo-banner__badge">{bonusTag(promotion.bonusType, promotion.bonusPercentage)}</span>
      <div className="promo-banner__text">
        <strong className="promo-banner__name">{promotion.name}</strong>
        <span className="promo-banner__detail">
          Extra coins on every purchase
          {promotion.endsAt ? ` until ${dateFormat.format(new Date(promotion.endsAt))}` : ''}.
        </span>
      </div>
    </aside>
  );
}
