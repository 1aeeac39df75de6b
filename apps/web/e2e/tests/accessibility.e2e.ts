import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, useBrowser } from '../support/browser.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { seriousViolations } from '../support/axe.ts';
import { aCheapProduct, addToCartViaApi, payWithNewCard, trackCardFieldsReady } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

// Issue 24: axe (WCAG 2.2 AA) finds no serious or critical violation on the store's pages, a guest's, a
// shopper's (the pay page among them) and the console's, at a desktop's width and a phone's. The card
// vault's and identity check's frames are other origins that axe cannot enter from the page.

const { newPage, baseURL } = useBrowser();

interface PageState {
  path: string;
  /** What the page shows once it has loaded: a CSS selector. */
  ready: string;
  /** HTTP statuses this state answers on purpose (a stale link, an unknown page); such states come last. */
  expects?: number[];
}

const GUEST_PAGES: PageState[] = [
  { path: '/', ready: '[data-testid=product-card]' },
  { path: '/products', ready: '[data-testid=product-card]' },
  { path: '/login', ready: 'form' },
  { path: '/signup', ready: 'form' },
  { path: '/about-us', ready: 'h1' },
  { path: '/contact', ready: 'h1' },
  { path: '/privacy-policy', ready: 'h1' },
  { path: '/forgot-password', ready: 'form' },
  { path: '/resend-email', ready: 'form' },
  { path: '/confirm-email?token=a-link-that-is-not-valid-any-more-000000', ready: '[role=alert]', expects: [400] },
  { path: '/no-such-page', ready: 'h1', expects: [404] },
];
const SHOPPER_PAGES: PageState[] = [
  { path: '/cart', ready: '[data-testid=cart-line]' },
  { path: '/profile', ready: 'form' },
  { path: '/my-purchases', ready: 'h1' },
  { path: '/wallet-history', ready: 'h1' },
  { path: '/verify', ready: '[data-testid=verification-record]' },
  { path: '/redeem', ready: '[data-testid=redeem-code]' },
  { path: '/cash-out', ready: 'h1' },
  // Saved payment methods, managed without an order.
  { path: '/add-card', ready: 'h1' },
  // The identity check, opened for the first time: the provider's page in its frame (last: it starts a check).
  { path: '/kyc-jumio', ready: '[data-testid=identity-check-frame]' },
];
const ADMIN_PAGES: PageState[] = [
  { path: '/admin', ready: '[data-testid=admin-dashboard]' },
  { path: '/admin/orders', ready: 'h2' },
  { path: '/admin/cashouts', ready: 'h2' },
  { path: '/admin/coupons', ready: '[data-testid^=coupon-]' },
  { path: '/admin/settings', ready: 'form' },
  { path: '/admin/users', ready: 'h2' },
  { path: '/admin/identity-reviews', ready: 'h2' },
  { path: '/admin/audit', ready: 'h2' },
  { path: '/admin/catalogue', ready: 'h2' },
  { path: '/admin/promotions', ready: 'h2' },
  { path: '/admin/chats', ready: 'h2' },
  // A row with two orders (seeded below): links side by side must each stay a 24 px target.
  { path: '/admin/recordings', ready: '[data-testid=admin-recording-row]' },
];

/**
 * A shopper's recording that visited two orders' pages, as the recorder sends it, so the recordings
 * table always has a row with two order links to scan (other tests' recordings vary from run to run).
 */
async function seedRecordingOfTwoOrders(token: string): Promise<void> {
  const headers = { 'x-auth-token': token, 'content-type': 'application/json' };
  // Recordings started are limited per address and minute, and the whole suite records from this address.
  let start: Response | undefined;
  await expect
    .poll(
      async () => {
        start = await fetch(`${baseURL}/api/v1/recordings`, { method: 'POST', headers: { 'x-auth-token': token } });
        return start.status;
      },
      { timeout: 120_000, interval: 2_000 },
    )
    .toBe(201);
  const { recordingId, recordingSecret } = ((await start!.json()) as { data: { recordingId: string; recordingSecret: string } }).data;
  const now = Date.now();
  const events = [
    { type: 4, timestamp: now - 2_000, data: { href: `${baseURL}/add-card/ord_a11y_first`, width: 390, height: 844 } },
    { type: 4, timestamp: now - 1_000, data: { href: `${baseURL}/payment-success?orderId=ord_a11y_second`, width: 390, height: 844 } },
  ];
  // Batches are limited per address and minute too; a batch sent again is a retry, stored once.
  await expect
    .poll(
      async () =>
        (
          await fetch(`${baseURL}/api/v1/recordings/${encodeURIComponent(recordingId)}/batches`, {
            method: 'POST',
            headers: { ...headers, 'x-recording-secret': recordingSecret },
            body: JSON.stringify({ sequence: 0, events }),
          })
        ).status,
      { timeout: 120_000, interval: 2_000 },
    )
    .toBe(200);
}

