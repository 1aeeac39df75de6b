import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy.ts';
import { GUEST_ONLY_ROUTE_ID, requireGuest, requireSignedIn, type SessionSource } from './guards.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteErrorScreen } from './layout/RouteErrorScreen.tsx';
import { BootScreen } from './layout/BootScreen.tsx';
import { pageHandle, type PageRendering } from './page-rendering.ts';

// The screens, each its own lazy chunk, found by file so a route names its module once. The name is
// also the module's key in Vite's manifest, from which the server learns the chunk and stylesheets a
// page rendered on the server needs (app/server-render.tsx). Pages that app/ composes into a route
// (HomePage into HomeRoute, ...) are left out: they travel in their route's chunk.
const screens = import.meta.glob<{ default: ComponentType }>([
  './*/*Route.tsx',
  '../features/*/pages/*Page.tsx',
  '!../features/catalog/pages/HomePage.tsx',
  '!../features/catalog/pages/ProductDetailsPage.tsx',
  '!../features/payments/pages/AddCardPage.tsx',
  '!../features/verification/pages/*.tsx',
  '!../features/profile/pages/ProfilePage.tsx',
  '!../features/cashout/pages/CashOutPage.tsx',
  '!../features/admin/pages/AdminPage.tsx',
]);

/** A lazy screen by its file (relative to this one), rendered as `rendering` says. */
function screen(file: string, rendering?: PageRendering): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = screens[file];
  // The glob at the top must match the file; the message is short, as it ships on every page's first load.
  if (!load) throw new Error(`No screen ${file}`);
  return { lazy: lazyPage(load), handle: pageHandle(file, rendering) };
}

const publicRoutes: RouteObject[] = [
  // Composed in app/: the catalogue's home page with the promotion for a guest or a shopper.
  { index: true, ...screen('./home/HomeRoute.tsx') },
  { path: 'about-us', ...screen('../features/content/pages/AboutPage.tsx') },
  { path: 'products', ...screen('../features/catalog/pages/ProductsPage.tsx') },
  // Composed in app/: the catalogue page with the cart's and checkout's buying controls, or "Sign in to buy"
  // for a guest (issue 24). Rendered in the browser: the controls depend on the session, which the server
  // cannot see.
  { path: 'product-details/:id', ...screen('./purchase/ProductDetailsRoute.tsx', 'browser') },
  { path: 'contact', ...screen('../features/content/pages/ContactPage.tsx') },
  { path: 'affiliate-artist', ...screen('../features/content/pages/AffiliateArtistPage.tsx') },
  { path: 'privacy-policy', ...screen('../features/content/pages/PrivacyPolicyPage.tsx') },
  { path: 'kyc-info', ...screen('../features/content/pages/KycInfoPage.tsx') },
  { path: 'data-deletion', ...screen('../features/content/pages/DataDeletionPage.tsx') },
  { path: 'use-policy-terms', ...screen('../features/content/pages/TermsPage.tsx') },
  // The link mailed to a new e-mail address (issue 24): opened signed in or not, on any device. It confirms
  // on opening, so it is rendered in the browser (a server render would only say "Confirming…").
  { path: 'confirm-email', ...screen('../features/auth/pages/ConfirmEmailPage.tsx', 'browser') },
];

// Rendered in the browser only: the server cannot know who is signed in (the token is in localStorage).
const protectedRoutes: RouteObject[] = [
  { path: 'cart', ...screen('../features/cart/pages/CartPage.tsx') },
  // Composed in app/: the pay page with the profile state of the user feature's getuser query.
  { path: 'add-card/:orderId?', ...screen('./purchase/AddCardRoute.tsx') },
  { path: 'payment-success', ...screen('../features/purchases/pages/PaymentSuccessPage.tsx') },
  { path: 'my-purchases', ...screen('../features/purchases/pages/MyPurchasesPage.tsx') },
  // Gift-card codes redeemed into the wallet (issue 24).
  { path: 'redeem', ...screen('../features/redeem/pages/RedeemPage.tsx') },
  { path: 'wallet-history', ...screen('../features/wallet/pages/WalletHistoryPage.tsx') },
  // Composed in app/: the cash-out page with the winnings and verification of getuser, and the bank link (issue 24).
  { path: 'cash-out', ...screen('./cashout/CashOutRoute.tsx') },
  // Composed in app/: the verification pages with the record of the user feature's getuser query.
  { path: 'verify', ...screen('./verification/VerifyRoute.tsx') },
  { path: 'kyc-jumio', ...screen('./verification/KycJumioRoute.tsx') },
  // Composed in app/: the profile page with the user feature's getuser answer (ADR 019).
  { path: 'profile', ...screen('./profile/ProfileRoute.tsx') },
  // Composed in app/: the admin console (issue 12, ADR 025) behind the profile's role ADMIN; its own
  // chunk, and each console section another, so shoppers never download it.
  { path: 'admin/*', ...screen('./admin/AdminRoute.tsx') },
];

const guestOnlyRoutes: RouteObject[] = [
  { path: 'signup', ...screen('../features/auth/pages/SignupPage.tsx') },
  { path: 'login', ...screen('../features/auth/pages/LoginPage.tsx') },
  // Its list comes from a demo door that answers only this machine: rendered per visitor, never shared.
  { path: 'test-login', ...screen('../features/auth/pages/TestLoginPage.tsx', 'server-per-visitor') },
  { path: 'forgot-password', ...screen('../features/auth/pages/ForgotPasswordPage.tsx') },
  { path: 'resend-email', ...screen('../features/auth/pages/ResendEmailPage.tsx') },
  { path: 'new-password/:id', ...screen('../features/auth/pages/NewPasswordPage.tsx') },
  { path: 'continue-password', ...screen('../features/auth/pages/ContinuePasswordPage.tsx') },
  // Where Apple / Facebook sign-in lands (ADR 029): trades the one-time code for a session.
  { path: 'social-login', ...screen('../features/auth/pages/SocialLoginPage.tsx') },
];

// A signed-in page needs the signed-in state and header before it shows (store.ts, layout/RootLayout.tsx):
// its HTML preloads their chunks with the screen's.
const SIGNED_IN_PAGES = pageHandle(null, 'browser', ['./signed-in-state.ts', './layout/SignedInChrome.tsx']);

/** The catch-all route's id: a URL it matches is no page of the app. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/** The route table of SPEC §2; its guards ask `session` (the app's store) whether the visitor is signed in. */
export function createRoutes(session: SessionSource): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      // Shown instead of everything when the layout itself fails.
      errorElement: <RouteErrorScreen />,
      HydrateFallback: BootScreen,
      children: [
        {
          // Keeps header and footer around a failed screen.
          errorElement: <RouteErrorScreen />,
          children: [
            ...publicRoutes,
            { loader: requireSignedIn(session), handle: SIGNED_IN_PAGES, children: protectedRoutes },
            { id: GUEST_ONLY_ROUTE_ID, loader: requireGuest(session), children: guestOnlyRoutes },
            // Any other address: the server answers it 404 with this page (isKnownPage in app/server-render.tsx).
            { id: NOT_FOUND_ROUTE_ID, path: '*', ...screen('../features/content/pages/NotFoundPage.tsx') },
          ],
        },
      ],
    },
  ];
}
