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
});
