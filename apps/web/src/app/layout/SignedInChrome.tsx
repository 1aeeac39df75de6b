import { AdultGate } from './AdultGate.tsx';
import { SignedInHeader } from './SignedInHeader.tsx';
import { SignedInSession } from './SignedInSession.tsx';

/**
 * Everything the layout shows only to a signed-in shopper: the header's data and live connection, then
 * the header, and the 18+ question for an account that has not answered it. A chunk of its own (RootLayout loads it lazily): a guest's first load never carries it.
 */
export default function SignedInChrome() {
  return (
    <>
      <SignedInSession />
      <SignedInHeader />
      <AdultGate />
    </>
  );
}
