import { formatBalance } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { CARDS, aCheapProduct, addToCartViaApi, payWithNewCard, signedInPaymentPage } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

describe('my purchases', () => {
  it('lists the order the shopper just paid for, by the number shown while paying, with how it was paid and its receipt', async () => {
    const product = await aCheapProduct(baseURL);
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
    await addToCartViaApi(baseURL, session.token, product._id, 1);
    const page = await signedInPaymentPage(newPage, session);
    await page.goto('/my-purchases');
    await page.getByText("You haven't bought anything yet.").waitFor();
    expect(await page.getByTestId('purchase-row').count()).toBe(0);

    await page.goto('/cart');
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*');
    // The pay page names the order by its number and leads back to the cart (issue 24).
    const orderNumber = page.getByTestId('order-number');
    await orderNumber.waitFor();
    const heading = (await orderNumber.textContent()) ?? '';
    expect(heading).toMatch(/^Order #\d{6,}$/);
    expect(await page.getByRole('link', { name: '← Back to cart' }).getAttribute('href')).toBe('/cart');
    await payWithNewCard(page, CARDS.frictionless);
    await page.waitForURL('**/payment-success?orderId=*');
    await page.getByTestId('coins-credited').waitFor();
    const orderId = new URL(page.url()).searchParams.get('orderId');
    expect(await page.getByTestId('payment-success').getByTestId('order-number').textContent()).toBe(heading);

    await page.getByRole('link', { name: 'My purchases' }).first().click();
    await page.waitForURL('**/my-purchases');
    const row = page.getByTestId('purchase-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().getAttribute('data-order-id')).toBe(orderId);
    expect(await row.first().textContent()).toContain(product.name);
    expect(await row.first().getByTestId('purchase-status').textContent()).toBe('Completed');
    expect(await row.first().getByTestId('order-number').textContent()).toBe(heading);
    expect(await row.first().getByTestId('purchase-paid-with').textContent()).toBe('Card');
    await row
      .first()
      .getByRole('link', { name: `Receipt for order ${heading.replace(/^Order /, '')}` })
      .click();
    await page.waitForURL(`**/payment-success?orderId=${orderId}`);
    await page.getByTestId('payment-success').waitFor();
  });

  it("a gift card's code is shown with Copy and how to redeem it, and a friend redeems it once at /redeem", async () => {
    // The Jade card of the starter catalogue: 2,500 coins, with codes in the demo stock.
    const listing = (await (await fetch(`${baseURL}/api/v1/admin/product`)).json()) as {
      data: { giftCards: { _id: string; name: string; isAvailable: boolean }[] };
    };
    const card = listing.data.giftCards.find((g) => g.isAvailable && g.name.startsWith('Jade'));
    expect(card, 'an available Jade gift card').toBeDefined();
    const buyer = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
    const page = await signedInPaymentPage(newPage, buyer);
    await page.goto(`/product-details/${card!._id}?type=giftCard`);
    await page.getByTestId('buy-now-button').click();
    await page.waitForURL('**/add-card/*');
    await payWithNewCard(page, CARDS.frictionless);
    await page.waitForURL('**/payment-success?orderId=*');
    const shownCode = page.getByTestId('gift-card-code');
    await shownCode.waitFor();
    const code = (await shownCode.textContent()) ?? '';
    expect(code.length).toBeGreaterThanOrEqual(4);
    await page.getByRole('button', { name: /^Copy the code of / }).waitFor();
    expect(await page.getByTestId('redeem-help').textContent()).toContain('Redeem a gift card');

    // The friend it was given to redeems it into their own wallet.
    const friend = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
    const friendPage = await newPage({ token: friend.token, user: friend.user });
    await friendPage.goto('/redeem');
    await friendPage.getByLabel('Gift-card code').fill(code);
    await friendPage.getByRole('button', { name: 'Check code' }).click();
    expect(await friendPage.getByTestId('redeem-value').textContent()).toBe('Gives 2,500 coins.');
    await friendPage.getByRole('button', { name: 'Redeem 2,500 coins' }).click();
    await friendPage.getByTestId('redeem-done').waitFor();
    await expect.poll(() => friendPage.getByTestId('wallet-balance').textContent(), { timeout: 30_000 }).toContain(formatBalance(2_500));

    // Once: checking it again says it was redeemed.
    await friendPage.getByLabel('Gift-card code').fill(code);
    await friendPage.getByRole('button', { name: 'Check code' }).click();
    await friendPage.getByTestId('redeem-already').waitFor();
    expect(await friendPage.getByTestId('redeem-submit').count()).toBe(0);
  });
});
