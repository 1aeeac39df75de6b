import { bonusTag } from '@store/shared';

/** '10% Bonus' for PERCENTAGE, '500 LDC Bonus' for a coin bonus (SPEC §2 Product grid). */
export function BonusTag({ bonusType, bonusAmount, className = '' }: { bonusType: string; bonusAmount: number; className?: string }) {
  return (
    <span className={`bonus-tag ${className}`.trim()} data-testid="product-bonus-tag">
      {bonusTag(bonusType, bonusAmount)}
    </span>
  );
}
