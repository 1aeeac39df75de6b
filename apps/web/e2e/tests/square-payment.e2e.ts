import { formatBalance } from '@store/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useStoreRoutingCardsTo } from '../support/routed-store.ts';
import { useBrowser } from '../support/browser.ts';
import { aCheapProduct, addToCartViaApi, purchasedCoins, recordApiRequests, signedInPaymentPage } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

// Issue 9: pay with a Square card, and save and delete a Square card. The store runs the built-in Square
// sandbox (no credentials, no internet): the card is typed into our vault's hosted field, Square's side
// is the sandbox's API reached through the `square` SDK (ADR 013).

// The store routes new cards to this provider (issue 24): a store of this file's own.
const routed = useStoreRoutingCardsTo('square_card');
const { newPage } = useBrowser({ storeURL: () => routed.baseURL });

/** Square's sandbox Visa (README "Payments sandbox"). */
const SQUARE_VISA = '4111111111111111';
const digits = (text: string) => text.replace(/\D/g, '');

async function squareCardsViaApi(token: string): Promise<{ last4: string }[]> {
  const res = await fetch(`${routed.baseURL}/api/v1/payment/square/cards`, { headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { paymentMethods: { last4: string }[] } }).data.paymentMethods;
}

/** Every card-number frame on the page has said it is ready (there may be one per kind of card). */
async function everyCardFrameReady(page: Page): Promise<void> {
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

describe('paying with a Square card', () => {
  it('pays an order with a Square card (kept with Square): success page, balance up; then deletes the card after the confirmation', async () => {
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
    await page.getByRole('radio', { name: 'Card', exact: true }).check();
    const panel = page.getByTestId('square-card-method');
    await panel.waitFor();
    const frame = panel.frameLocator('iframe[data-testid=card-field-card-number]');
    await frame.getByLabel('Card number').fill(SQUARE_VISA);
    await frame.getByLabel('Expiry date').fill('1234');
    await frame.getByLabel('CVV').fill('123');
    // Keeping the card is the shopper's choice, unticked until they tick it (issue 24).
    const keep = panel.getByRole('checkbox', { name: 'Save this card' });
    expect(await keep.isChecked()).toBe(false);
    await keep.check();
    await everyCardFrameReady(page);
    await panel.getByTestId('square-pay-button').click();

    await page.waitForURL('**/payment-success?orderId=*', { timeout: 30_000 });
    await page.getByTestId('coins-credited').waitFor({ timeout: 30_000 });
    const expected = formatBalance(coinsBefore + orderCoins);
    await page.waitForFunction((text) => document.querySelector('[data-testid=wallet-balance]')?.textContent === text, expected, {
      timeout: 30_000,
    });
    expect(await purchasedCoins(routed.baseURL, session.token)).toBe(coinsBefore + orderCoins);
    expect(apiRequests.some((r) => r.includes('/api/v1/payment/square/create-payment'))).toBe(true);
    expect(apiRequests.filter((r) => digits(r).includes(SQUARE_VISA))).toEqual([]);
    expect((await squareCardsViaApi(session.token)).map((card) => card.last4)).toEqual(['1111']);

    // The saved Square card, managed without an order: deleted only once the shopper confirms.
    await page.goto('/add-card');
    const section = page.getByRole('region', { name: 'Card (Square)' });
    const saved = section.getByTestId('square-saved-card').filter({ hasText: 'Visa ending 1111' });
    await saved.waitFor();
    await saved.getByRole('button', { name: 'Delete Visa ending 1111' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await squareCardsViaApi(session.token)).length).toBe(1);

    await saved.getByRole('button', { name: 'Delete Visa ending 1111' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await saved.waitFor({ state: 'detached' });
    await section.getByText('You have no cards saved with Square.').waitFor();
    expect(await squareCardsViaApi(session.token)).toEqual([]);
  });
});
