import type { FrameLocator, Page } from 'playwright-core';
import type { TrackedPage } from './browser.ts';

// Sandbox test cards (README): approve frictionless, 3-D Secure challenge, declined.
export const CARDS = {
  frictionless: '4111111111111111',
  challenge: '4000000000003220',
  declined: '4000000000000002',
} as const;

async function api<T>(baseURL: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api/${path}`, {
    method,
    headers: { 'x-auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Puts a product in the shopper's cart through the API, as the product page would. */
export async function addToCartViaApi(baseURL: string, token: string, itemId: string, quantity = 1): Promise<void> {
  await api(baseURL, 'POST', 'v1/cart', token, { itemId, quantity, type: 'product' });
}

export async function cartLineQuantity(baseURL: string, token: string, itemId: string): Promise<number | undefined> {
  const body = await api<{ data: { items: { itemId: { _id: string }; quantity: number }[] } }>(baseURL, 'GET', 'v1/cart', token);
  return body.data.items.find((line) => line.itemId._id === itemId)?.quantity;
}

/** An order as GET v1/checkout/getorder shows it to its owner. */
export async function orderViaApi(
  baseURL: string,
  token: string,
  orderId: string,
): Promise<{ _id: string; status: string; paidAt: string | null }> {
  const body = await api<{ data: { _id: string; status: string; paidAt: string | null } }>(
    baseURL,
    'GET',
    `v1/checkout/getorder?orderId=${encodeURIComponent(orderId)}`,
    token,
  );
  return body.data;
}

/** The purchased wallet as the server records it (not as the page shows it). */
export async function purchasedCoins(baseURL: string, token: string): Promise<number> {
  const body = await api<{ data: { coins: { purchasedWallet: number } } }>(baseURL, 'GET', 'v1/getuser', token);
  return body.data.coins.purchasedWallet;
}

/**
 * Records which hosted card fields have told the store page they are ready (their `loaded` message), so a
 * test pays only once the frame can tokenize. Call before the first navigation.
 */
export async function trackCardFieldsReady(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const ready: string[] = [];
    (window as unknown as { __cardFieldsReady: string[] }).__cardFieldsReady = ready;
    window.addEventListener('message', (event) => {
      if ((event.data as { type?: string } | null)?.type !== 'loaded') return;
      const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === event.source);
      const id = frame?.getAttribute('data-testid');
      if (id) ready.push(id);
    });
  });
}

/** On /add-card/:orderId with no saved card: types a new card into the hosted frame and presses Pay. */
export async function payWithNewCard(page: Page, cardNumber: string, { save = false } = {}): Promise<void> {
  const frame = page.frameLocator('iframe[data-testid=card-field-card-number]');
  await frame.getByLabel('Card number').fill(cardNumber);
  await frame.getByLabel('Expiry date').fill('1234');
  await frame.getByLabel('CVV').fill('123');
  await page.waitForFunction(() =>
    (window as unknown as { __cardFieldsReady?: string[] }).__cardFieldsReady?.includes('card-field-card-number'),
  );
  if (save) await page.getByRole('checkbox', { name: 'Save this card' }).check();
  await page.getByTestId('pay-button').click();
}

/** Every request the page sends to the store's /api, with its body, for checking what leaves the page. */
export function recordApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
  });
  return seen;
}

export interface PricedProduct {
  _id: string;
  name: string;
  price: number;
  coins: number;
  isAvailable: boolean;
}

/** The cheapest available package, so a few of them stay well under the per-purchase limit. */
export async function aCheapProduct(baseURL: string): Promise<PricedProduct> {
  const res = await fetch(`${baseURL}/api/v1/admin/product`);
  const body = (await res.json()) as { data: { data: PricedProduct[] } };
  const available = body.data.data.filter((p) => p.isAvailable).sort((a, b) => a.price - b.price);
  if (!available[0]) throw new Error('the seed has no available product');
  return available[0];
}

/** "$12.34" → 1234 */
export const cents = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

/** A signed-in page for the payment flow that also notes when the hosted card frame reports it is ready. */
export async function signedInPaymentPage(
  newPage: (opts: { token: string; user: object }) => Promise<TrackedPage>,
  session: { token: string; user: object },
): Promise<TrackedPage> {
  const page = await newPage({ token: session.token, user: session.user });
  await trackCardFieldsReady(page);
  return page;
}

/**
 * A provider's page the store opened in a dialog over its own (issue 24: the bank's check, the cashier, the
 * bank-linking page): the frame inside the dialog of that name, once the dialog is open.
 */
export async function pageInDialog(page: Page, dialogName: string, frameName: string): Promise<FrameLocator> {
  await page.getByRole('dialog', { name: dialogName }).waitFor({ timeout: 30_000 });
  return page.frameLocator(`iframe[name=${frameName}]`);
}

/** The bank-linking page in its dialog, loaded. */
export async function bankLinkPage(page: Page): Promise<FrameLocator> {
  const bank = await pageInDialog(page, 'Link a bank account', 'bank-link-page');
  await bank.getByRole('heading', { name: 'Link a bank account' }).waitFor({ timeout: 30_000 });
  return bank;
}

/**
 * Chooses another way to pay on the pay page, as a shopper does once the page has come in. The chosen way's
 * panel sits above the choices and loads after the page (its chunk behind a "Loading…"); when it comes in, the
 * choices move down, and a click aimed at one as it moves lands elsewhere (a CI run saw "Clicking the checkbox
 * did not change its state"). So the click waits for that panel first.
 */
export async function chooseWayToPay(page: Page, name: string): Promise<void> {
  await page.waitForURL('**/add-card/*', { timeout: 30_000 });
  // The chosen way's panel in the page, then its code in: only then are the choices where they will stay.
  await page.locator('.payments-method-panel').first().waitFor({ timeout: 30_000 });
  await page.locator('.payments-method-panel').getByText('Loading…', { exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByRole('radio', { name }).check({ timeout: 30_000 });
}
