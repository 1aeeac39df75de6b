import { formatBalance } from '@store/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useStoreRoutingCardsTo } from '../support/routed-store.ts';
import { useBrowser } from '../support/browser.ts';
import {
  aCheapProduct,
  addToCartViaApi,
  chooseWayToPay,
  purchasedCoins,
  recordApiRequests,
  signedInPaymentPage,
} from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

// Issue 9: pay with a Stripe card through its 3-D Secure step, pay with Cash App, and save and delete a
// Stripe card and a Cash App account. The store runs the built-in Stripe sandbox (no keys, no internet):
// the `stripe` package talks to the sandbox's API, the card is typed into our vault's hosted field, and
// Stripe's 3-D Secure and Cash App pages are the sandbox's (ADR 012).

// The store routes new cards to this provider (issue 24): a store of this file's own.
const routed = useStoreRoutingCardsTo('stripe_card');
const { newPage } = useBrowser({ storeURL: () => routed.baseURL });

/** Stripe's test card that always asks for 3-D Secure, and its plain Visa (README "Payments sandbox"). */
const STRIPE_3DS = '4000002760003184';
const STRIPE_VISA = '4242424242424242';
const digits = (text: string) => text.replace(/\D/g, '');

type Methods = { card: { last4: string }[]; cashapp: { userPaymentOptionId: string }[] };
async function stripeMethodsViaApi(token: string): Promise<Methods> {
  const res = await fetch(`${routed.baseURL}/api/v1/payment/stripe/payment-methods`, { headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { paymentMethods: Methods } }).data.paymentMethods;
}

/** Every card-number frame on the page has said it is ready (/add-card shows one per kind of card). */
async function cardFrameReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const ready = (window as unknown as { __cardFieldsReady?: string[] }).__cardFieldsReady ?? [];
      const frames = document.querySelectorAll('iframe[data-testid=card-field-card-number]').length;
      return frames > 0 && ready.filter((id) => id === 'card-field-card-number').length >= frames;
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** A new shopper with one package in the cart, on the pay page of its order. */
async function shopperOnPayPage() {
  const product = await aCheapProduct(routed.baseURL);
  const session = await signInViaApi(routed.baseURL, await createVerifiedUser(routed.baseURL));
  await addToCartViaApi(routed.baseURL, session.token, product._id, 1);
  const page = await signedInPaymentPage(newPage, session);
  await page.goto('/cart');
  await page.getByTestId('cart-line').waitFor();
  const orderCoins = Number(digits((await page.getByTestId('cart-total-coins').textContent()) ?? ''));
  const coinsBefore = await purchasedCoins(routed.baseURL, session.token);
  const apiRequests = recordApiRequests(page);
  await page.getByTestId('checkout-button').click();
  await page.waitForURL('**/add-card/*');
  return { page, token: session.token, orderCoins, coinsBefore, apiRequests };
}

async function expectCredited(page: Page, token: string, coinsBefore: number, orderCoins: number) {
  await page.waitForURL('**/payment-success?orderId=*', { timeout: 30_000 });
  await page.getByTestId('coins-credited').waitFor({ timeout: 30_000 });
  const expected = formatBalance(coinsBefore + orderCoins);
  await page.waitForFunction((text) => document.querySelector('[data-testid=wallet-balance]')?.textContent === text, expected, {
    timeout: 30_000,
  });
  expect(await purchasedCoins(routed.baseURL, token)).toBe(coinsBefore + orderCoins);
}

