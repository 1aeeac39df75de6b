// Issue 10: a win the game provider credits (a signed server-to-server call, as the distributor makes it)
// reaches the open page at once: the header balance rises and a toast says so, without a reload; the
// profile dropdown shows it in the winnings wallet, and the wallet history lists it as a win.
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

// The demo game provider the demo seed adds (its key is public, in the README).
const DEMO_DISTRIBUTOR = { id: 'demo-games', key: 'demo-distributor-signing-key-not-a-secret' };

async function creditWin(userId: string, amount: number): Promise<void> {
  const body = JSON.stringify({ transactionId: `e2e-${randomBytes(6).toString('hex')}`, userId, amount, reason: 'Dragon slots' });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', DEMO_DISTRIBUTOR.key).update(`${timestamp}.${body}`).digest('hex');
  const res = await fetch(`${baseURL}/api/v1/third-party/distributors/${DEMO_DISTRIBUTOR.id}/credits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-distributor-timestamp': timestamp, 'x-distributor-signature': signature },
    body,
  });
  if (res.status !== 200) throw new Error(`credit failed: ${res.status} ${await res.text()}`);
}

describe('a win credited by the game provider', () => {
  it('shows in the balance at once and in the wallet history', async () => {
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
    const page = await newPage({ token: session.token, user: session.user });
    await page.goto('/');
    const balance = page.getByTestId('wallet-balance').first();
    await expect.poll(() => balance.textContent(), { timeout: 30_000 }).toBe('0.00');
    // Connected and synced: from here on, nothing the server sends is missed.
    const key = `liveLastEventId:${session.user._id}`;
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key), { timeout: 30_000 }).not.toBeNull();

    await creditWin(session.user._id, 1250);
    await expect.poll(() => balance.textContent(), { timeout: 30_000 }).toBe('1,250.00');
    await page.getByText('You won 1,250 coins! They are in your winnings wallet.').waitFor({ timeout: 30_000 });

    await page.getByTestId('profile-menu-button').click();
    expect(await page.getByTestId('profile-winWallet').textContent()).toContain('1,250');

    await page.goto('/wallet-history');
    const rows = page.getByTestId('wallet-history-row');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(1);
    const cells = await rows.first().locator('td').allTextContents();
    // Its kind, wallet, coins, and the balance after it (issue 24).
    expect(cells.slice(1)).toEqual(['Win', 'Winnings', '+1,250', '1,250']);
  });
});
