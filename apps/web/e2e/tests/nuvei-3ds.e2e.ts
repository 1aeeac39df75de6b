// Issue 22: Nuvei 3-D Secure 2 in the real browser, as Nuvei documents it (ADR 037). A challenged card:
// the pay page POSTs creq to the issuer's ACS (the sandbox bank page) from a form, the shopper answers
// there, the issuer POSTs cres to the store's return page, and the server sends the final payment with
// relatedTransactionId. A frictionless card is approved without any of that. Either way the coins are
// granted once; a failed challenge ends on the failure page with none.
import { formatBalance } from '@store/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import {
  CARDS,
  aCheapProduct,
  addToCartViaApi,
  orderViaApi,
  payWithNewCard,
  purchasedCoins,
  signedInPaymentPage,
} from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();
const WAIT = { timeout: 30_000 };

interface SandboxTransaction {
  transactionId: string;
  kind: 'init' | 'payment' | 'refund';
  status: string;
  relatedTransactionId: string | null;
}

/** What the sandbox Nuvei recorded for the order (the demo's control route; Nuvei's back office would show it). */
async function sandboxTransactions(orderId: string): Promise<SandboxTransaction[]> {
  const res = await fetch(`${baseURL}/sandbox/nuvei/orders/${encodeURIComponent(orderId)}/transactions`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: SandboxTransaction[] }).data;
}

async function purchases(token: string): Promise<{ _id: string; status: string }[]> {
  const res = await fetch(`${baseURL}/api/v1/checkout/my-purchases`, { headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { _id: string; status: string }[] }).data;
}

/** Every POST the browser sends, with its form body: to see what went to the bank and back. */
function recordPosts(page: Page): { url: URL; form: URLSearchParams }[] {
  const posts: { url: URL; form: URLSearchParams }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const type = request.headers()['content-type'] ?? '';
    posts.push({
      url: new URL(request.url()),
      form: type.includes('application/x-www-form-urlencoded') ? new URLSearchParams(request.postData() ?? '') : new URLSearchParams(),
    });
  });
  return posts;
}

/** A new shopper with a billing address on the profile and one package in the cart, on the pay page. */
async function shopperOnPayPage() {
  const product = await aCheapProduct(baseURL);
  const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
  await addToCartViaApi(baseURL, session.token, product._id, 1);
  const page = await signedInPaymentPage(newPage, session);
  const posts = recordPosts(page);
  await page.goto('/cart');
  await page.getByTestId('cart-line').waitFor(WAIT);
  const orderCoins = Number(((await page.getByTestId('cart-total-coins').textContent()) ?? '').replace(/[^0-9]/g, ''));
  expect(orderCoins).toBeGreaterThan(0);
  const coinsBefore = await purchasedCoins(baseURL, session.token);
  await page.getByTestId('checkout-button').click();
  await page.waitForURL('**/add-card/*', WAIT);
  return { page, posts, token: session.token, orderCoins, coinsBefore };
}

const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('orderId') ?? '';

/** The balance the shopper sees, the wallet and the purchases the API reports: the order's coins, once. */
async function expectCoinsGrantedOnce(page: Page, token: string, orderId: string, coinsBefore: number, orderCoins: number) {
  await page.getByTestId('coins-credited').waitFor(WAIT);
  const expected = formatBalance(coinsBefore + orderCoins);
  await page.waitForFunction((text) => document.querySelector('[data-testid=wallet-balance]')?.textContent === text, expected, WAIT);
  expect(await purchasedCoins(baseURL, token)).toBe(coinsBefore + orderCoins);
  expect(['paid', 'fulfilled']).toContain((await orderViaApi(baseURL, token, orderId)).status);
  expect((await purchases(token)).filter((order) => order._id === orderId)).toHaveLength(1);
  // Reloaded, the page still shows the same balance (nothing credited twice).
  await page.reload();
  await page.waitForFunction((text) => document.querySelector('[data-testid=wallet-balance]')?.textContent === text, expected, WAIT);
  expect(await purchasedCoins(baseURL, token)).toBe(coinsBefore + orderCoins);
}

