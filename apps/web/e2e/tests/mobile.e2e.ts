import { describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT, useBrowser } from '../support/browser.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

describe('the mobile menu at a phone viewport', () => {
  it('offers Sign In, Home, Products, About, Contact and Get the App to a guest', async () => {
    const page = await newPage({ viewport: PHONE_VIEWPORT });
    await page.goto('/about-us');
    await page.getByRole('button', { name: 'Menu open' }).click();
    const menu = page.getByTestId('mobile-menu');
    await menu.waitFor();
    for (const name of ['Sign In', 'Home', 'Products', 'About', 'Contact', 'Get the App']) {
      expect(await menu.getByText(name, { exact: true }).count(), name).toBeGreaterThan(0);
    }
    await menu.getByRole('button', { name: 'Close' }).click();
    await menu.waitFor({ state: 'hidden' });
  });

  it('gives a shopper Home, Products, About, My purchases and a Get the App sub-list with Back', async () => {
    const user = await createVerifiedUser(baseURL);
    const session = await signInViaApi(baseURL, user);
    const page = await newPage({ viewport: PHONE_VIEWPORT, token: session.token, user: session.user });
    await page.goto('/about-us');
    await page.getByTestId('signed-in-header').waitFor();
    await page.getByRole('button', { name: 'Menu open' }).click();
    const menu = page.getByTestId('mobile-menu');
    await menu.waitFor();
    for (const name of ['Home', 'Products', 'About', 'My purchases']) {
      expect(await menu.getByRole('link', { name, exact: true }).count(), name).toBeGreaterThan(0);
    }
    await menu.getByRole('button', { name: 'Get the App' }).click();
    const ios = menu.getByRole('link', { name: /iOS/ });
    const android = menu.getByRole('link', { name: /Android/ });
    await ios.waitFor();
    expect(await ios.getAttribute('target')).toBe('_blank');
    expect(await android.getAttribute('target')).toBe('_blank');
    await menu.getByRole('button', { name: 'Back' }).click();
    await menu.getByRole('link', { name: 'Products', exact: true }).waitFor();
    await menu.getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL('**/products');
  });
});
