import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useMatch, useMatches } from 'react-router';
import { useAppSelector } from '../../lib/hooks.ts';
import { selectAuthToken, selectIsLoggedIn } from '../../features/auth/auth-slice.ts';
import { ChatLauncher } from '../../features/chat/ChatLauncher.tsx';
import { loadChunk } from '../lazy.ts';
import { selectSignedInStateReady } from '../store.ts';
import { BootScreen } from './BootScreen.tsx';
import { SignedInBoot } from './SignedInBoot.tsx';
import { RouteChangeLoader } from './RouteChangeLoader.tsx';
import { GlobalLoadingIndicator } from './GlobalLoadingIndicator.tsx';
import { PublicHeader } from './PublicHeader.tsx';
import { pagePlan } from '../page-rendering.ts';
import { Footer } from './Footer.tsx';

// Loaded when a shopper is signed in (issue 8: not part of a guest's first load); main.tsx starts the
// download early for a visitor who arrives signed in.
//
// Rendered once its module is in, never through React.lazy and a Suspense boundary: React reveals a
// boundary's content no sooner than 300 ms after its fallback showed (its fallback throttle), and the page
// under the header, with its first requests, would wait for that reveal (issue 26: the signed-in cart's
// requests went out 220 ms after everything they needed was in).
let signedInChrome: ComponentType<{ children: ReactNode }> | null = null;
export const loadSignedInChrome = () =>
  loadChunk(() => import('./SignedInChrome.tsx')).then((module) => {
    signedInChrome = module.default;
    return module;
  });

/**
 * The signed-in header's component once its chunk is in (null until then); a chunk that fails throws here,
 * to the error screen.
 */
function useSignedInChrome(wanted: boolean): ComponentType<{ children: ReactNode }> | null {
  const [chrome, setChrome] = useState<ComponentType<{ children: ReactNode }> | null>(() => signedInChrome);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (!wanted || chrome) return;
    let current = true;
    loadSignedInChrome().then(
      (module) => current && setChrome(() => module.default),
      (error: unknown) => current && setFailure(() => error),
    );
    return () => {
      current = false;
    };
  }, [wanted, chrome]);
  if (failure) throw failure;
  return chrome;
}

/**
 * The admin console's pages (issue 24) bring their own layout: header, sections nav and main. The
 * store's chrome (header with balance and cart, footer, chat launcher) stays off them.
 */
export const CONSOLE_PATH = '/admin/*';

export function RootLayout() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const token = useAppSelector(selectAuthToken);
  // A shopper's screens and header read the signed-in slices, which arrive with their chunk (app/store.ts).
  const signedInStateReady = useAppSelector(selectSignedInStateReady);
  const inConsole = useMatch(CONSOLE_PATH) !== null;
  const SignedInChrome = useSignedInChrome(loggedIn && !inConsole);
  // Screens rendered in the browser (a signed-in shopper's, and a guest's product page) fill in after their
  // data: their main keeps the footer below the fold meanwhile (global.css, .app-main--fills-in). A page the
  // server rendered arrives whole, and a short one keeps its footer in view.
  const routes = useMatches().map((match) => ({ route: { handle: match.handle } }));
  const fillsIn = loggedIn || pagePlan(routes).rendering === 'browser';
  const page = (
    <>
      <main id="main" className={fillsIn ? 'app-main app-main--fills-in' : 'app-main'}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <RouteChangeLoader />
      <GlobalLoadingIndicator />
      {inConsole ? (
        // The page waits for the signed-in state like any other; after a sign-out it is gone before the
        // way home, so it never asks again without a token.
        loggedIn && signedInStateReady ? (
          <Outlet />
        ) : (
          <main id="main" className="app-main">
            <BootScreen />
          </main>
        )
      ) : !loggedIn ? (
        <>
          <PublicHeader />
          {page}
        </>
      ) : !signedInStateReady || !SignedInChrome ? (
        <SignedInBoot />
      ) : (
        // The page waits with the header: the header's fetches (getuser first, SPEC §7) go before the page's.
        <SignedInChrome>{page}</SignedInChrome>
      )}
      {/* Live chat (ADR 027): a tiny launcher; the widget's code comes once the browser is idle, or at a click. */}
      {!inConsole && <ChatLauncher token={token} />}
      <ScrollRestoration />
    </div>
  );
}
