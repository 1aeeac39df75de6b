import { Button } from '../../../components/ui/index.ts';
/** What a saved card of any provider shows the shopper (Nuvei, Stripe and Square cards all carry it). */
export interface ListedCard {
  userPaymentOptionId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

interface Props<T extends ListedCard> {
  cards: T[];
  selectedId: string | null;
  busy: boolean;
  onSelect: (id: string | null) => void;
  /** Delete was pressed on this card (the panel asks for a confirmation first); no Delete button without it. */
  onDelete?: (card: T) => void;
  /** Without an order to pay the list only manages cards. */
  selectable: boolean;
  /** Whether a selectable list ends with "Use a new card"; default: whenever it is selectable. */
  offerNewCard?: boolean;
  /** The radio group's name, one per panel so two lists on a page do not share a choice. */
  name?: string;
  /** The list's accessible name. */
  listLabel?: string;
  /** Each card's test id. */
  itemTestId?: string;
}

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };
const brandName = (brand: string) => BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

/** The card as the shopper knows it: 'Visa ending 1111'. */
export const cardLabel = (card: Pick<ListedCard, 'brand' | 'last4'>) => `${brandName(card.brand)} ending ${card.last4}`;

const expiry = (card: ListedCard) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;

/** Saved cards: pick one to pay with, or delete it (one provider's, or every provider's on the pay page). */
export function SavedCardList<T extends ListedCard>({
  cards,
  selectedId,
  busy,
  onSelect,
  onDelete,
  selectable,
  offerNewCard = selectable,
  name = 'payment-card',
  listLabel = 'Saved cards',
  itemTestId = 'saved-card',
}: Props<T>) {
  // No saved card: nothing to choose between, the new card's form is the one shown.
  if (cards.length === 0) return null;
  return (
    <ul className="saved-cards" aria-label={listLabel}>
      {cards.map((card) => {
        const label = cardLabel(card);
        return (
          <li key={card.userPaymentOptionId} className="saved-card" data-testid={itemTestId}>
            <label className="saved-card__choice">
              {selectable ? (
                <input
                  type="radio"
                  name={name}
                  checked={selectedId === card.userPaymentOptionId}
                  onChange={() => onSelect(card.userPaymentOptionId)}
                />
              ) : null}
              <span className="saved-card__brand">{label}</span>
              <span className="payments-muted">expires {expiry(card)}</span>
            </label>
            {onDelete ? (
              <Button variant="link" disabled={busy} aria-label={`Delete ${label}`} onClick={() => onDelete(card)}>
                Delete
              </Button>
            ) : null}
          </li>
        );
      })}
      {selectable && offerNewCard ? (
        <li className="saved-card">
          <label className="saved-card__choice">
            <input type="radio" name={name} checked={selectedId === null} onChange={() => onSelect(null)} />
            <span className="saved-card__brand">Use a new card</span>
          </label>
        </li>
      ) : null}
    </ul>
  );
}
