import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { anAvailableProduct } from '../support/catalog.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

describe('route guards', () => {
  it('shows a guest the product page with "Sign in to buy", which returns there after sign-in with the buying controls', async () => {
    const product = await anAvailableProduct(baseURL);
    const user = await createVerifiedUser(baseURL);
    const page = await newPage();
    await page.goto('/products');
    await page.getByTestId('public-header').getByRole('link', { name: 'Products', exact: true }).waitFor();
    await page.goto(`/product-details/${product._id}`);
    await page.getByTestId('product-details').waitFor();
    expect(await page.getByTestId('product-details').textContent()).toContain(product.name);
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in to buy' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('redirectedURlBeforeAccess'))).toBe(`/product-details/${product._id}`);

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL(`**/product-details/${product._id}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    expect(await page.getByTestId('product-details').textContent()).toContain(product.name);
    expect(await page.evaluate(() => localStorage.getItem('xAuthToken'))).toBeTruthy();
    await page.getByTestId('signed-in-header').waitFor();
  });

  it('sends a guest from /verify to /login and back to /verify after sign-in', async () => {
    const user = await createVerifiedUser(baseURL);
    const page = await newPage();
    await page.goto('/verify');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('redirectedURlBeforeAccess'))).toContain('/verify');

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL((url) => url.pathname === '/verify');
    await page.getByRole('heading', { level: 1, name: 'Your identity verification' }).waitFor();
    // A new shopper has made no verification attempt yet.
    const record = page.getByRole('region', { name: 'Verification record' });
    await record.waitFor();
    expect(await record.textContent()).toContain('Not started');
    await page.getByTestId('signed-in-header').waitFor();
  });

  it('sends a signed-in shopper away from guest-only pages to /', async () => {
    const user = await createVerifiedUser(baseURL);
    const session = await signInViaApi(baseURL, user);
    const page = await newPage({ token: session.token, user: session.user });
    for (const path of ['/login', '/signup', '/forgot-password']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await page.getByTestId('signed-in-header').waitFor();
  });
});
