import '../checkout.css';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCheckoutBuyNowMutation } from '../api/buy-now.ts';

interface Props {
  itemId: string;
  kind: 'product' | 'giftCard';
  disabled?: boolean;
  /** Told before the order is placed, so the caller can remember what is being bought. */
  onStart?: () => void;
}

function messageOf(error: unknown): string {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : null;
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') return data.message;
  return 'We could not start this purchase. Please try again.';
}

/** "Buy now": a pending order for this one package, then straight to card payment. */
export function BuyNowButton({ itemId, kind, disabled = false, onStart }: Props) {
  const navigate = useNavigate();
  const [buyNow, { isLoading }] = useCheckoutBuyNowMutation();
  const [error, setError] = useState<string | null>(null);

  async function buy() {
    setError(null);
    onStart?.();
    try {
      const order = await buyNow({ id: itemId, type: kind, quantity: 1 }).unwrap();
      void navigate(`/add-card/${encodeURIComponent(order._id)}`);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <>
      <button type="button" className="buy-now-button" data-testid="buy-now-button" disabled={disabled || isLoading} onClick={() => void buy()}>
        Buy now
      </button>
      {error ? (
        <p className="buy-now-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
