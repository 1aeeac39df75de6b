import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DUPLICATE_PAYMENT_REFUNDED_PARAM,
  DUPLICATE_PAYMENT_REFUNDED_TEXT,
  formatCoins,
  readProcessingVia,
  type ProcessingVia,
} from '@store/shared';
import { Button, PageLayout, Panel } from '../../../components/ui/index.ts';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { useCheckoutOrderQuery } from '../../../lib/orders/get-order.ts';
import { lastPurchasedSet, successDataStored } from '../purchase-memory-slice.ts';
import { PurchaseSummary } from '../components/PurchaseSummary.tsx';
import type { Purchase } from '../types.ts';
import { useRefreshWhileProcessing } from '../use-refresh-while-processing.ts';
import '../purchases.css';

// A paid order is usually delivered a moment after the bank's approval reaches us, so the page asks again
// every second while it is paid but not yet fulfilled.
export const DELIVERY_POLL_MS = 1000;
// The server retries an unfinished delivery every 30 s; after a minute the page stops asking and says
// where the order will show up, rather than polling forever.
export const DELIVERY_WAIT_MS = 60_000;
// Back from the bank's 3-D Secure page, the provider's notification of the approval may reach the server
// a few seconds after the browser does (a real provider sends it on its own). A pending order is asked
// after for this long before the page says no payment has arrived.
export const CONFIRMATION_WAIT_MS = 15_000;

export const CONFIRMING_TEXT = 'We are waiting for your bank to confirm the payment…';
export const BANK_PROCESSING_TEXT =
  'Your bank payment is processing. Bank payments take a few days to settle; your coins arrive as soon as it does, and this page updates by itself.';
export const CARD_PROCESSING_TEXT =
  'Your card payment is being confirmed. Your coins arrive as soon as it is, and this page updates by itself.';
// Reached without the method named (a provider's own redirect back): the copy names none rather than guess.
export const PAYMENT_PROCESSING_TEXT =
  'Your payment is being confirmed. Your coins arrive as soon as it is, and this page updates by itself.';

/** Issue 24: the copy matches the method, so a card payment still settling is never called a bank payment. */
const PROCESSING_TEXTS: Record<ProcessingVia | 'unknown', string> = {
  bank: BANK_PROCESSING_TEXT,
  card: CARD_PROCESSING_TEXT,
  unknown: PAYMENT_PROCESSING_TEXT,
};
export const WAITING_FOR_PAYMENT_TEXT = 'We have not received a payment for this order yet, so nothing has been delivered.';
export const DELIVERY_SLOW_TEXT =
  'Your payment was received, but delivery is taking longer than usual. It will finish on its own: check My purchases in a few minutes.';

const HEADINGS: Record<Purchase['status'], string> = {
  pending: 'Waiting for your payment',
  paid: 'Payment received',
  fulfilled: 'Thank you for your purchase!',
  failed: 'Payment not completed',
  canceled: 'Order canceled',
  refunded: 'Order refunded',
};

/** True once `ms` have passed since `running` turned true (and only while it stays true). */
function useTimeUp(running: boolean, ms: number): boolean {
  const [timeUp, setTimeUp] = useState(false);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setTimeUp(true), ms);
    return () => clearTimeout(timer);
  }, [running, ms]);
  return running && timeUp;
}

/** /payment-success?orderId=: the paid order and the coins it credited, or honestly where the order stands. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  // Back from a provider's page after the order had been paid another way: that payment was refunded (ADR 012).
  const duplicateRefunded = params.get(DUPLICATE_PAYMENT_REFUNDED_PARAM) === '1';
  const processingVia = readProcessingVia(params) ?? 'unknown';
  const dispatch = useAppDispatch();
  const {
    data: order,
    isError,
    isLoading,
    isFetching,
    refetch,
  } = useCheckoutOrderQuery(orderId, {
    skip: !orderId,
    refetchOnMountOrArgChange: true,
  });
  const delivering = order?.status === 'paid';
  // Taken, not settled yet: a bank debit (ADR 011), for days perhaps, or a card the provider has not confirmed.
  const processing = order?.status === 'pending' && order.paymentProcessing === true;
  const waitingForPayment = order?.status === 'pending' && !processing;
  const waitedTooLong = useTimeUp(delivering, DELIVERY_WAIT_MS);
  const confirmationOver = useTimeUp(waitingForPayment, CONFIRMATION_WAIT_MS);
  const confirming = waitingForPayment && !confirmationOver;
  useCheckoutOrderQuery(orderId, { skip: !orderId || !((delivering && !waitedTooLong) || confirming), pollingInterval: DELIVERY_POLL_MS });

  // Once the order is shown: a settlement, and a return after it, change it while the page is open.
  useRefreshWhileProcessing(processing, refetch, order !== undefined);

  const heading = processing ? 'Payment processing' : confirming ? 'Confirming your payment' : order ? HEADINGS[order.status] : '';

  useEffect(() => {
    if (order?.status !== 'fulfilled') return;
    dispatch(successDataStored(order));
    dispatch(lastPurchasedSet(order));
  }, [dispatch, order]);

  const notFound = !orderId || isError;
  return (
    <PageLayout title={notFound ? "We couldn't find that order" : order ? heading : 'Your order'}>
      {notFound ? (
        <Panel label="Your order">
          <p>
            Your purchases are listed in <Link to="/my-purchases">My purchases</Link>.
          </p>
        </Panel>
      ) : isLoading || !order ? (
        <p role="status">Loading your order…</p>
      ) : (
        <Panel className="payment-success" testId="payment-success" label="Your order">
          {duplicateRefunded ? (
            <p role="status" data-testid="duplicate-payment-refunded">
              {DUPLICATE_PAYMENT_REFUNDED_TEXT}
            </p>
          ) : null}
          {order.status === 'fulfilled' && order.totalCoins > 0 ? (
            <p className="payment-success__coins" data-testid="coins-credited">
              {formatCoins(order.totalCoins)} coins were added to your wallet.
            </p>
          ) : null}
          {delivering ? (
            <p role="status" data-testid="delivery-status">
              {waitedTooLong ? DELIVERY_SLOW_TEXT : 'We are delivering your order…'}
            </p>
          ) : null}
          {processing ? (
            <p role="status" data-testid="payment-processing">
              {PROCESSING_TEXTS[processingVia]}
            </p>
          ) : null}
          {confirming ? (
            <p role="status" data-testid="confirming-payment">
              {CONFIRMING_TEXT}
            </p>
          ) : null}
          {waitingForPayment && !confirming ? (
            <div role="status" data-testid="awaiting-payment">
              <p>{WAITING_FOR_PAYMENT_TEXT}</p>
              <p className="purchases-actions">
                <Link className="btn btn--primary" to={`/add-card/${encodeURIComponent(order._id)}`}>
                  Pay for this order
                </Link>
                <Button variant="outline" disabled={isFetching} onClick={() => void refetch()}>
                  Check again
                </Button>
              </p>
            </div>
          ) : null}
          <article className="purchase">
            <PurchaseSummary purchase={order} />
          </article>
          <div className="purchases-actions">
            <Link className="btn btn--primary" to="/my-purchases">
              My purchases
            </Link>
            <Link className="btn btn--outline" to="/products">
              Keep shopping
            </Link>
          </div>
        </Panel>
      )}
    </PageLayout>
  );
}