async function violationsOn(
  states: PageState[],
  viewport: { width: number; height: number },
  session?: { token: string; user: object },
): Promise<string[]> {
  const found: string[] = [];
  const page = await newPage({ viewport, ...(session ? { token: session.token, user: session.user } : {}) });
  for (const state of states) {
    page.allowHttpErrors(...(state.expects ?? []));
    await page.goto(state.path);
    await page.locator(state.ready).first().waitFor({ timeout: 30_000 });
    for (const v of await seriousViolations(page)) found.push(`${state.path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
  }
  return found;
}

describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP_VIEWPORT],
    ['phone', PHONE_VIEWPORT],
  ] as const) {
    // About 30 page states, each loaded and scanned: 3 minutes on a quiet machine, over 4 on a busy one.
    it(`finds no serious or critical violation on a guest's, a shopper's and the console's pages (${name})`, async () => {
      const product = await aCheapProduct(baseURL);
      const shopper = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
      await addToCartViaApi(baseURL, shopper.token, product._id, 1);
      const admin = await signInAsAdmin(baseURL);
      await seedRecordingOfTwoOrders(shopper.token);
      const found = [
        ...(await violationsOn(
          [...GUEST_PAGES, { path: `/product-details/${product._id}`, ready: '[data-testid=product-details]' }],
          viewport,
        )),
        ...(await violationsOn(SHOPPER_PAGES, viewport, shopper)),
        ...(await violationsOn(ADMIN_PAGES, viewport, { token: admin.token, user: { role: 'ADMIN' } })),
      ];
      // The pay page, reached as a shopper does: from the cart.
      const page = await newPage({ viewport, token: shopper.token, user: shopper.user });
      await trackCardFieldsReady(page);
      await page.goto('/cart');
      await page.getByTestId('checkout-button').click();
      await page.waitForURL('**/add-card/*', { timeout: 30_000 });
      await page.getByTestId('pay-button').waitFor({ timeout: 30_000 });
      const foundOn = async (what: string) => {
        for (const v of await seriousViolations(page)) found.push(`${what}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
      };
      await foundOn('pay page');
      // Each other way to pay, chosen under the card form, and the card again.
      for (const [way, shown] of [
        ['Bank account (ACH)', 'bank-account-method'],
        ['Cash App Pay', 'cash-app-method'],
        ['Crypto wallet (USDC)', 'embedded-checkout-method'],
        ['Card', 'pay-button'],
      ] as const) {
        await page.getByRole('radio', { name: way, exact: true }).check();
        await page.getByTestId(shown).waitFor({ timeout: 30_000 });
        await foundOn(`pay page, ${way}`);
      }
      // The sandbox's bank-linking page a shopper is sent to from there, in the store's look.
      const link = await fetch(`${baseURL}/api/v1/nuvei/add_bank`, {
        method: 'POST',
        headers: { 'x-auth-token': shopper.token, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(link.status).toBe(200);
      const payPage = page.url();
      await page.goto(((await link.json()) as { data: { url: string } }).data.url);
      await page.locator('#routingNumber').waitFor({ timeout: 30_000 });
      await foundOn('bank-linking page');
      await page.goto(payPage);
      await page.getByTestId('pay-button').waitFor({ timeout: 30_000 });
      // Paid: the success page, the purchase in My purchases, and the order in the console.
      await payWithNewCard(page, '4111111111111111');
      // The success page, or the pay page's own words if the payment stopped (a failure then says why).
      const paid = await Promise.race([
        page.waitForURL('**/payment-success?orderId=*', { timeout: 90_000 }).then(
          () => 'paid',
          () => 'no success page in 90 s',
        ),
        page
          .locator('.card-method')
          .getByRole('alert')
          .first()
          .waitFor({ timeout: 90_000 })
          .then(
            async () => `the pay page said: ${await page.locator('.card-method').getByRole('alert').first().textContent()}`,
            () => 'no success page in 90 s',
          ),
      ]);
      expect(paid).toBe('paid');
      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      await page.getByTestId('coins-credited').waitFor({ timeout: 30_000 });
      await foundOn('payment success');
      await page.goto('/my-purchases');
      await page.getByTestId('purchase-row').first().waitFor({ timeout: 30_000 });
      await foundOn('my purchases with a purchase');
      found.push(
        ...(await violationsOn([{ path: `/admin/orders/${orderId}`, ready: '[data-testid=admin-order-detail]' }], viewport, {
          token: admin.token,
          user: { role: 'ADMIN' },
        })),
      );
      // The chat panel open over the store.
      await page.goto('/');
      // A click before the page is hydrated does nothing; the launcher only opens, so clicking again is safe.
      const chat = page.getByRole('dialog', { name: 'Chat with us' });
      await expect
        .poll(
          async () => {
            if (!(await chat.isVisible())) await page.getByRole('button', { name: /^Open chat/ }).click();
            return chat.isVisible();
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await foundOn('chat panel');
      expect(found).toEqual([]);
    }, 600_000);
  }
});
