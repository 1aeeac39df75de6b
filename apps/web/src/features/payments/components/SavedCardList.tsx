import type { SavedCard } from '../types.ts';

interface Props {
  cards: SavedCard[];
  selectedId: string | null;
  busy: boolean;
  onSelect: (id: string | null) => void;
  onDelete: (id: string) => void;
  /** Without an order to pay the list only manages cards. */
  selectable: boolean;
}

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };
const brandName = (brand: string) => BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

/** The card as the shopper knows it: 'Visa ending 1111'. */
export const cardLabel = (card: SavedCard) => `${brandName(card.brand)} ending ${card.last4}`;

const expiry = (card: SavedCard) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;

/** The shopper's saved cards: pick one to pay with, or delete it. */
export function SavedCardList({ cards, selectedId, busy, onSelect, onDelete, selectable }: Props) {
  return (
    <ul className="saved-cards" aria-label="Saved cards">
      {cards.map((card) => {
        const label = cardLabel(card);
        return (
          <li key={card.userPaymentOptionId} className="saved-card" data-testid="saved-card">
            <label className="saved-card__choice">
              {selectable ? (
                <input
                  type="radio"
                  name="payment-card"
                  checked={selectedId === card.userPaymentOptionId}
                  onChange={() => onSelect(card.userPaymentOptionId)}
                />
              ) : null}
              <span className="saved-card__brand">{label}</span>
              <span className="payments-muted">expires {expiry(card)}</span>
            </label>
            <button
              type="button"
              className="payments-link-button"
              disabled={busy}
              aria-label={`Delete ${label}`}
              onClick={() => onDelete(card.userPaymentOptionId)}
            >
              Delete
            </button>
          </li>
        );
      })}
      {selectable ? (
        <li className="saved-card">
          <label className="saved-card__choice">
            <input type="radio" name="payment-card" checked={selectedId === null} onChange={() => onSelect(null)} />
            <span className="saved-card__brand">Use a new card</span>
          </label>
        </li>
      ) : null}
    </ul>
  );
}
