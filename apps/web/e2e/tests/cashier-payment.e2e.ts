import { formatBalance } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { CARDS, aCheapProduct, addToCartViaApi, purchasedCoins, recordApiRequests, signedInPaymentPage } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const digits = (text: string) => text.replace(/\D/g, '');

describe("paying on the card provider's secure checkout page (the cashier)", () => {
  it('pays an order there with a test card typed into the vault field: back on /payment-success, balance up', async () => {
    const product = await aCheapProduct(baseURL);
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
    await addToCartViaApi(baseURL, session.token, product._id, 1);
    const page = await signedInPaymentPage(newPage, session);
    await page.goto('/cart');
    await page.getByTestId('cart-line').waitFor();
    const orderCoins = Number(digits((await page.getByTestId('cart-total-coins').textContent()) ?? ''));
    const coinsBefore = await purchasedCoins(baseURL, session.token);
    const apiRequests = recordApiRequests(page);

    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*');
    await page.getByRole('radio', { name: 'Card via secure checkout page' }).check();
    await page.getByTestId('cashier-button').click();
    await page.waitForURL('**/sandbox/cashier/*');

    // The sandbox's hosted page: the card goes into the vault's field, and the card is saved there.
    const frame = page.frameLocator('#card-field iframe');
    await frame.getByLabel('Card number').fill(CARDS.frictionless);
    await frame.getByLabel('Expiry date').fill('1234');
    await page.getByRole('checkbox', { name: 'Save this card for next time' }).check();
    // The field announces itself ready a moment after it loads; the page marks its form then.
    await page.locator('#cashier[data-field-ready]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/payment-success?orderId=*', { timeout: 30_000 });
    await page.getByTestId('coins-credited').waitFor({ timeout: 30_000 });
    const expected = formatBalance(coinsBefore + orderCoins);
    await page.waitForFunction((text) => document.querySelector('[data-testid=wallet-balance]')?.textContent === text, expected, {
      timeout: 30_000,
    });
    expect(await purchasedCoins(baseURL, session.token)).toBe(coinsBefore + orderCoins);
    expect(apiRequests.some((r) => r.includes('/api/v1/nuvei/cashier'))).toBe(true);
    expect(apiRequests.filter((r) => digits(r).includes(CARDS.frictionless))).toEqual([]);
  });
});
