// Paying by bank account (ACH, ADR 011) in the browser: the shopper links a sandbox bank account on the
// pay page's bank-linking page and pays; /payment-success says the payment is processing; the sandbox's
// settle control (called from the test over HTTP, on the store's machine) settles the debit and the page
// shows the coins credited, the header balance rising, without a reload. Then a return (R01) after
// settlement takes the coins back (the balance falls live) and flags the account: paying by bank again
// is refused with the reason. Without an order, /add-card links an account the same way, lists it and
// deletes it only after the confirmation (issue 9).
import { ACCOUNT_FLAGGED_MESSAGE, formatBalance, formatCoins } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { useBrowser, type TrackedPage } from '../support/browser.ts';
import { aCheapProduct, addToCartViaApi, bankLinkPage, chooseWayToPay, purchasedCoins } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const WAIT = { timeout: 30_000 };
const POLL = { timeout: 30_000, interval: 250 };
// README "Bank account (ACH)": this account links ("Sandbox Federal Bank") and its debits settle.
const ROUTING = '011000015';
const ACCOUNT = '1000000001';

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

/** A new shopper with one package in the cart, on /cart; the order's coins as the cart shows them. */
async function shopperAtCheckout() {
  const product = await aCheapProduct(baseURL);
  const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
  await addToCartViaApi(baseURL, session.token, product._id, 1);
  const page = await newPage({ token: session.token, user: session.user });
  await page.goto('/cart');
  await page.getByTestId('cart-line').waitFor(WAIT);
  const orderCoins = Number(digits(await page.getByTestId('cart-total-coins').textContent()));
  expect(orderCoins).toBeGreaterThan(0);
  return { page, token: session.token, orderCoins };
}

/** The order's bank payment as GET v1/nuvei/ach/{orderId} answers its owner. */
async function achStatus(
  token: string,
  orderId: string,
): Promise<{ status: string; transactionId: string | null; returnCode: string | null }> {
  const res = await fetch(`${baseURL}/api/v1/nuvei/ach/${encodeURIComponent(orderId)}`, { headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { status: string; transactionId: string | null; returnCode: string | null } }).data;
}

/** The shopper's linked bank accounts as GET v1/nuvei/banks lists them. */
async function linkedAccounts(token: string): Promise<{ bankName: string; last4: string }[]> {
  const res = await fetch(`${baseURL}/api/v1/nuvei/banks`, { headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { bankAccounts: { bankName: string; last4: string }[] } }).data.bankAccounts;
}

