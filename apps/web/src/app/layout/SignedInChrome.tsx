import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { GUEST_ONLY_ROUTE_ID } from '../guards.ts';
import { AdultGate } from './AdultGate.tsx';
import { SignedInBoot } from './SignedInBoot.tsx';
import { SignedInHeader } from './SignedInHeader.tsx';
import { SignedInSession } from './SignedInSession.tsx';

/**
 * Everything the layout shows only to a signed-in shopper, around the page: the header's data and live
 * connection, then the header, and the 18+ question for an account that has not answered it. A chunk of its
 * own (RootLayout loads it lazily): a guest's first load never carries it.
 */
export default function SignedInChrome({ children }: { children: ReactNode }) {
  // Just signed in on a guest-only page (sign-in, sign-up, social sign-in): the way to where the shopper was
  // headed has started, and the page they signed in on is not shown again under the signed-in header.
  const leavingGuestPage = useMatches().some((match) => match.id === GUEST_ONLY_ROUTE_ID);
  return (
    <>
      <SignedInSession />
      {leavingGuestPage ? (
        <SignedInBoot />
      ) : (
        <>
          <SignedInHeader />
          <AdultGate />
          {children}
        </>
      )}
    </>
  );
}
