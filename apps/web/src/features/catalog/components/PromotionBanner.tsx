import { bonusTag, type Promotion } from '@store/shared';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** 'web': the web store's promotion (active-promotion-web); 'app': the mobile apps' (active-promotion). */
export type PromotionChannel = 'web' | 'app';

const WHERE: Record<PromotionChannel, string> = {
  web: 'Extra coins on every purchase',
  app: 'Extra coins on every purchase in our mobile app',
};

/** The promotion running now, shown in the home hero. */
export function PromotionBanner({ promotion, channel }: { promotion: Promotion; channel: PromotionChannel }) {
  return (
    <aside className="promo-banner" aria-label="Current promotion" data-channel={channel}>
      <span className="promo-banner__badge">{bonusTag(promotion.bonusType, promotion.bonusPercentage)}</span>
      <div className="promo-banner__text">
        <strong className="promo-banner__name">{promotion.name}</strong>
        <span className="promo-banner__detail">
          {WHERE[channel]}
          {promotion.endsAt ? ` until ${dateFormat.format(new Date(promotion.endsAt))}` : ''}.
        </span>
      </div>
    </aside>
  );
}
