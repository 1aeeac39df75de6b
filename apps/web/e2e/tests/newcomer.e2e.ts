// Issue 8, "a newcomer on another address": a store started with no configuration, opened at
// http://127.0.0.1:<port> rather than the default http://localhost:<port>. The card frame must load
// (the vault lets either loopback name frame it), and the bank page and its way back must keep the
// shopper on the address they opened (their session lives in that origin's storage).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { CARDS, aCheapProduct, addToCartViaApi, payWithNewCard, purchasedCoins, signedInPaymentPage } from '../support/commerce.ts';
import { startStore, type StoreProcess } from '../support/store-server.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage } = useBrowser();

let store: StoreProcess;
beforeAll(async () => {
  store = await startStore({ publicUrl: false });
});
afterAll(() => store?.stop());

describe('a store run without PUBLIC_URL, opened at 127.0.0.1', () => {
  it('takes a 3-D Secure card payment from start to finish on that address, asking the billing country first', async () => {
    const base = store.baseURL;
    const session = await signInViaApi(base, await createVerifiedUser(base));
    const product = await aCheapProduct(base);
    await addToCartViaApi(base, session.token, product._id, 1);
    const coinsBefore = await purchasedCoins(base, session.token);

    const page = await signedInPaymentPage(newPage, session);
    // The first Pay is answered 422 PAYER_DETAILS_REQUIRED (no billing country yet): the page's own request.
    page.allowHttpErrors(422);
    await page.goto(`${base}/cart`);
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*');
    // Signed up without an address: the pay page asks for the billing country the bank needs (ADR 037,
    // 039), the shopper picks it from the list and pays again.
    await payWithNewCard(page, CARDS.challenge);
    await page.getByTestId('billing-country').waitFor({ timeout: 30_000 });
    await page.getByText('Choose your billing country to pay by card').waitFor({ timeout: 30_000 });
    await page.getByTestId('billing-country').selectOption('US');
    await page.getByTestId('pay-button').click();
    // The bank's check, in a dialog over the pay page: the page never leaves the store's address.
    const bank = page.getByRole('dialog', { name: 'Confirm the payment with your bank' }).frameLocator('iframe[name=threeds-challenge]');
    await bank.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL('**/payment-success?orderId=*');
    expect(new URL(page.url()).origin).toBe(base);
    await page.getByTestId('coins-credited').waitFor();
    expect(await purchasedCoins(base, session.token)).toBeGreaterThan(coinsBefore);
  });
});
