import { Outlet, ScrollRestoration } from 'react-router';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectIsLoggedIn } from '../../features/auth/auth-slice.ts';
import { RouteChangeLoader } from './RouteChangeLoader.tsx';
import { GlobalLoadingIndicator } from './GlobalLoadingIndicator.tsx';
import { PublicHeader } from './PublicHeader.tsx';
import { SignedInHeader } from './SignedInHeader.tsx';
import { SignedInSession } from './SignedInSession.tsx';
import { Footer } from './Footer.tsx';

export function RootLayout() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <RouteChangeLoader />
      <GlobalLoadingIndicator />
      {loggedIn ? (
        <>
          <SignedInSession />
          <SignedInHeader />
        </>
      ) : (
        <PublicHeader />
      )}
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
