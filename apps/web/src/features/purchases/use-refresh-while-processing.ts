import { useEffect } from 'react';
import { onLive } from '../../lib/socket.ts';

/**
 * A bank payment settles days later (ADR 011): while an order shown waits for one, the page asks again
 * now and then in case it settles without changing the wallet (a failure credits nothing).
 */
export const PROCESSING_POLL_MS = 15_000;

/**
 * Keeps the orders a page shows current with what a bank does to them later. Whenever the page shows
 * orders (`showing`), it asks again when the live connection says the wallet changed: a settlement
 * credits coins, and a return (weeks after settlement perhaps) takes them back and refunds the order,
 * which must not go on saying "coins were added". While one of them is processing it also asks every
 * PROCESSING_POLL_MS.
 */
export function useRefreshWhileProcessing(processing: boolean, refetch: () => unknown, showing = true): void {
  useEffect(() => (showing ? onLive('walletUpdated', () => void refetch()) : undefined), [showing, refetch]);
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refetch(), PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refetch]);
}
