import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy.ts';
import { requireGuest, requireSignedIn, type SessionSource } from './guards.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteErrorScreen } from './layout/RouteErrorScreen.tsx';
import { BootScreen } from './layout/BootScreen.tsx';

const publicRoutes: RouteObject[] = [
  // Composed in app/: the catalogue's home page with the promotion for a guest or a shopper.
  { index: true, lazy: lazyPage(() => import('./home/HomeRoute.tsx')) },
  { path: 'about-us', lazy: lazyPage(() => import('../features/content/pages/AboutPage.tsx')) },
  { path: 'products', lazy: lazyPage(() => import('../features/catalog/pages/ProductsPage.tsx')) },
  { path: 'contact', lazy: lazyPage(() => import('../features/content/pages/ContactPage.tsx')) },
  { path: 'affiliate-artist', lazy: lazyPage(() => import('../features/content/pages/AffiliateArtistPage.tsx')) },
  { path: 'privacy-policy', lazy: lazyPage(() => import('../features/content/pages/PrivacyPolicyPage.tsx')) },
  { path: 'kyc-info', lazy: lazyPage(() => import('../features/content/pages/KycInfoPage.tsx')) },
  { path: 'data-deletion', lazy: lazyPage(() => import('../features/content/pages/DataDeletionPage.tsx')) },
  { path: 'use-policy-terms', lazy: lazyPage(() => import('../features/content/pages/TermsPage.tsx')) },
];

const protectedRoutes: RouteObject[] = [
  // Composed in app/: the catalogue page with the cart's and checkout's buying controls.
  { path: 'product-details/:id', lazy: lazyPage(() => import('./purchase/ProductDetailsRoute.tsx')) },
  { path: 'cart', lazy: lazyPage(() => import('../features/cart/pages/CartPage.tsx')) },
  { path: 'add-card/:orderId?', lazy: lazyPage(() => import('../features/payments/pages/AddCardPage.tsx')) },
  { path: 'payment-success', lazy: lazyPage(() => import('../features/purchases/pages/PaymentSuccessPage.tsx')) },
  { path: 'my-purchases', lazy: lazyPage(() => import('../features/purchases/pages/MyPurchasesPage.tsx')) },
  // Composed in app/: the verification pages with the record of the user feature's getuser query.
  { path: 'verify', lazy: lazyPage(() => import('./verification/VerifyRoute.tsx')) },
  { path: 'kyc-jumio', lazy: lazyPage(() => import('./verification/KycJumioRoute.tsx')) },
];

const guestOnlyRoutes: RouteObject[] = [
  { path: 'signup', lazy: lazyPage(() => import('../features/auth/pages/SignupPage.tsx')) },
  { path: 'login', lazy: lazyPage(() => import('../features/auth/pages/LoginPage.tsx')) },
  { path: 'test-login', lazy: lazyPage(() => import('../features/auth/pages/TestLoginPage.tsx')) },
  { path: 'forgot-password', lazy: lazyPage(() => import('../features/auth/pages/ForgotPasswordPage.tsx')) },
  { path: 'resend-email', lazy: lazyPage(() => import('../features/auth/pages/ResendEmailPage.tsx')) },
  { path: 'new-password/:id', lazy: lazyPage(() => import('../features/auth/pages/NewPasswordPage.tsx')) },
  { path: 'continue-password', lazy: lazyPage(() => import('../features/auth/pages/ContinuePasswordPage.tsx')) },
];

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
            { loader: requireSignedIn(session), children: protectedRoutes },
            { loader: requireGuest(session), children: guestOnlyRoutes },
            { path: '*', lazy: lazyPage(() => import('../features/content/pages/NotFoundPage.tsx')) },
          ],
        },
      ],
    },
  ];
}
