import { useState } from 'react';
import { failureText, readApiFailure } from '../../../lib/api-failure.ts';
import { PAYMENT_REFUSAL_CODES, type MethodPanelProps } from './types.ts';

/**
 * The error a payment panel shows, and how every panel reports a failed call (the panels' one shell for it,
 * issue 24). SPEC §8: the caller's error callback first — call fail() in the failed call's catch, before any
 * other await — and the message here, unless it is a refusal (the shopper's state or this method not allowed)
 * that the page shows itself.
 */
export function usePanelError(onFailed: MethodPanelProps['onFailed']) {
  const [error, setError] = useState<string | null>(null);
  function fail(failure: unknown, fallback: string) {
    const message = failureText(failure, fallback);
    const { code } = readApiFailure(failure);
    const refused = code !== null && PAYMENT_REFUSAL_CODES.includes(code);
    setError(refused && onFailed ? null : message);
    onFailed?.(message, false, code ?? undefined);
  }
  return { error, setError, fail };
}