describe('Nuvei 3-D Secure 2 in the browser (issue 22)', () => {
  it('a challenged card: creq POSTed to the bank page, Approve, cres POSTed to the return page, the final payment related to the challenged one; coins once', async () => {
    const { page, posts, token, orderCoins, coinsBefore } = await shopperOnPayPage();
    await payWithNewCard(page, CARDS.challenge);
    // The bank's page opens in a dialog over the pay page (issue 24).
    const bank = page.getByRole('dialog', { name: 'Confirm the payment with your bank' }).frameLocator('iframe[name=threeds-challenge]');
    await bank.getByRole('button', { name: 'Approve' }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toMatch(/^\/add-card\//);

    // The pay page's form POSTed the creq to the ACS address the payment answered (no GET of it).
    const acs = posts.filter((p) => p.url.pathname.startsWith('/sandbox/3ds/') && p.form.has('creq'));
    expect(acs).toHaveLength(1);
    expect(acs[0]!.form.get('creq')).toBeTruthy();
    expect(acs[0]!.url.searchParams.get('secret')).toBeTruthy();
    const challengedId = acs[0]!.url.pathname.split('/').at(-1)!;

    await bank.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL('**/payment-success?orderId=*', WAIT);
    const orderId = orderIdOf(page);
    expect(orderId).toBeTruthy();

    // The issuer's answer went to the store's return page as a form POST of cres.
    const returned = posts.filter((p) => p.url.pathname.startsWith('/api/v1/nuvei/3ds/return/'));
    expect(returned).toHaveLength(1);
    expect(returned[0]!.form.get('cres')).toBeTruthy();

    await expectCoinsGrantedOnce(page, token, orderId, coinsBefore, orderCoins);

    // The final payment named the challenged transaction, and it is the only sale.
    const recorded = await sandboxTransactions(orderId);
    const sales = recorded.filter((t) => t.kind === 'payment' && t.status === 'approved');
    expect(sales).toHaveLength(1);
    expect(sales[0]!.relatedTransactionId).toBe(challengedId);
    expect(recorded.some((t) => t.transactionId === challengedId && t.kind === 'payment')).toBe(true);
  });

  it('a frictionless card: approved without the bank page; coins once', async () => {
    const { page, posts, token, orderCoins, coinsBefore } = await shopperOnPayPage();
    await payWithNewCard(page, CARDS.frictionless);
    await page.waitForURL('**/payment-success?orderId=*', WAIT);
    const orderId = orderIdOf(page);
    expect(posts.filter((p) => p.url.pathname.startsWith('/sandbox/3ds/'))).toEqual([]);
    expect(posts.filter((p) => p.url.pathname.startsWith('/api/v1/nuvei/3ds/return/'))).toEqual([]);

    await expectCoinsGrantedOnce(page, token, orderId, coinsBefore, orderCoins);
    const recorded = await sandboxTransactions(orderId);
    // The sandbox approves a frictionless card at its first call (no related transaction to check here).
    expect(recorded.filter((t) => t.status === 'approved')).toHaveLength(1);
    expect(recorded.filter((t) => t.status === 'challenge')).toEqual([]);
  });

  it('a failed challenge ends on the failure page: nothing sold, no coins', async () => {
    const { page, posts, token, coinsBefore } = await shopperOnPayPage();
    const payPath = new URL(page.url()).pathname;
    const orderId = payPath.split('/').at(-1)!;
    await payWithNewCard(page, CARDS.challenge);
    const bank = page.getByRole('dialog', { name: 'Confirm the payment with your bank' }).frameLocator('iframe[name=threeds-challenge]');
    await bank.getByRole('button', { name: 'Fail' }).click(WAIT);
    await page.waitForURL('**/cart?payment=failed*', WAIT);
    await page.getByText('Your payment did not go through, and nothing was charged.').waitFor(WAIT);
    expect(posts.filter((p) => p.url.pathname.startsWith('/api/v1/nuvei/3ds/return/') && p.form.has('cres'))).toHaveLength(1);

    expect(await purchasedCoins(baseURL, token)).toBe(coinsBefore);
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid=wallet-balance]')?.textContent === text,
      formatBalance(coinsBefore),
      WAIT,
    );
    expect((await orderViaApi(baseURL, token, orderId)).status).toBe('failed');
    expect((await purchases(token)).filter((order) => order._id === orderId).map((order) => order.status)).toEqual(['failed']);
    expect((await sandboxTransactions(orderId)).filter((t) => t.status === 'approved')).toEqual([]);
  });
});
