// Paying on the card provider's hosted page (the cashier, ADR 014), and managing a card saved there:
// /add-card lists it and deletes it after the confirmation, and the page no longer offers it (issue 9).
import { formatBalance } from '@store/shared';
import { describe, expect, it } from 'vitest';
import type { FrameLocator } from 'playwright-core';
import { useStoreRoutingCardsTo } from '../support/routed-store.ts';
import { useBrowser, type TrackedPage } from '../support/browser.ts';
import { CARDS, aCheapProduct, addToCartViaApi, purchasedCoins, recordApiRequests, signedInPaymentPage } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

// The store routes new cards to this provider (issue 24): a store of this file's own.
const routed = useStoreRoutingCardsTo('cashier');
const { newPage } = useBrowser({ storeURL: () => routed.baseURL });

const digits = (text: string) => text.replace(/\D/g, '');

const WAIT = { timeout: 30_000 };
const POLL = { timeout: 30_000, interval: 250 };

/** The cards saved on the cashier's page as GET v1/payment/stripe/payment-methods lists them (nuveiCards). */
async function cashierCards(token: string): Promise<{ userPaymentOptionId: string; brand: string; last4: string }[]> {
  const res = await fetch(`${routed.baseURL}/api/v1/payment/stripe/payment-methods`, { headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    data: { paymentMethods: { nuveiCards: { userPaymentOptionId: string; brand: string; last4: string }[] } };
  };
  return body.data.paymentMethods.nuveiCards;
}

/** The cashier's hosted page, in its dialog over the pay page (issue 24), once it has loaded. */
async function cashierPage(page: TrackedPage): Promise<FrameLocator> {
  await page.getByRole('dialog', { name: 'Pay on the secure checkout page' }).waitFor(WAIT);
  const cashier = page.frameLocator('iframe[name=cashier-page]');
  await cashier.getByRole('heading', { name: 'Secure checkout' }).waitFor(WAIT);
  return cashier;
}

/** From /cart with one line: checkout, the cashier method, and its hosted page. */
async function openCashierFromCart(page: TrackedPage): Promise<FrameLocator> {
  await page.goto('/cart');
  await page.getByTestId('cart-line').waitFor(WAIT);
  await page.getByTestId('checkout-button').click();
  await page.waitForURL('**/add-card/*', WAIT);
  await page.getByRole('radio', { name: 'Card', exact: true }).check();
  await page.getByTestId('cashier-button').click();
  return cashierPage(page);
}

/** On the cashier's hosted page: a new test card typed into the vault's field, saved for next time, and paid. */
async function payWithNewSavedCard(page: TrackedPage, cashier: FrameLocator): Promise<void> {
  const field = cashier.frameLocator('#card-field iframe');
  await field.getByLabel('Card number').fill(CARDS.frictionless);
  await field.getByLabel('Expiry date').fill('1234');
  await field.getByLabel('CVV').fill('123');
  await cashier.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  // The field announces itself ready a moment after it loads; the page marks its form then.
  await cashier.locator('#cashier[data-field-ready]').waitFor(WAIT);
  await cashier.getByRole('button', { name: 'Pay' }).click();
  // The page's end tells the pay page, which goes on to the receipt (the store never opens inside the frame).
  await page.waitForURL('**/payment-success?orderId=*', WAIT);
  await page.getByTestId('coins-credited').waitFor(WAIT);
}

describe("paying on the card provider's secure checkout page (the cashier)", () => {
  it('pays an order there with a test card typed into the vault field: back on /payment-success, balance up', async () => {
    const product = await aCheapProduct(routed.baseURL);
    const session = await signInViaApi(routed.baseURL, await createVerifiedUser(routed.baseURL, { billingAddress: true }));
    await addToCartViaApi(routed.baseURL, session.token, product._id, 1);
    const page = await signedInPaymentPage(newPage, session);
    await page.goto('/cart');
    await page.getByTestId('cart-line').waitFor();
    const orderCoins = Number(digits((await page.getByTestId('cart-total-coins').textContent()) ?? ''));
    const coinsBefore = await purchasedCoins(routed.baseURL, session.token);
    const apiRequests = recordApiRequests(page);

    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*');
    await page.getByRole('radio', { name: 'Card', exact: true }).check();
    await page.getByTestId('cashier-button').click();

    // The sandbox's hosted page, in a dialog over the pay page: the card goes into the vault's field (a frame in
    // the page's frame), and the card is saved there.
    const cashier = await cashierPage(page);
    expect(new URL(page.url()).pathname).toMatch(/^\/add-card\//);
    await payWithNewSavedCard(page, cashier);
    const expected = formatBalance(coinsBefore + orderCoins);
    await page.waitForFunction((text) => document.querySelector('[data-testid=wallet-balance]')?.textContent === text, expected, {
      timeout: 30_000,
    });
    expect(await purchasedCoins(routed.baseURL, session.token)).toBe(coinsBefore + orderCoins);
    expect(apiRequests.some((r) => r.includes('/api/v1/nuvei/cashier'))).toBe(true);
    expect(apiRequests.filter((r) => digits(r).includes(CARDS.frictionless))).toEqual([]);
  });

  // Two orders on the page in its dialog, a deletion and a third page: a long flow, given room on a busy machine.
  it('a card saved on that page is listed on /add-card and deleted there after the confirmation; the page no longer offers it', async () => {
    const product = await aCheapProduct(routed.baseURL);
    const session = await signInViaApi(routed.baseURL, await createVerifiedUser(routed.baseURL, { billingAddress: true }));
    await addToCartViaApi(routed.baseURL, session.token, product._id, 1);
    const page = await signedInPaymentPage(newPage, session);
    await payWithNewSavedCard(page, await openCashierFromCart(page));
    // The provider tells the store about the saved card in its notification, which may come a moment later.
    await expect.poll(async () => (await cashierCards(session.token)).map((card) => card.last4), POLL).toEqual(['1111']);

    // A second order: its cashier page offers the saved card. Cancel comes back to the pay page, the order unpaid.
    await addToCartViaApi(routed.baseURL, session.token, product._id, 1);
    const second = await openCashierFromCart(page);
    const savedOnPage = second.getByRole('group', { name: 'Your saved cards' });
    await savedOnPage.waitFor(WAIT);
    expect(await savedOnPage.getByRole('radio').count()).toBe(1);
    expect(await savedOnPage.textContent()).toContain('1111');
    // The page's own Cancel: the dialog closes and the pay page says nothing was charged.
    await second.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('cashier-canceled').waitFor(WAIT);
    await page.getByRole('dialog', { name: 'Pay on the secure checkout page' }).waitFor({ state: 'detached', ...WAIT });
    const secondOrderPage = new URL(page.url()).pathname;

    // The manager of saved methods: the cashier section lists the card by its brand and last 4.
    await page.goto('/add-card');
    await page.getByRole('heading', { name: 'Your payment methods' }).waitFor(WAIT);
    const cashierSection = page.getByRole('region', { name: 'Card via secure checkout page', exact: true });
    const card = cashierSection.getByTestId('cashier-card').filter({ hasText: '1111' });
    await card.waitFor(WAIT);
    expect(await card.textContent()).toMatch(/^VISA •••• 1111 \(\d\d\/\d\d\)/);

    // Keep it: nothing deleted.
    const deleteButton = card.getByRole('button', { name: 'Delete Visa ending 1111' });
    await deleteButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    expect(await dialog.textContent()).toContain('Delete Visa ending 1111?');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    expect(await card.count()).toBe(1);
    expect(await cashierCards(session.token)).toHaveLength(1);

    // Delete, confirmed: gone from the page and from the server, and still gone after a reload.
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await card.waitFor({ state: 'detached', ...WAIT });
    await page.getByText('Card deleted.').first().waitFor(WAIT);
    await cashierSection.getByText('You have no cards saved on the secure checkout page.').waitFor(WAIT);
    expect(await cashierCards(session.token)).toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: 'Your payment methods' }).waitFor(WAIT);
    await cashierSection.getByText('You have no cards saved on the secure checkout page.').waitFor(WAIT);
    expect(await cashierSection.getByTestId('cashier-card').count()).toBe(0);

    // The second order's cashier page no longer offers it: only a new card.
    await page.goto(secondOrderPage);
    await page.getByRole('radio', { name: 'Card', exact: true }).check();
    await page.getByTestId('cashier-button').click();
    const third = await cashierPage(page);
    expect(await third.getByRole('group', { name: 'Your saved cards' }).count()).toBe(0);
    expect(await third.getByRole('radio', { name: 'A new card' }).isChecked()).toBe(true);
  }, 150_000);
});
