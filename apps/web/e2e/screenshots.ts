// `npm run screenshots` (issue 24): every page state a shopper, a guest and an operator meets, at desktop
// (1366×900) and phone (390×844), taken with the system Chromium into screenshots/<viewport>/<state>.png
// (README "Screenshots"). Builds nothing itself (the npm script builds first); starts the built store on a
// fresh embedded database in demo mode, as the browser tests do, makes its own shopper, pays one order and one
// gift card with the sandbox's frictionless card, and photographs each page once it shows what it is for.
//   ONLY=cart,pay npm run screenshots    just these states
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { routeCardsTo, signInAsAdmin, type AdminSession } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from './support/chromium.ts';
import { aCheapProduct, addToCartViaApi, payWithNewCard, trackCardFieldsReady } from './support/commerce.ts';
import { repoRoot, startStore } from './support/store-server.ts';
import { createVerifiedUser, signInViaApi } from './support/users.ts';

const OUT = path.join(repoRoot, 'screenshots');
const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
// A page that never settles is a finding, not a reason to wait forever.
const READY_MS = 60_000;
const ONLY = process.env.ONLY?.split(',');

// A shopper with orders; one verified with winnings (cash-out); one who has not begun the identity check.
type Who = 'guest' | 'shopper' | 'verified' | 'newcomer' | 'admin';
interface Session {
  token: string;
  user: object;
}
interface PageState {
  name: string;
  who: Who;
  path: string;
  /** What the page shows once it is ready: a CSS selector. */
  ready: string;
  /** A framed part it must also show (the card vault's fields): the frame's selector and a label inside it. */
  frame?: { selector: string; label: string };
  /** What a person does on the page first, once it has loaded. */
  act?: (page: Page) => Promise<void>;
  /** A picture of the screen as it stands, not the whole page: for a panel fixed over the page (the chat). */
  screenOnly?: boolean;
  /** Undoes what `act` changed for every shopper (the card routing), once the picture is taken. */
  after?: () => Promise<void>;
}

async function openAs(browser: Browser, session: Session | null, viewport: { width: number; height: number }, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport });
  if (session) {
    await context.addInitScript(
      ([token, user]) => {
        if (window.top !== window) return;
        localStorage.setItem('xAuthToken', token as string);
        localStorage.setItem('user', JSON.stringify(user));
      },
      [session.token, session.user],
    );
  }
  const page = await context.newPage();
  // The card frames say when they are ready, for a state that pays (payWithNewCard waits for it).
  await trackCardFieldsReady(page);
  return page;
}

async function photograph(page: Page, state: PageState, viewportName: string) {
  await page.goto(state.path);
  await state.act?.(page);
  const settled = async () => {
    await page.locator(state.ready).first().waitFor({ timeout: READY_MS });
    if (state.frame) await page.frameLocator(state.frame.selector).getByLabel(state.frame.label).waitFor({ timeout: READY_MS });
    await page.waitForLoadState('networkidle', { timeout: READY_MS }).catch(() => {});
    // SPEC §2's route-change bar shows for 1.5 s after each navigation: the picture is of the page after it.
    await page.getByTestId('route-loader').waitFor({ state: 'detached', timeout: READY_MS });
  };
  await settled();
  // The whole page in one window as tall as the page, rather than Chromium's full-page capture: that one
  // leaves a cross-origin frame (the card vault's fields) blank at a phone's width.
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (!state.screenOnly && height > viewport.height) {
    // A screen that fills in keeps the footer below the fold with a 100vh main (global.css): in the taller window
    // that would be the window's height, so it is held at the phone's or desktop's own, as the shopper sees it.
    await page.addStyleTag({ content: `.app-main--fills-in { min-height: ${viewport.height}px !important; }` });
    await page.setViewportSize({ width: viewport.width, height });
    await settled();
  }
  const file = path.join(OUT, viewportName, `${state.name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  console.log(`  ${path.relative(repoRoot, file)}`);
}

/** One paid order and one waiting for payment, made through the pages as a shopper would. */
async function shopperWithOrders(browser: Browser, baseURL: string) {
  const product = await aCheapProduct(baseURL);
  const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
  const page = await openAs(browser, session, VIEWPORTS.desktop, baseURL);
  await trackCardFieldsReady(page);
  await addToCartViaApi(baseURL, session.token, product._id, 1);
  await page.goto('/cart');
  await page.getByTestId('checkout-button').click();
  await page.waitForURL('**/add-card/*', { timeout: READY_MS });
  await payWithNewCard(page, '4111111111111111');
  await page.waitForURL('**/payment-success?orderId=*', { timeout: READY_MS });
  const paidOrderId = new URL(page.url()).searchParams.get('orderId')!;
  // A second order, left waiting on the pay page.
  await addToCartViaApi(baseURL, session.token, product._id, 2);
  await page.goto('/cart');
  await page.getByTestId('checkout-button').click();
  await page.waitForURL('**/add-card/*', { timeout: READY_MS });
  const pendingOrderId = new URL(page.url()).pathname.split('/').pop()!;
  // A gift card, paid: its code on the success page and in My purchases.
  const listing = (await (await fetch(`${baseURL}/api/v1/admin/product`)).json()) as {
    data: { giftCards: { _id: string; isAvailable: boolean }[] };
  };
  const card = listing.data.giftCards.find((g) => g.isAvailable);
  let giftOrderId = paidOrderId;
  if (card) {
    await page.goto(`/product-details/${card._id}?type=giftCard`);
    await page.getByTestId('buy-now-button').click();
    await page.waitForURL('**/add-card/*', { timeout: READY_MS });
    // Kept: the pay page of the order left waiting then offers it, chosen as the card paid with last.
    await payWithNewCard(page, '4111111111111111', { save: true });
    await page.waitForURL('**/payment-success?orderId=*', { timeout: READY_MS });
    giftOrderId = new URL(page.url()).searchParams.get('orderId')!;
  }
  await page.context().close();
  return { session, product, paidOrderId, pendingOrderId, giftOrderId };
}

// A 1×1 PNG, as the sandbox's identity page sends a photo.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A new shopper's identity check, answered on the sandbox's page as a tester would choose. */
async function checkedShopper(baseURL: string, outcome: 'passed' | 'rejected') {
  const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
  const started = await fetch(`${baseURL}/api/v1/kyc/jumio/start`, { method: 'POST', headers: { 'x-auth-token': session.token } });
  const page = new URL(((await started.json()) as { data: { redirectUrl: string } }).data.redirectUrl, baseURL);
  const submitted = await fetch(`${page.origin}${page.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret: page.searchParams.get('secret'), outcome, document: PNG, selfie: PNG }),
  });
  if (!submitted.ok) throw new Error(`the sandbox identity page refused the check: ${submitted.status}`);
  return session;
}

