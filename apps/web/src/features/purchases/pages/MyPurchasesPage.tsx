import { Link } from 'react-router';
import { formatOrderNumber, paymentSuccessPath } from '@store/shared';
import { Button, PageLayout, Panel } from '../../../components/ui/index.ts';
import { useAppSelector } from '../../../lib/hooks.ts';
import { usePurchasesMyPurchasesQuery } from '../api/my-purchases.ts';
import { selectMyPurchases } from '../my-purchases-slice.ts';
import { PurchaseSummary } from '../components/PurchaseSummary.tsx';
import { useRefreshWhileProcessing } from '../use-refresh-while-processing.ts';
import '../purchases.css';

/** /my-purchases: the shopper's orders, newest first, with gift-card codes once delivered. */
export default function MyPurchasesPage() {
  const { isLoading, isError, refetch } = usePurchasesMyPurchasesQuery(undefined, { refetchOnMountOrArgChange: true });
  // The list the fetch stored in the myPurchases slice (SPEC §3).
  const purchases = useAppSelector(selectMyPurchases);
  // A bank payment settling (or returned after it) moves its order on here as it happens.
  useRefreshWhileProcessing(
    purchases.some((p) => p.paymentProcessing),
    refetch,
  );

  return (
    <PageLayout title="My purchases">
      {isLoading ? (
        <p role="status">Loading your purchases…</p>
      ) : isError ? (
        <Panel label="Your purchases">
          <p>We couldn't load your purchases.</p>
          <Button onClick={() => void refetch()}>Try again</Button>
        </Panel>
      ) : purchases.length === 0 ? (
        <Panel label="Your purchases">
          <p>You haven't bought anything yet.</p>
          <Link className="btn btn--primary" to="/products">
            Browse packages
          </Link>
        </Panel>
      ) : (
        <ul className="purchases-list">
          {purchases.map((purchase) => (
            <li key={purchase._id} className="purchase ui-panel" data-testid="purchase-row" data-order-id={purchase._id}>
              <PurchaseSummary purchase={purchase} />
              {purchase.paidWith ? (
                <p className="purchase__links">
                  <Link to={paymentSuccessPath(purchase._id)} data-testid="receipt-link">
                    Receipt for order {formatOrderNumber(purchase.number)}
                  </Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
