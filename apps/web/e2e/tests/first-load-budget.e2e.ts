// Issue 26: a public page's first-load JavaScript stays within 120 KB on the wire, counted from the build's
// manifest (not from a timing): the entry and the page's screen module with every static import of either,
// each at the size of its brotli file, which is what the store sends a browser that accepts it.
//
// Pages still over the budget are listed with the ceiling they stand at now, so none may grow while it waits
// for its fix; a listed page that comes under the budget must leave the list, so the list only shrinks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const BUDGET_KB = 120;

/** The pages a visitor can open without signing in, by their screen module (app/routes.tsx). */
const PUBLIC_PAGES: Record<string, string> = {
  '/': 'src/app/home/HomeRoute.tsx',
  '/products': 'src/features/catalog/pages/ProductsPage.tsx',
  '/product-details/:id': 'src/app/purchase/ProductDetailsRoute.tsx',
  '/about-us': 'src/features/content/pages/AboutPage.tsx',
  '/contact': 'src/features/content/pages/ContactPage.tsx',
  '/affiliate-artist': 'src/features/content/pages/AffiliateArtistPage.tsx',
  '/privacy-policy': 'src/features/content/pages/PrivacyPolicyPage.tsx',
  '/kyc-info': 'src/features/content/pages/KycInfoPage.tsx',
  '/data-deletion': 'src/features/content/pages/DataDeletionPage.tsx',
  '/use-policy-terms': 'src/features/content/pages/TermsPage.tsx',
  '/login': 'src/features/auth/pages/LoginPage.tsx',
  '/signup': 'src/features/auth/pages/SignupPage.tsx',
  '/forgot-password': 'src/features/auth/pages/ForgotPasswordPage.tsx',
  '/resend-email': 'src/features/auth/pages/ResendEmailPage.tsx',
  '/new-password/:id': 'src/features/auth/pages/NewPasswordPage.tsx',
  '/continue-password': 'src/features/auth/pages/ContinuePasswordPage.tsx',
  '/confirm-email': 'src/features/auth/pages/ConfirmEmailPage.tsx',
  '/social-login': 'src/features/auth/pages/SocialLoginPage.tsx',
  '(not found)': 'src/features/content/pages/NotFoundPage.tsx',
};

/**
 * Over the budget today (2026-12-01, KB), each at most what it weighs now. The framework chunk alone
 * (React DOM, React Router, Redux Toolkit with RTK Query) is 106.4 KB and the app's entry 11.6 KB; the auth
 * form pages also carry react-hook-form (11 KB; their schemas and zod load once the page is idle,
 * lib/lazy-resolver.ts). On 2026-12-01 every page took 0.1 KB more (the signed-in header's loader, ADR 063),
 * which put `/use-policy-terms` back over, and the form pages 0.3 KB (the lazy resolver is a chunk shared
 * with the cart's coupon field now). docs/performance.md has the figures and what is left to do.
 */
const OVER_BUDGET_CEILING_KB: Record<string, number> = {
  '/': 121.6,
  '/products': 123.2,
  '/product-details/:id': 124.1,
  '/privacy-policy': 121.6,
  '/use-policy-terms': 120.2,
  '/login': 136.1,
  '/signup': 135.5,
  '/forgot-password': 134.0,
  '/resend-email': 134.0,
  '/new-password/:id': 134.3,
  '/continue-password': 122.0,
  '/confirm-email': 121.6,
  '/social-login': 122.3,
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function firstLoadKb(manifest: Manifest, screen: string): number {
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    chunks.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(screen);
  const files = new Set([...chunks].map((key) => manifest[key]!.file));
  let bytes = 0;
  for (const file of files) bytes += fs.statSync(path.join(DIST, `${file}.br`)).size;
  return bytes / 1024;
}

describe('first-load JavaScript of the public pages (built app, brotli)', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const weights = Object.fromEntries(Object.entries(PUBLIC_PAGES).map(([page, screen]) => [page, firstLoadKb(manifest, screen)]));

  it.each(Object.keys(PUBLIC_PAGES))('%s stays within its budget', (page) => {
    const weight = weights[page]!;
    const ceiling = OVER_BUDGET_CEILING_KB[page];
    if (ceiling === undefined) {
      expect(weight, `${page}: ${weight.toFixed(1)} KB`).toBeLessThanOrEqual(BUDGET_KB);
    } else {
      expect(weight, `${page} grew past the ceiling it is listed with`).toBeLessThanOrEqual(ceiling);
      expect(weight, `${page} is within ${BUDGET_KB} KB now: take it off OVER_BUDGET_CEILING_KB`).toBeGreaterThan(BUDGET_KB);
    }
  });

  it('lists only public pages as over the budget', () => {
    expect(Object.keys(OVER_BUDGET_CEILING_KB).filter((page) => !(page in PUBLIC_PAGES))).toEqual([]);
  });
});
