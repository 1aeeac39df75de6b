import { Button } from '../../../components/ui/index.ts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../lib/toast.ts';
import { useCartAddItemMutation } from '../api/add-to-cart.ts';
import type { CartItemKind } from '../types.ts';
import { failureText } from '../../../lib/api-failure.ts';
import '../cart.css';

interface Props {
  itemId: string;
  kind: CartItemKind;
  disabled?: boolean;
}

const MAX_QUANTITY = 100;

/** Quantity picker and "Add to cart" for one package; the server prices it from the catalogue. */
export function AddToCartButton({ itemId, kind, disabled = false }: Props) {
  const quantityId = useId();
  // The typed text: clearing the field to type a new number must not snap it back to 1.
  const [quantityText, setQuantityText] = useState('1');
  const [added, setAdded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [addItem, { isLoading }] = useCartAddItemMutation();

  async function add() {
    setError(null);
    setAdded(false);
    const quantity = Number(quantityText);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
      setError(`Choose a quantity from 1 to ${MAX_QUANTITY}.`);
      return;
    }
    try {
      await addItem({ itemId, quantity, type: kind }).unwrap();
      setAdded(true);
      notify.success('Added to your cart.');
    } catch (failure) {
      setError(failureText(failure, 'We could not add this to your cart. Please try again.'));
    }
  }

  return (
    <div className="add-to-cart">
      <label htmlFor={quantityId}>Quantity</label>
      <input
        id={quantityId}
        className="add-to-cart__quantity"
        type="number"
        min={1}
        max={MAX_QUANTITY}
        step={1}
        value={quantityText}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setQuantityText(event.target.value)}
      />
      <Button variant="outline" disabled={disabled} busy={isLoading} busyLabel="Adding…" onClick={() => void add()}>
        Add to cart
      </Button>
      {added ? (
        <Link className="add-to-cart__view" to="/cart">
          View cart
        </Link>
      ) : null}
      {error ? (
        <p className="cart-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
