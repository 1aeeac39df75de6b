import type { JumioRecord } from '@store/shared';

/**
 * The shopper's verification record as a page receives it. The route reads it from the getuser query
 * the header already made (SPEC §7 getuser feeds the verification state), so the page never fetches it.
 */
export interface VerificationRecordView {
  state: 'loading' | 'error' | 'ready';
  /** SPEC §3 "Verification record (jumio)"; null when the shopper has none. */
  jumio: JumioRecord | null;
  /** Asks for the record again after a failed load. */
  reload: () => void;
  /** The record changed here (a started attempt): the route keeps the one copy of it up to date. */
  update?: (jumio: JumioRecord) => void;
}
