import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

describe('the signed-in session', () => {
  it('shows the profile dropdown with the wallet total, closes on an outside click, and logs out', async () => {
    const page = await newPage();
    await page.goto('/test-login');
    await page.getByRole('button', { name: /Dana Demo/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const header = page.getByTestId('signed-in-header');
    await header.waitFor();
    // The demo shopper has 2500 + 740 + 1200 coins across the three wallets.
    await expect.poll(() => page.getByTestId('wallet-balance').first().textContent(), { timeout: 30_000 }).toContain('4,440.00');

    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('profile-dropdown').waitFor();
    await page.mouse.click(5, 400);
    await page.getByTestId('profile-dropdown').waitFor({ state: 'hidden' });

    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('logout-button').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('public-header').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('xAuthToken'), localStorage.getItem('user')])).toEqual([null, null]);
  });

  it('is forced out when the server answers 401: token, user and cookie cleared, back at the root', async () => {
    const user = await createVerifiedUser(baseURL);
    const session = await signInViaApi(baseURL, user);
    const page = await newPage({ token: session.token, user: session.user });
    page.allowHttpErrors(401);
    await page.goto('/about-us');
    await page.getByTestId('signed-in-header').waitFor();
    await page.evaluate(() => {
      document.cookie = 'xAuthToken=stale; path=/';
    });

    // The session ends on the server (as after a password reset elsewhere).
    const revoked = await fetch(`${baseURL}/api/v1/auth/logout`, { method: 'POST', headers: { 'x-auth-token': session.token } });
    expect(revoked.status).toBe(200);

    await page.goto('/products');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('public-header').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('xAuthToken'), localStorage.getItem('user')])).toEqual([null, null]);
    expect(await page.evaluate(() => document.cookie)).not.toContain('xAuthToken');
  });
});
