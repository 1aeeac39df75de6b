// Issue 21: after several wrong passwords for one account, from any address, further sign-ins wait
// (429 with when to try again); the owner gets in at once with the link e-mailed when the wait began.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createVerifiedUser } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const wrongPassword = (email: string, i: number) =>
  fetch(`${baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `a wrong guess ${i}` }),
  });

describe('an account slowed by wrong passwords', () => {
  it('tells the owner when to try again, and lets them in with the e-mailed link', async () => {
    const user = await createVerifiedUser(baseURL);
    for (let i = 0; i < 5; i++) expect((await wrongPassword(user.email, i)).status).toBe(401);

    const page = await newPage();
    page.allowHttpErrors(429);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toMatch(/Please try again in \d+ seconds/);
    expect(await alert.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe('/forgot-password');

    // The mail sent when the wait began, in the local mailbox, as a newcomer without SMTP would read it.
    await page.goto(`/mailbox?to=${encodeURIComponent(user.email)}`);
    await page
      .getByRole('link', { name: /Sign-in attempts/ })
      .first()
      .click();
    await page
      .getByRole('link', { name: /\/login\?unlock=/ })
      .first()
      .click();
    await page.waitForURL('**/login?unlock=**');
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 }).toContain('Your sign-in link is ready');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('signed-in-header').waitFor();
  });
});
