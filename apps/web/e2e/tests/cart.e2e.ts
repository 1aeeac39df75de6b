import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { aCheapProduct, addToCartViaApi, cartLineQuantity, cents } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

async function signedInShopper() {
  const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
  const page = await newPage({ token: session.token, user: session.user });
  return { page, token: session.token };
}

describe('the cart', () => {
  it('adds a package from its details page and the header badge counts it', async () => {
    const product = await aCheapProduct(baseURL);
    const { page } = await signedInShopper();
    await page.goto(`/product-details/${product._id}`);
    const badge = page.getByTestId('cart-badge');
    await page.waitForFunction(() => document.querySelector('[data-testid=cart-badge]')?.textContent === '0');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=cart-badge]')?.textContent === '1');
    expect(await badge.textContent()).toBe('1');

    await page.getByTestId('cart-badge').click();
    await page.waitForURL('**/cart');
    const line = page.getByTestId('cart-line');
    await line.first().waitFor();
    expect(await line.count()).toBe(1);
    expect(await line.first().textContent()).toContain(product.name);
  });

  it('changes quantities with + and − and the total follows', async () => {
    const product = await aCheapProduct(baseURL);
    const { page, token } = await signedInShopper();
    await addToCartViaApi(baseURL, token, product._id, 1);
    await page.goto('/cart');
    const quantity = page.getByTestId('cart-line-quantity');
    await quantity.waitFor();
    expect(await quantity.textContent()).toBe('1');
    const total = page.getByTestId('cart-total');
    const oneTotal = cents(await total.textContent());
    expect(oneTotal).toBeGreaterThanOrEqual(product.price);

    await page.getByTestId('cart-increase').click();
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid=cart-total]')?.textContent === expected,
      `$${((product.price * 2) / 100).toFixed(2)}`,
    );
    expect(await quantity.textContent()).toBe('2');
    expect(await page.getByTestId('cart-badge').textContent()).toBe('2');

    await page.getByTestId('cart-decrease').click();
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid=cart-total]')?.textContent === expected,
      `$${(oneTotal / 100).toFixed(2)}`,
    );
    expect(await quantity.textContent()).toBe('1');
    expect(await cartLineQuantity(baseURL, token, product._id)).toBe(1);
  });

  it('puts the quantity back and says so when the server fails the change', async () => {
    const product = await aCheapProduct(baseURL);
    const { page, token } = await signedInShopper();
    page.allowHttpErrors(500);
    await addToCartViaApi(baseURL, token, product._id, 1);
    await page.route(
      '**/api/v1/cart/increasequantity/**',
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'The cart service fell over.', code: 'INTERNAL' }),
        }),
      { times: 1 },
    );
    await page.goto('/cart');
    const quantity = page.getByTestId('cart-line-quantity');
    await quantity.waitFor();
    const totalBefore = await page.getByTestId('cart-total').textContent();

    await page.getByTestId('cart-increase').click();
    const alert = page.getByRole('alert').filter({ hasText: 'The cart service fell over.' }).first();
    await alert.waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid=cart-line-quantity]')?.textContent === '1');
    expect(await page.getByTestId('cart-total').textContent()).toBe(totalBefore);
    expect(await cartLineQuantity(baseURL, token, product._id)).toBe(1);

    // The next change goes through: nothing was left half-done.
    await page.getByTestId('cart-increase').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=cart-badge]')?.textContent === '2');
    expect(await quantity.textContent()).toBe('2');
    expect(await cartLineQuantity(baseURL, token, product._id)).toBe(2);
  });

  it('applies WELCOME10: a discount line appears and the total drops', async () => {
    const product = await aCheapProduct(baseURL);
    const { page, token } = await signedInShopper();
    // WELCOME10 needs a $5.00 subtotal.
    await addToCartViaApi(baseURL, token, product._id, Math.max(1, Math.ceil(500 / product.price)));
    await page.goto('/cart');
    const total = page.getByTestId('cart-total');
    await total.waitFor();
    const before = cents(await total.textContent());
    const summary = page.getByRole('region', { name: 'Order summary' });
    expect(await summary.textContent()).not.toContain('Discount');

    await page.getByTestId('coupon-input').fill('WELCOME10');
    await page.getByTestId('apply-coupon').click();
    await page.getByText('Coupon WELCOME10 applied').waitFor();
    const discountLine = summary.locator('div').filter({ hasText: 'Discount (WELCOME10)' });
    await discountLine.waitFor();
    const discount = cents(await discountLine.locator('dd').textContent());
    // 10 % of the subtotal, to the cent (no tax by default, so the total before is the subtotal).
    expect(Math.abs(discount - before / 10)).toBeLessThanOrEqual(1);
    await page.waitForFunction(
      (was) => document.querySelector('[data-testid=cart-total]')?.textContent !== was,
      `$${(before / 100).toFixed(2)}`,
    );
    expect(cents(await total.textContent())).toBe(before - discount);
  });
});