/** A sandbox control (settle | return), from this machine as the README describes it. */
async function achControl(
  transactionId: string,
  action: 'settle' | 'return',
  returnCode?: string,
): Promise<{ event: string; delivered: number }> {
  const res = await fetch(`${baseURL}/sandbox/ach/debits/${transactionId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(returnCode ? { returnCode } : {}),
  });
  const body = (await res.json()) as { data: { event: string; delivered: number } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** The header's balance, as the page shows it now. */
const headerBalance = (page: TrackedPage) => page.getByTestId('wallet-balance').textContent();

/**
 * From /cart: checkout, "Bank account (ACH)", "Link a bank account and pay", the bank-linking page with
 * the test numbers, back on /payment-success with the payment processing. Answers the order's id.
 */
async function linkAndPayByBank(page: TrackedPage): Promise<string> {
  await page.getByTestId('checkout-button').click();
  await page.waitForURL('**/add-card/*', WAIT);
  await chooseWayToPay(page, 'Bank account (ACH)');
  await page.getByTestId('bank-link').click();
  // The bank-linking page opens in a dialog over the pay page (issue 24); its end takes the pay page on.
  const bank = await bankLinkPage(page);
  await bank.getByLabel('Routing number').fill(ROUTING);
  await bank.getByLabel('Account number').fill(ACCOUNT);
  await bank.getByLabel('Account type').selectOption('checking');
  await bank.getByRole('button', { name: 'Link account' }).click();
  await page.waitForURL('**/payment-success?orderId=*', WAIT);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await page.getByTestId('payment-processing').waitFor(WAIT);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment processing');
  expect(await page.getByTestId('purchase-status').textContent()).toBe('Payment processing');
  return orderId;
}

/** Settles the order's debit through the sandbox's control; the page (never reloaded) shows the coins credited. */
async function settleAndSeeItLive(page: TrackedPage, token: string, orderId: string, coinsBefore: number, orderCoins: number) {
  // Survives only if the page is never reloaded.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const pending = await achStatus(token, orderId);
  expect(pending.status).toBe('processing');
  expect(await purchasedCoins(baseURL, token)).toBe(coinsBefore);
  expect(await achControl(pending.transactionId!, 'settle')).toEqual({ event: 'Settled', delivered: 200 });

  await page.getByTestId('coins-credited').waitFor(WAIT);
  expect(await page.getByTestId('coins-credited').textContent()).toBe(
    `${new Intl.NumberFormat('en-US').format(orderCoins)} coins were added to your wallet.`,
  );
  await expect.poll(() => headerBalance(page), POLL).toBe(formatBalance(coinsBefore + orderCoins));
  expect(await page.getByTestId('payment-processing').count()).toBe(0);
  expect(await page.getByTestId('purchase-status').textContent()).toBe('Completed');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(await purchasedCoins(baseURL, token)).toBe(coinsBefore + orderCoins);
  expect((await achStatus(token, orderId)).status).toBe('settled');
  return pending.transactionId!;
}

describe('paying by bank account (ACH)', () => {
  it('on /add-card (no order): links a test account on the bank-linking page, lists it, and deletes it only after the confirmation', async () => {
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
    const page = await newPage({ token: session.token, user: session.user });
    await page.goto('/add-card');
    await page.getByRole('heading', { name: 'Your payment methods' }).waitFor(WAIT);
    const bankSection = page.getByRole('region', { name: 'Bank account (ACH)', exact: true });
    await bankSection.getByText('You have no linked bank accounts.').waitFor(WAIT);

    await bankSection.getByTestId('bank-link').click();
    const bank = await bankLinkPage(page);
    await bank.getByLabel('Routing number').fill(ROUTING);
    await bank.getByLabel('Account number').fill(ACCOUNT);
    await bank.getByLabel('Account type').selectOption('checking');
    await bank.getByRole('button', { name: 'Link account' }).click();

    // Back on the manager of saved methods (no order), the account listed by its bank and last 4.
    await page.waitForURL((url) => url.pathname === '/add-card', WAIT);
    const account = bankSection.getByTestId('bank-account').filter({ hasText: 'ending 0001' });
    await account.waitFor(WAIT);
    expect(await account.textContent()).toContain('Sandbox Federal Bank');
    expect(await bankSection.getByTestId('bank-account').count()).toBe(1);
    expect(await linkedAccounts(session.token)).toMatchObject([{ bankName: 'Sandbox Federal Bank', last4: '0001' }]);

    // Keep it: nothing deleted.
    const deleteButton = account.getByRole('button', { name: /^Delete Sandbox Federal Bank .* ending 0001$/ });
    await deleteButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    expect(await dialog.textContent()).toMatch(/Delete Sandbox Federal Bank .* ending 0001\?/);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    expect(await account.count()).toBe(1);
    expect(await linkedAccounts(session.token)).toHaveLength(1);

    // Delete, confirmed: gone from the page and from the server, and still gone after a reload.
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await account.waitFor({ state: 'detached', ...WAIT });
    await bankSection.getByText('You have no linked bank accounts.').waitFor(WAIT);
    expect(await linkedAccounts(session.token)).toEqual([]);

    await page.reload();
    await page.getByRole('heading', { name: 'Your payment methods' }).waitFor(WAIT);
    await bankSection.getByText('You have no linked bank accounts.').waitFor(WAIT);
    expect(await bankSection.getByTestId('bank-account').count()).toBe(0);
  });

  it('links a test account on the bank-linking page and pays: processing, then settled live with the balance up; listed in My purchases', async () => {
    const { page, token, orderCoins } = await shopperAtCheckout();
    const coinsBefore = await purchasedCoins(baseURL, token);
    expect(await headerBalance(page)).toBe(formatBalance(coinsBefore));

    const orderId = await linkAndPayByBank(page);
    // Processing: nothing credited yet.
    expect(await headerBalance(page)).toBe(formatBalance(coinsBefore));
    await settleAndSeeItLive(page, token, orderId, coinsBefore, orderCoins);

    await page.getByRole('link', { name: 'My purchases' }).first().click();
    await page.waitForURL('**/my-purchases', WAIT);
    const row = page.locator(`[data-testid=purchase-row][data-order-id="${orderId}"]`);
    await row.waitFor(WAIT);
    expect(await row.getByTestId('purchase-status').textContent()).toBe('Completed');
    // "1,050 (incl. 550 bonus)": the order's coins first.
    expect(await row.getByTestId('purchase-coins').textContent()).toMatch(new RegExp(`^${formatCoins(orderCoins)}( |$)`));
  });

  it('a return (R01) after settlement takes the coins back, live, and paying by bank again is refused with the reason', async () => {
    const { page, token, orderCoins } = await shopperAtCheckout();
    const coinsBefore = await purchasedCoins(baseURL, token);
    const orderId = await linkAndPayByBank(page);
    const transactionId = await settleAndSeeItLive(page, token, orderId, coinsBefore, orderCoins);

    expect(await achControl(transactionId, 'return', 'R01')).toEqual({ event: 'Returned', delivered: 200 });
    // The header's balance falls without a reload, and the open page shows the order refunded.
    await expect.poll(() => headerBalance(page), POLL).toBe(formatBalance(coinsBefore));
    await expect.poll(() => page.getByTestId('purchase-status').textContent(), POLL).toBe('Refunded');
    expect(await page.getByTestId('coins-credited').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await purchasedCoins(baseURL, token)).toBe(coinsBefore);
    expect(await achStatus(token, orderId)).toMatchObject({ status: 'returned', returnCode: 'R01' });

    // My purchases, after a reload: the order refunded with the reason.
    await page.goto('/my-purchases');
    const row = page.locator(`[data-testid=purchase-row][data-order-id="${orderId}"]`);
    await row.waitFor(WAIT);
    expect(await row.getByTestId('purchase-status').textContent()).toBe('Refunded');
    expect(await headerBalance(page)).toBe(formatBalance(coinsBefore));

    // A new order: the linked account is still listed, and paying from it is refused with the reason.
    const product = await aCheapProduct(baseURL);
    await addToCartViaApi(baseURL, token, product._id, 1);
    await page.goto('/cart');
    await page.getByTestId('cart-line').waitFor(WAIT);
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*', WAIT);
    await chooseWayToPay(page, 'Bank account (ACH)');
    await page.getByTestId('bank-account').first().waitFor(WAIT);
    expect(await page.getByTestId('bank-account').first().textContent()).toContain('ending 0001');
    page.allowHttpErrors(403);
    await page.getByTestId('bank-pay').click();
    const refusal = page.getByTestId('bank-account-method').getByRole('alert');
    await refusal.waitFor(WAIT);
    expect(await refusal.textContent()).toBe(ACCOUNT_FLAGGED_MESSAGE);
    expect(page.url()).toContain('/add-card/');
    expect(await purchasedCoins(baseURL, token)).toBe(coinsBefore);
  });
});
