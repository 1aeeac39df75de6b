import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useLive } from '../../lib/use-live.ts';
import type { AppStore } from '../store.ts';
import { storeVerificationRecord } from './use-verification-record.ts';

/**
 * A live `verificationUpdated` event (ADR 016): the record changed on the server (a decision, a reset),
 * so the header badge and the verification pages follow without a reload. The toast comes with the
 * server's own `notification` event.
 */
export function useLiveVerification(): void {
  const store = useStore() as AppStore;
  const live = useLive();
  useEffect(() => live.on('verificationUpdated', ({ jumio }) => storeVerificationRecord(store, jumio)), [live, store]);
}