/** A verified shopper with winnings (an operator's adjustment), who has not linked a bank account yet. */
async function verifiedShopperWithWinnings(baseURL: string, admin: AdminSession) {
  const session = await checkedShopper(baseURL, 'passed');
  const credited = await admin.call(
    'POST',
    'v1/admin/wallet/adjustments',
    { userId: session.user._id, wallet: 'winWallet', amount: 25_000, reason: 'Tournament prize' },
    { 'idempotency-key': crypto.randomUUID() },
  );
  if (credited.status !== 200) throw new Error(`crediting winnings failed: ${credited.status} ${JSON.stringify(credited.body)}`);
  return session;
}

/** The store's card routing as it stands, to put back after a state that routes cards elsewhere. */
async function currentCardRouting(admin: AdminSession): Promise<{ primary: string; fallback: string | null }> {
  const settings = await admin.call<{ purchases: { cardRouting: { primary: string; fallback: string | null } } }>(
    'GET',
    'v1/admin/settings',
  );
  return settings.body.data.purchases.cardRouting;
}

/** On the pay page: the new-card choice, where saved cards are listed first. */
async function chooseNewCard(page: Page) {
  await page.getByTestId('pay-button').or(page.getByTestId('cashier-button')).first().waitFor({ timeout: READY_MS });
  const newCard = page.getByRole('radio', { name: 'Use a new card' });
  if (await newCard.count()) await newCard.check();
}