describe('paying through Stripe', () => {
  it('pays with a Stripe card through its 3-D Secure page; then the card is deleted after the confirmation', async () => {
    const { page, token, orderCoins, coinsBefore, apiRequests } = await shopperOnPayPage();
    await page.getByRole('radio', { name: 'Card', exact: true }).check();
    const panel = page.getByTestId('stripe-card-method');
    await panel.waitFor();
    const frame = panel.frameLocator('iframe[data-testid=card-field-card-number]');
    await frame.getByLabel('Card number').fill(STRIPE_3DS);
    await frame.getByLabel('Expiry date').fill('1234');
    await frame.getByLabel('CVV').fill('123');
    await cardFrameReady(page);
    await panel.getByTestId('stripe-pay-button').click();

    // Stripe's 3-D Secure page (the sandbox's) in a dialog over the pay page (issue 24), then the store's
    // return route in that frame tells the pay page where to go on.
    const bank = page.getByRole('dialog', { name: 'Confirm the payment with your bank' }).frameLocator('iframe[name=threeds-challenge]');
    await bank.getByRole('button', { name: 'Complete authentication' }).click({ timeout: 30_000 });
    await expectCredited(page, token, coinsBefore, orderCoins);
    expect(apiRequests.some((r) => r.includes('/api/v1/payment/stripe/payment-intent/pm_'))).toBe(true);
    expect(apiRequests.filter((r) => digits(r).includes(STRIPE_3DS))).toEqual([]);
    expect((await stripeMethodsViaApi(token)).card.map((card) => card.last4)).toEqual(['3184']);

    // The next order's pay page has one list of saved cards, with the card paid with last chosen (issue 24).
    await addToCartViaApi(routed.baseURL, token, (await aCheapProduct(routed.baseURL))._id, 1);
    await page.goto('/cart');
    await page.getByTestId('cart-line').waitFor();
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*');
    const lastUsed = page.getByRole('list', { name: 'Saved cards' }).getByRole('radio', { name: /Visa ending 3184/ });
    await lastUsed.waitFor();
    expect(await lastUsed.isChecked()).toBe(true);
    expect(await page.getByTestId('stripe-pay-button').textContent()).toMatch(/^Pay \$\d+\.\d\d$/);

    // Managed without an order: deleted only once the shopper confirms.
    await page.goto('/add-card');
    const section = page.getByRole('region', { name: 'Card (Stripe)' });
    const saved = section.getByTestId('stripe-saved-card').filter({ hasText: 'Visa ending 3184' });
    await saved.waitFor();
    await saved.getByRole('button', { name: 'Delete Visa ending 3184' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep it' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await stripeMethodsViaApi(token)).card).toHaveLength(1);
    await saved.getByRole('button', { name: 'Delete Visa ending 3184' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await saved.waitFor({ state: 'detached' });
    await section.getByText('You have no cards saved with Stripe.').waitFor();
    expect((await stripeMethodsViaApi(token)).card).toEqual([]);

    // And saved without an order, from the same form.
    const addFrame = section.frameLocator('iframe[data-testid=card-field-card-number]');
    await addFrame.getByLabel('Card number').fill(STRIPE_VISA);
    await addFrame.getByLabel('Expiry date').fill('1234');
    await addFrame.getByLabel('CVV').fill('123');
    await cardFrameReady(page);
    await section.getByTestId('stripe-save-card-button').click();
    await section.getByTestId('stripe-saved-card').filter({ hasText: 'Visa ending 4242' }).waitFor();
    expect((await stripeMethodsViaApi(token)).card.map((card) => card.last4)).toEqual(['4242']);
  });

  it('pays with Cash App on its authorisation page; adds a Cash App account and deletes it after the confirmation', async () => {
    const { page, token, orderCoins, coinsBefore } = await shopperOnPayPage();
    await chooseWayToPay(page, 'Cash App Pay');
    const panel = page.getByTestId('cash-app-method');
    await panel.waitFor();
    await panel.getByTestId('cash-app-pay-button').click();
    await page.waitForURL('**/sandbox/stripe/cashapp/**', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Authorize test payment' }).click();
    await expectCredited(page, token, coinsBefore, orderCoins);

    // Adding an account without an order: Cash App's page, then back to /add-card with the account listed.
    await page.goto('/add-card');
    const section = page.getByRole('region', { name: 'Cash App Pay' });
    await section.getByTestId('cash-app-add-button').click();
    await page.waitForURL('**/sandbox/stripe/cashapp/**', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Authorize test payment' }).click();
    await page.waitForURL('**/add-card?cashApp=added', { timeout: 30_000 });
    const added = page.getByRole('region', { name: 'Cash App Pay' });
    await added.getByTestId('cash-app-setup-result').waitFor();
    const account = added.getByTestId('cash-app-account');
    await account.waitFor();
    expect((await stripeMethodsViaApi(token)).cashapp).toHaveLength(1);
    await account.getByRole('button', { name: /^Delete Cash App/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await account.waitFor({ state: 'detached' });
    expect((await stripeMethodsViaApi(token)).cashapp).toEqual([]);
  });
});
