// Cash-out in the browser (issue 10, ADR 017, issue 24): a shopper with winnings (an admin's adjustment) is sent
// to verify first; verified (the identity sandbox's "passed" outcome), links a bank account from /cash-out on
// the sandbox's bank-linking page and comes back there; requests a cash-out; the header balance drops at once;
// the demo admin approves it through the admin API, and the page shows it Paid live (no reload) with a toast.
import { formatBalance } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../support/admin.ts';
import { useBrowser } from '../support/browser.ts';
import { bankLinkPage } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const WAIT = { timeout: 30_000 };
// README "Bank account (ACH)": this account links ("Sandbox Federal Bank") and is paid out.
const ROUTING = '011000015';
const ACCOUNT = '1000000001';
// A 1×1 PNG: the identity sandbox checks the pictures are images, then drops them.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseURL}/${path}`, {
    method,
    headers: { 'x-auth-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

/** The identity check through the sandbox's hosted page, answered "passed" (as a tester would choose). */
async function passVerification(token: string): Promise<void> {
  const started = await call<{ redirectUrl: string }>('POST', 'api/v1/kyc/jumio/start', token);
  expect(started.status).toBe(200);
  const page = new URL(started.data.redirectUrl, baseURL);
  const submitted = await fetch(`${baseURL}${page.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret: page.searchParams.get('secret'), outcome: 'passed', document: PNG, selfie: PNG }),
  });
  expect(submitted.status, await submitted.text()).toBe(200);
  const record = await call<{ jumio: { decision: string | null } }>('GET', 'api/v1/kyc/jumio', token);
  expect(record.data.jumio.decision).toBe('PASSED');
}

describe('cash-out', () => {
  it('a shopper verifies, links a bank account from /cash-out and cashes out winnings; the admin approves and the page shows it paid, live', async () => {
    const admin = await signInAsAdmin(baseURL);
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
    const credited = await admin.call(
      'POST',
      'v1/admin/wallet/adjustments',
      { userId: session.user._id, wallet: 'winWallet', amount: 5_000, reason: 'Tournament prize' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(credited.status).toBe(200);

    // Not verified yet: the page shows the winnings and sends the shopper to verify first.
    const page = await newPage({ token: session.token, user: session.user });
    await page.goto('/');
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('link', { name: 'Cash out' }).click();
    await page.waitForURL('**/cash-out', WAIT);
    await expect.poll(() => page.getByTestId('cashout-winnings').textContent(), WAIT).toBe('5,000 coins of winnings, worth $50.00');
    const verifyFirst = page.getByTestId('cashout-verify-first');
    await verifyFirst.waitFor(WAIT);
    expect(await verifyFirst.getByRole('link', { name: 'Verify my identity' }).getAttribute('href')).toBe('/verify');
    expect(await page.getByTestId('cashout-amount').count()).toBe(0);

    // Verified, with no bank account: linked right here, on the bank-linking page, which comes back to cash-out.
    await passVerification(session.token);
    await page.reload();
    await page.getByTestId('cashout-link-bank').waitFor(WAIT);
    await page.getByRole('button', { name: 'Link a bank account' }).click();
    // In a dialog over cash-out (issue 24): the page never leaves.
    const bank = await bankLinkPage(page);
    await bank.getByLabel('Routing number').fill(ROUTING);
    await bank.getByLabel('Account number').fill(ACCOUNT);
    await bank.getByRole('button', { name: 'Link account' }).click();
    await page.waitForURL((url) => url.pathname === '/cash-out' && !url.searchParams.has('bankLink'), WAIT);
    await expect
      .poll(() => page.getByTestId('bank-notice').textContent(), WAIT)
      .toBe('Sandbox Federal Bank checking ending 0001 is linked.');
    await page.getByTestId('cashout-rules').waitFor(WAIT);
    const balance = page.getByTestId('wallet-balance');
    await expect.poll(() => balance.textContent(), WAIT).toContain(formatBalance(5_000));

    await page.getByTestId('cashout-amount').fill('2000');
    // What it pays out, under the field (its description).
    await expect.poll(() => page.getByText(/^You receive /).textContent(), WAIT).toBe('You receive $20.00.');
    await expect.poll(() => page.getByTestId('cashout-bank').textContent(), WAIT).toContain('Sandbox Federal Bank ••0001');
    await page.getByTestId('cashout-submit').click();

    const row = page.getByTestId('cashout-row').first();
    await expect.poll(() => row.getAttribute('data-status'), WAIT).toBe('PENDING');
    // The coins left the winnings for the hold: the header's total drops without a reload.
    await expect.poll(() => balance.textContent(), WAIT).toContain(formatBalance(3_000));

    const pending = await admin.call<{ _id: string; userId: string }[]>('GET', 'v1/admin/cashouts?status=PENDING');
    const mine = pending.body.data.find((c) => c.userId === session.user._id);
    expect(mine).toBeDefined();
    const approved = await admin.call<{ status: string }>('POST', `v1/admin/cashouts/${mine!._id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('PAID');

    // Live: the row turns Paid and the toast says where the money went; the balance stays down.
    await expect.poll(() => row.getAttribute('data-status'), WAIT).toBe('PAID');
    await expect.poll(() => page.getByTestId('cashout-status').first().textContent(), WAIT).toBe('Paid');
    await page
      .getByText(/was paid to Sandbox Federal Bank ••0001/)
      .first()
      .waitFor(WAIT);
    expect(await balance.textContent()).toContain(formatBalance(3_000));
    expect(await page.getByTestId('cashout-row').count()).toBe(1);
  });
});
