import '../checkout.css';
import { useState } from 'react';
import { Button } from '../../../components/ui/index.ts';
import { useNavigate } from 'react-router';
import { failureText } from '../../../lib/api-failure.ts';
import { useCheckoutBuyNowMutation } from '../api/buy-now.ts';

interface Props {
  itemId: string;
  kind: 'product' | 'giftCard';
  disabled?: boolean;
  /** Told before the order is placed, so the caller can remember what is being bought. */
  onStart?: () => void;
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
      setError(failureText(failure, 'We could not start this purchase. Please try again.'));
    }
  }

  return (
    <>
      <Button data-testid="buy-now-button" disabled={disabled} busy={isLoading} busyLabel="Starting…" onClick={() => void buy()}>
        Buy now
      </Button>
      {error ? (
        <p className="buy-now-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