async function main() {
  assertChromiumInstalled();
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('Run `npm run build` first (npm run screenshots does).');
  const store = await startStore({ publicUrl: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { baseURL } = store;
    const { session, product, paidOrderId, pendingOrderId, giftOrderId } = await shopperWithOrders(browser, baseURL);
    // The bank-linking page a shopper is sent to (the sandbox's, in the store's look): opened, never submitted.
    const bankLink = await fetch(`${baseURL}/api/v1/nuvei/add_bank`, {
      method: 'POST',
      headers: { 'x-auth-token': session.token, 'content-type': 'application/json' },
      body: '{}',
    });
    const bankLinkUrl = ((await bankLink.json()) as { data: { url: string } }).data.url;
    await checkedShopper(baseURL, 'rejected');
    const admin = await signInAsAdmin(baseURL);
    const adminSession = { token: admin.token, user: { role: 'ADMIN' } };
    const verified = await verifiedShopperWithWinnings(baseURL, admin);
    const newcomer = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
    const cardRouting = await currentCardRouting(admin);
    const states: PageState[] = [
      { name: 'home', who: 'guest', path: '/', ready: '[data-testid=product-card]' },
      { name: 'products', who: 'guest', path: '/products', ready: '[data-testid=product-card]' },
      { name: 'product-guest', who: 'guest', path: `/product-details/${product._id}`, ready: '[data-testid=product-details]' },
      { name: 'login', who: 'guest', path: '/login', ready: 'form' },
      { name: 'forgot-password', who: 'guest', path: '/forgot-password', ready: 'form' },
      { name: 'contact', who: 'guest', path: '/contact', ready: 'h1' },
      { name: 'not-found', who: 'guest', path: '/no-such-page', ready: 'h1' },
      { name: 'signup', who: 'guest', path: '/signup', ready: 'form' },
      { name: 'product', who: 'shopper', path: `/product-details/${product._id}`, ready: '[data-testid=product-details]' },
      { name: 'cart', who: 'shopper', path: '/cart', ready: '[data-testid=cart-line]' },
      {
        name: 'pay',
        who: 'shopper',
        path: `/add-card/${pendingOrderId}`,
        ready: '[data-testid=order-number]',
        frame: { selector: 'iframe[data-testid=card-field-cvv]', label: 'CVV' },
      },
      {
        // The bank's 3-D Secure check in its dialog over the pay page (the sandbox bank's page).
        name: 'pay-3ds',
        who: 'shopper',
        path: `/add-card/${pendingOrderId}`,
        ready: 'dialog[open]',
        act: async (page) => {
          await page.getByRole('radio', { name: 'Use a new card' }).check({ timeout: READY_MS });
          await payWithNewCard(page, '4000000000003220');
          await page.frameLocator('iframe[name=threeds-challenge]').getByRole('button', { name: 'Approve' }).waitFor({ timeout: READY_MS });
        },
      },
      {
        name: 'pay-new-card',
        who: 'shopper',
        path: `/add-card/${pendingOrderId}`,
        ready: '[data-testid=order-number]',
        act: (page) => page.getByRole('radio', { name: 'Use a new card' }).check({ timeout: READY_MS }),
        frame: { selector: 'iframe[data-testid=card-field-card-number]', label: 'Card number' },
      },
      { name: 'bank-link', who: 'shopper', path: bankLinkUrl, ready: '#routingNumber' },
      {
        // The bank-linking page in its dialog over the pay page, as a shopper paying by bank sees it.
        name: 'pay-bank-link',
        who: 'shopper',
        path: `/add-card/${pendingOrderId}`,
        ready: 'dialog[open]',
        act: async (page) => {
          await page.getByRole('radio', { name: 'Bank account (ACH)' }).check({ timeout: READY_MS });
          await page.getByTestId('bank-link').click({ timeout: READY_MS });
          await page.frameLocator('iframe[name=bank-link-page]').locator('#routingNumber').waitFor({ timeout: READY_MS });
        },
      },
      {
        // The hosted checkout's way (USDC from the shopper's own wallet), chosen under the card form.
        name: 'pay-wallet',
        who: 'shopper',
        path: `/add-card/${pendingOrderId}`,
        ready: '[data-testid=embedded-checkout-method]',
        act: (page) => page.getByRole('radio', { name: 'Crypto wallet (USDC)' }).check({ timeout: READY_MS }),
      },
      {
        name: 'pay-cash-app',
        who: 'shopper',
        path: `/add-card/${pendingOrderId}`,
        ready: '[data-testid=cash-app-method]',
        act: (page) => page.getByRole('radio', { name: 'Cash App Pay' }).check({ timeout: READY_MS }),
      },
      {
        // The card provider's hosted page (the cashier) in its dialog, with cards routed there by the console.
        name: 'pay-cashier',
        who: 'shopper',
        path: `/add-card/${pendingOrderId}`,
        ready: 'dialog[open]',
        act: async (page) => {
          await routeCardsTo(baseURL, { primary: 'cashier', fallback: null });
          await page.reload();
          await chooseNewCard(page);
          await page.getByTestId('cashier-button').click({ timeout: READY_MS });
          await page
            .frameLocator('iframe[name=cashier-page]')
            .getByRole('heading', { name: 'Secure checkout' })
            .waitFor({ timeout: READY_MS });
        },
        after: () => routeCardsTo(baseURL, cardRouting),
      },
      { name: 'payment-success', who: 'shopper', path: `/payment-success?orderId=${paidOrderId}`, ready: '[data-testid=coins-credited]' },
      { name: 'gift-card-success', who: 'shopper', path: `/payment-success?orderId=${giftOrderId}`, ready: '[data-testid=gift-card-code]' },
      { name: 'my-purchases', who: 'shopper', path: '/my-purchases', ready: '[data-testid=purchase-row]' },
      { name: 'payment-methods', who: 'shopper', path: '/add-card', ready: 'h1' },
      { name: 'redeem', who: 'shopper', path: '/redeem', ready: '[data-testid=redeem-code]' },
      { name: 'wallet-history', who: 'shopper', path: '/wallet-history', ready: 'h1' },
      { name: 'cash-out', who: 'shopper', path: '/cash-out', ready: '[data-testid=cashout-verify-first]' },
      // Verified, with winnings and no bank account yet: the bank is linked from here, no dead end.
      { name: 'cash-out-verified', who: 'verified', path: '/cash-out', ready: '[data-testid=cashout-link-bank]' },
      { name: 'verify', who: 'shopper', path: '/verify', ready: 'h1' },
      // The identity check opened for the first time: the sandbox provider's page in its frame.
      {
        name: 'kyc-jumio',
        who: 'newcomer',
        path: '/kyc-jumio',
        ready: '[data-testid=identity-check-frame]',
        act: async (page) => {
          // The second viewport finds the check the first one opened, and continues it as the shopper would.
          const frame = page.locator('[data-testid=identity-check-frame]');
          const unfinished = page.getByRole('button', { name: 'Continue the identity check' });
          await frame.or(unfinished).first().waitFor({ timeout: READY_MS });
          if (await unfinished.isVisible()) await unfinished.click();
          await page.frameLocator('[data-testid=identity-check-frame]').locator('form').first().waitFor({ timeout: READY_MS });
        },
      },
      {
        // The chat panel open over the store, in the store's theme.
        name: 'chat',
        who: 'shopper',
        path: '/',
        ready: '[role=dialog][aria-label="Chat with us"]',
        screenOnly: true,
        act: async (page) => {
          // A click before the page is hydrated does nothing (the button was rendered ahead); a shopper clicks again.
          const panel = page.getByRole('dialog', { name: 'Chat with us' });
          for (let tries = 0; tries < 3 && !(await panel.isVisible()); tries++) {
            await page.getByRole('button', { name: /^Open chat/ }).click({ timeout: READY_MS });
            await panel.waitFor({ timeout: 15_000 }).catch(() => {});
          }
        },
      },
      { name: 'profile', who: 'shopper', path: '/profile', ready: 'h1' },
      // The link mailed to a new address, here one that is not valid: what a shopper with a stale link sees.
      { name: 'confirm-email', who: 'guest', path: '/confirm-email?token=a-link-that-is-not-valid-any-more-000000', ready: '[role=alert]' },
      { name: 'admin', who: 'admin', path: '/admin', ready: 'h1' },
      { name: 'admin-orders', who: 'admin', path: '/admin/orders', ready: '[data-testid=admin-order-row]' },
      { name: 'admin-order', who: 'admin', path: `/admin/orders/${paidOrderId}`, ready: '[data-testid=admin-order-detail]' },
      { name: 'admin-cashouts', who: 'admin', path: '/admin/cashouts', ready: 'h2' },
      { name: 'admin-coupons', who: 'admin', path: '/admin/coupons', ready: '[data-testid^=coupon-]' },
      { name: 'admin-settings', who: 'admin', path: '/admin/settings', ready: 'form' },
      { name: 'admin-users', who: 'admin', path: '/admin/users', ready: 'h2' },
      { name: 'admin-user', who: 'admin', path: `/admin/users/${session.user._id}`, ready: '[data-testid=admin-user-detail]' },
      { name: 'admin-identity-reviews', who: 'admin', path: '/admin/identity-reviews', ready: '[data-testid=admin-identity-evidence]' },
      { name: 'admin-audit', who: 'admin', path: '/admin/audit', ready: 'h2' },
      { name: 'admin-catalogue', who: 'admin', path: '/admin/catalogue', ready: 'h2' },
      { name: 'admin-promotions', who: 'admin', path: '/admin/promotions', ready: 'h2' },
      { name: 'admin-chats', who: 'admin', path: '/admin/chats', ready: 'h2' },
      { name: 'admin-recordings', who: 'admin', path: '/admin/recordings', ready: 'h2' },
    ];
    const sessions: Record<Who, Session | null> = { guest: null, shopper: session, verified, newcomer, admin: adminSession };
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      console.log(`${viewportName} (${viewport.width}×${viewport.height}):`);
      for (const state of states.filter((s) => !ONLY || ONLY.includes(s.name))) {
        const page = await openAs(browser, sessions[state.who], viewport, baseURL);
        try {
          await photograph(page, state, viewportName);
          // AXE=1: the serious and critical WCAG AA violations of each state, printed beside its picture.
          if (process.env.AXE) {
            const found = await seriousViolations(page);
            for (const v of found) console.log(`  axe ${state.name}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
          }
        } finally {
          await page.context().close();
          await state.after?.();
        }
      }
    }
  } finally {
    await browser.close();
    await store.stop();
  }
}

await main();
