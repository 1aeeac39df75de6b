import { useHeaderData } from '../header-data/use-header-data.ts';
import { useLiveWallet } from './use-live-wallet.ts';
import { useLiveVerification } from '../verification/use-live-verification.ts';

/**
 * The signed-in header's data and live connection. Rendered before the header so its effects run
 * first and getuser is the first of the header fetches (SPEC §8 applies its 401 rule to that one).
 */
export function SignedInSession() {
  useHeaderData();
  useLiveWallet();
  useLiveVerification();
  return null;
}
