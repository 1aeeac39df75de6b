import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCoins } from '@store/shared';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { usePurchasesOrderQuery } from '../api/get-order.ts';
import { lastPurchasedSet, successDataStored } from '../purchase-memory-slice.ts';
import { PurchaseSummary } from '../components/PurchaseSummary.tsx';
import '../purchases.css';

// After a challenge the bank's approval may reach us a moment before the delivery finishes.
const POLL_MS = 1000;

/** /payment-success?orderId=: the paid order and the coins it credited. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const dispatch = useAppDispatch();
  const { data: order, isError, isLoading } = usePurchasesOrderQuery(orderId, { skip: !orderId, refetchOnMountOrArgChange: true });
  const delivering = order?.status === 'paid' || order?.status === 'pending';
  usePurchasesOrderQuery(orderId, { skip: !orderId || !delivering, pollingInterval: POLL_MS });

  useEffect(() => {
    if (order?.status !== 'fulfilled') return;
    dispatch(successDataStored(order));
    dispatch(lastPurchasedSet(order));
  }, [dispatch, order]);

  return (
    <div className="purchases-page">
      <title>Payment complete</title>
      {!orderId || isError ? (
        <section className="purchases-panel">
          <h1>We couldn't find that order</h1>
          <p>
            Your purchases are listed in <Link to="/my-purchases">My purchases</Link>.
          </p>
        </section>
      ) : isLoading || !order ? (
        <p role="status">Loading your order…</p>
      ) : (
        <section className="purchases-panel payment-success" data-testid="payment-success">
          <h1>{order.status === 'fulfilled' ? 'Thank you for your purchase!' : delivering ? 'Payment received' : 'Payment not completed'}</h1>
          {order.status === 'fulfilled' && order.totalCoins > 0 ? (
            <p className="payment-success__coins" data-testid="coins-credited">
              {formatCoins(order.totalCoins)} coins were added to your wallet.
            </p>
          ) : null}
          {delivering ? <p role="status">We are delivering your order…</p> : null}
          <article className="purchase">
            <PurchaseSummary purchase={order} />
          </article>
          <div className="purchases-actions">
            <Link className="purchases-button" to="/my-purchases">
              My purchases
            </Link>
            <Link className="purchases-button purchases-button--secondary" to="/products">
              Keep shopping
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
