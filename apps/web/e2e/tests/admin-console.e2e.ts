// The admin console in the browser (issue 12, ADR 025): a shopper is kept out; an admin finds a user,
// adjusts a wallet with a reason and reads it back in the audit log; an admin refunds a paid order and
// the shopper's header balance (another browser) drops live.
import { formatBalance } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, type AdminSession } from '../support/admin.ts';
import { useBrowser } from '../support/browser.ts';
import { CARDS, aCheapProduct, addToCartViaApi, payWithNewCard, signedInPaymentPage } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const WAIT = { timeout: 30_000 };

/** The admin's browser, signed in as the demo admin. */
async function adminPage(admin: AdminSession) {
  const me = await admin.call<{ _id: string; role: string }>('GET', 'v1/getuser');
  return newPage({ token: admin.token, user: { _id: me.body.data._id, role: 'ADMIN' } });
}

async function totalCoins(token: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/v1/getuser`, { headers: { 'x-auth-token': token } });
  const { coins } = ((await res.json()) as { data: { coins: Record<string, number> } }).data;
  return coins.purchasedWallet! + coins.winWallet! + coins.stackingWallet!;
}

describe('admin console', () => {
  it('a shopper opening /admin gets the warning, is sent home and never sees the console', async () => {
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
    const page = await newPage({ token: session.token, user: session.user });
    await page.goto('/admin');
    await page.getByText('You are not allowed to do that.').first().waitFor(WAIT);
    await page.waitForURL((url) => url.pathname === '/', WAIT);
    expect(await page.getByTestId('admin-console').count()).toBe(0);
    // Not even offered: the profile menu has no console link for a shopper.
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('profile-dropdown').waitFor(WAIT);
    expect(await page.getByTestId('admin-console-link').count()).toBe(0);
  });

  it('an admin finds a user, adjusts a wallet with a reason and sees it in the audit log', async () => {
    const shopper = await createVerifiedUser(baseURL);
    const admin = await signInAsAdmin(baseURL);
    const page = await adminPage(admin);
    await page.goto('/');
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('admin-console-link').click();
    await page.getByTestId('admin-console').waitFor(WAIT);
    await page.getByTestId('admin-dashboard').waitFor(WAIT);

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('E-mail or name starts with').fill(shopper.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: shopper.email }).click();
    await page.getByTestId('admin-user-detail').waitFor(WAIT);
    await expect.poll(() => page.getByTestId('admin-wallet-winWallet').textContent(), WAIT).toBe('0');

    const reason = `Goodwill for a lost spin ${Date.now()}`;
    const form = page.getByRole('group', { name: 'Wallet adjustment' });
    await form.getByLabel('Wallet').selectOption('winWallet');
    await form.getByLabel('Coins (negative takes)').fill('250');
    await form.getByLabel('Reason (required)').fill(reason);
    await page.getByRole('button', { name: 'Adjust wallet' }).click();
    await page.getByRole('group', { name: 'Confirm: Adjust wallet' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Winnings adjusted by +250: now 250 coins.').waitFor(WAIT);
    await expect.poll(() => page.getByTestId('admin-wallet-winWallet').textContent(), WAIT).toBe('250');

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Action (e.g. wallet.adjust)').fill('wallet.adjust');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL('**/admin/audit?action=wallet.adjust', WAIT);
    const row = page.getByTestId('admin-audit-row').filter({ hasText: reason });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain('admin@luckydragon.example');
  });

  it("an admin refunds a paid order and the shopper's balance drops live", async () => {
    // The shopper pays for a package with the sandbox card and keeps the store open.
    const product = await aCheapProduct(baseURL);
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
    await addToCartViaApi(baseURL, session.token, product._id, 1);
    const shopperPage = await signedInPaymentPage(newPage, session);
    await shopperPage.goto('/cart');
    await shopperPage.getByTestId('checkout-button').click();
    await shopperPage.waitForURL('**/add-card/*', WAIT);
    await payWithNewCard(shopperPage, CARDS.frictionless);
    await shopperPage.waitForURL('**/payment-success?orderId=*', WAIT);
    await shopperPage.getByTestId('coins-credited').waitFor(WAIT);
    const orderId = new URL(shopperPage.url()).searchParams.get('orderId')!;
    // The order number the shopper reads (issue 24) is the one the console finds the order by.
    const orderNumber = ((await shopperPage.getByTestId('order-number').textContent()) ?? '').replace(/^Order /, '');
    expect(orderNumber).toMatch(/^#\d{6,}$/);
    const paidTotal = await totalCoins(session.token);
    const balance = shopperPage.getByTestId('wallet-balance');
    await expect.poll(() => balance.textContent(), WAIT).toBe(formatBalance(paidTotal));

    const admin = await signInAsAdmin(baseURL);
    const page = await adminPage(admin);
    await page.goto('/admin/orders');
    await page.getByLabel('Order number, id or e-mail').fill(orderNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('admin-order-row').getByRole('link', { name: orderNumber, exact: true }).click();
    await page.waitForURL(`**/admin/orders/${orderId}`, WAIT);
    await page.getByTestId('admin-order-detail').waitFor(WAIT);
    expect(await page.getByTestId('admin-order-number').textContent()).toBe(`Order ${orderNumber}`);
    await expect.poll(() => page.getByTestId('admin-order-state').textContent(), WAIT).toMatch(/^(Paid|Fulfilled)$/);
    await page.getByLabel('Refund reason (required)').fill('Shopper bought the wrong package');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByRole('group', { name: 'Confirm: Refund' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Order ${orderNumber} refunded.`).waitFor(WAIT);
    await expect.poll(() => page.getByTestId('admin-order-state').textContent(), WAIT).toBe('Refunded');
    // No second refund is offered (issue 24).
    await page.getByTestId('admin-order-refunded').waitFor(WAIT);
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);

    // The grant was reversed through the ledger; the shopper's header follows without a reload.
    const refundedTotal = await totalCoins(session.token);
    expect(refundedTotal).toBeLessThan(paidTotal);
    await expect.poll(() => balance.textContent(), WAIT).toBe(formatBalance(refundedTotal));
  });
});
