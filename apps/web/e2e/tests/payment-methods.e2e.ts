import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { CARDS, aCheapProduct, addToCartViaApi, signedInPaymentPage } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

// Issue 9, what the shopper may use: the pay page lists only the ways to pay the store allows this
// shopper, explains why a shopper from a state purchases are not allowed from cannot pay, and manages
// saved methods without an order, asking before it deletes one.

const { newPage, baseURL } = useBrowser();

async function apiCall(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseURL}/api/${path}`, {
    method,
    headers: { 'x-auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A new shopper whose profile places them in `state` (the demo door of the user module). */
async function shopperFrom(state: string) {
  const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
  const set = await apiCall('PUT', 'dev/profile-state', session.token, { state });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return session;
}

/**
 * Every card-number frame on the page has said it is ready (the manager shows one per kind of card, all
 * with the same test id, so one ready frame is not necessarily the one typed into).
 */
async function everyCardFrameReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const ready = (window as unknown as { __cardFieldsReady?: string[] }).__cardFieldsReady ?? [];
    const frames = document.querySelectorAll('iframe[data-testid=card-field-card-number]').length;
    return frames > 0 && ready.filter((id) => id === 'card-field-card-number').length >= frames;
  });
}

/** The shopper's saved cards as the server lists them. */
async function savedCards(token: string): Promise<{ last4: string }[]> {
  const res = await apiCall('GET', 'v1/nuvei/cards', token);
  expect(res.status).toBe(200);
  return (res.body.data as { paymentMethods: { last4: string }[] }).paymentMethods;
}

describe('what the shopper may use', () => {
  it('tells a shopper from Washington why they cannot pay, and offers no way to pay', async () => {
    const session = await shopperFrom('WA');
    const product = await aCheapProduct(baseURL);
    await addToCartViaApi(baseURL, session.token, product._id, 1);
    const page = await signedInPaymentPage(newPage, session);
    await page.goto('/cart');
    await page.getByTestId('cart-line').waitFor();
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*');

    const why = page.getByTestId('state-not-allowed');
    await why.waitFor();
    expect(await why.textContent()).toMatch(/^Purchases are not available in Washington yet\. /);
    await page.getByTestId('order-total').waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByTestId('pay-button').count()).toBe(0);
    expect(await page.locator('iframe[data-testid^=card-field]').count()).toBe(0);
    // The server agrees: nothing is allowed for this shopper.
    const allowed = (await apiCall('GET', 'v1/payment/allowed-providers', session.token)).body.data as {
      data: { allowedPayment: Record<string, boolean> };
    };
    expect(Object.values(allowed.data.allowedPayment).some(Boolean)).toBe(false);

    // Without an order, the manager says the same and offers nothing to add.
    await page.goto('/add-card');
    await page.getByTestId('state-not-allowed').waitFor();
    expect(await page.getByTestId('save-card-button').count()).toBe(0);
  });

  it('a shopper from Texas chooses among the allowed ways to pay; the card is chosen first', async () => {
    const session = await shopperFrom('TX');
    const product = await aCheapProduct(baseURL);
    await addToCartViaApi(baseURL, session.token, product._id, 1);
    const page = await signedInPaymentPage(newPage, session);
    await page.goto('/cart');
    await page.getByTestId('cart-line').waitFor();
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*');

    const choices = page.getByRole('radiogroup', { name: 'Ways to pay' });
    await choices.waitFor();
    const radios = choices.getByRole('radio');
    // One card form, whichever provider takes the card; the other ways under it (issue 24).
    expect(await choices.locator('label').allTextContents()).toEqual([
      'Card',
      'Bank account (ACH)',
      'Cash App Pay',
      'Crypto wallet (USDC)',
    ]);
    expect(await radios.first().isChecked()).toBe(true);
    expect(await choices.getByRole('radio', { name: 'Card', exact: true }).isChecked()).toBe(true);
    await page.getByTestId('method-card').getByTestId('pay-button').waitFor();
    expect(await page.getByTestId('state-not-allowed').count()).toBe(0);
  });

  it('saves a card on /add-card, then deletes it only after the confirmation', async () => {
    const session = await shopperFrom('NY');
    const page = await signedInPaymentPage(newPage, session);
    await page.goto('/add-card');
    await page.getByRole('heading', { name: 'Your payment methods' }).waitFor();
    const cardSection = page.getByRole('region', { name: 'Card', exact: true });
    const frame = cardSection.frameLocator('iframe[data-testid=card-field-card-number]');
    await frame.getByLabel('Card number').fill(CARDS.frictionless);
    await frame.getByLabel('Expiry date').fill('1234');
    await frame.getByLabel('CVV').fill('123');
    await everyCardFrameReady(page);
    await cardSection.getByTestId('save-card-button').click();
    const saved = cardSection.getByTestId('saved-card').filter({ hasText: 'ending 1111' });
    await saved.waitFor();
    expect((await savedCards(session.token)).map((card) => card.last4)).toEqual(['1111']);

    // Keep it: nothing deleted.
    await saved.getByRole('button', { name: /^Delete .* ending 1111$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Delete .* ending 1111\?/);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await saved.count()).toBe(1);
    expect((await savedCards(session.token)).map((card) => card.last4)).toEqual(['1111']);

    // Delete, confirmed: gone from the page and from the server.
    await saved.getByRole('button', { name: /^Delete .* ending 1111$/ }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await saved.waitFor({ state: 'detached' });
    await page.getByText('Card deleted.').first().waitFor();
    await cardSection.getByText('You have no saved cards.').waitFor();
    expect(await savedCards(session.token)).toEqual([]);
  });
});
