import { useEffect } from 'react';
import { useLive } from '../../lib/use-live.ts';

/**
 * A bank payment settles days later (ADR 011): while an order shown waits for one, the page asks again
 * now and then in case it settles without changing the wallet (a failure credits nothing).
 */
export const PROCESSING_POLL_MS = 15_000;

/**
 * Keeps the orders a page shows current with what a bank does to them later. Whenever the page shows
 * orders (`showing`), it asks again when the live connection says an order changed state (a settlement,
 * a failure, a return weeks later that refunds the order, which must not go on saying "coins were
 * added") or the wallet changed. While one of them is processing it also asks every PROCESSING_POLL_MS,
 * in case the live connection is down meanwhile.
 */
export function useRefreshWhileProcessing(processing: boolean, refetch: () => unknown, showing = true): void {
  const live = useLive();
  useEffect(() => {
    if (!showing) return undefined;
    const stopOrders = live.on('orderUpdated', () => void refetch());
    const stopWallet = live.on('walletUpdated', () => void refetch());
    return () => {
      stopOrders();
      stopWallet();
    };
  }, [live, showing, refetch]);
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refetch(), PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refetch]);
}
