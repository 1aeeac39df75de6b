import { formatCents, formatCoins } from '@store/shared';
import type { CartItem } from '../types.ts';

interface Props {
  line: CartItem;
  busy: boolean;
  onIncrease: () => void;
  onDecrease: () => void;
  onRemove: () => void;
}

/**
 * One cart line: image, name, unit price, quantity stepper and remove. A sold-out line (the server
 * leaves it out of the totals and of the order) says so, counts for nothing here either, and can only
 * be removed.
 */
export function CartLineRow({ line, busy, onIncrease, onDecrease, onRemove }: Props) {
  const item = line.itemId;
  const soldOut = !item.isAvailable;
  return (
    <li className={soldOut ? 'cart-line cart-line--sold-out' : 'cart-line'} data-testid="cart-line" data-item-id={item._id}>
      <img className="cart-line__image" src={item.image} alt="" />
      <div className="cart-line__info">
        <h2 className="cart-line__name">{item.name}</h2>
        <p className="cart-line__price">
          {formatCents(item.price)}
          {item.coins > 0 ? <span className="cart-line__coins"> · {formatCoins(item.coins)} coins</span> : null}
        </p>
        {soldOut ? (
          <p className="cart-line__sold-out" data-testid="cart-line-sold-out">
            <strong className="cart-line__sold-out-label">Sold out</strong> · This item will not be ordered. Remove it from your cart.
          </p>
        ) : null}
      </div>
      <div className="cart-line__stepper" role="group" aria-label={`Quantity of ${item.name}`}>
        <button
          type="button"
          className="cart-stepper__button"
          data-testid="cart-decrease"
          aria-label={`One fewer ${item.name}`}
          disabled={busy || soldOut || line.quantity <= 1}
          onClick={onDecrease}
        >
          −
        </button>
        <span className="cart-stepper__value" data-testid="cart-line-quantity" aria-live="polite">
          {line.quantity}
        </span>
        <button
          type="button"
          className="cart-stepper__button"
          data-testid="cart-increase"
          aria-label={`One more ${item.name}`}
          disabled={busy || soldOut}
          onClick={onIncrease}
        >
          +
        </button>
      </div>
      {soldOut ? (
        <p className="cart-line__total cart-muted" data-testid="cart-line-total">
          Not included
        </p>
      ) : (
        <p className="cart-line__total" data-testid="cart-line-total">
          {formatCents(item.price * line.quantity)}
        </p>
      )}
      <button
        type="button"
        className="cart-line__remove"
        data-testid="cart-remove"
        aria-label={`Remove ${item.name}`}
        disabled={busy}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}
