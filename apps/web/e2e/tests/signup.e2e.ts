import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import type { Page } from 'playwright-core';
import { newUserDetails, type TestUser } from '../support/users.ts';

const { newPage } = useBrowser();

async function signUpThroughTheForm(page: Page, user: TestUser) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(user.firstname);
  await page.getByLabel('Last name').fill(user.lastname);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  // The 18+ confirmation the terms require (issue 24), then the terms.
  await page.getByRole('checkbox', { name: 'I am 18 years of age or older' }).check();
  await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  // The confirmation panel names the address the link went to.
  await expect.poll(() => page.textContent('body'), { timeout: 30_000 }).toContain(user.email);
}

describe('signing up', () => {
  it('signs up, confirms the e-mail through the mailbox link, signs in and sees the signed-in header', async () => {
    const user = newUserDetails();
    const page = await newPage();
    await signUpThroughTheForm(page, user);

    // The local mailbox page, as a newcomer without SMTP would use it.
    await page.goto(`/mailbox?to=${encodeURIComponent(user.email)}`);
    await page
      .getByRole('link', { name: /confirm/i })
      .first()
      .click();
    await page
      .getByRole('link', { name: /confirm|verify/i })
      .first()
      .click();
    await page.waitForURL('**/login?verify=**');
    await expect.poll(() => page.textContent('body'), { timeout: 30_000 }).toContain('Your e-mail is confirmed');

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('signed-in-header').waitFor();
    await expect.poll(() => page.getByTestId('wallet-balance').first().textContent(), { timeout: 30_000 }).toContain('0.00');
    expect(await page.getByTestId('cart-badge').first().textContent()).toBe('0');
  });

  it('refuses to sign in before the e-mail is confirmed', async () => {
    const user = newUserDetails();
    const page = await newPage();
    page.allowHttpErrors(403);
    await signUpThroughTheForm(page, user);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await expect.poll(() => page.textContent('body'), { timeout: 30_000 }).toContain('confirm your e-mail');
    expect(await page.evaluate(() => localStorage.getItem('xAuthToken'))).toBeNull();
  });
});
