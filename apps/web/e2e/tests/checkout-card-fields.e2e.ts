// The SDK's card fields on a merchant page, in a real browser, against the real card vault: the vault's
// tokenizer script mounts its card frame, the shopper types into it, and the page gets a token (or the
// vault's message) without ever seeing the card. The "merchant page" is a page of the store itself, whose
// origin the vault's frames answer without a signed configuration; the test puts the SDK bundle and the
// vault's tokenizer script into it (the store's CSP would not load them by tag; loading by tag is covered
// by the SDK's unit tests) and answers the config request, pointing at the real vault. The hosted checkout's
// own answer is tested in apps/server/test/checkout-host/tokenizer-routes.test.ts, the signed
// configurations in apps/server/src/providers/vault/frame-config.test.ts.
import path from 'node:path';
import type { CardFields, createCardFields } from '@store/checkout-sdk';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { repoRoot } from '../support/store-server.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

let sdkBundle: string;
let tokenizerScript: string;
let vaultOrigin: string;
beforeAll(async () => {
  // The SDK's card fields as a merchant's bundler would ship them.
  const result = await build({
    entryPoints: [path.join(repoRoot, 'packages/checkout-sdk/src/card-fields/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'CardFieldsSdk',
    platform: 'browser',
    write: false,
  });
  sdkBundle = result.outputFiles[0]!.text;
  const config = (await (await fetch(`${baseURL}/api/v1/nuvei/config`)).json()) as { data: { vaultOrigin: string } };
  vaultOrigin = config.data.vaultOrigin;
  tokenizerScript = await (await fetch(`${vaultOrigin.replace('localhost', '127.0.0.1')}/tokenizer/tokenizer.js`)).text();
});

interface MerchantWindow {
  CardFieldsSdk: { createCardFields: typeof createCardFields };
  fields: CardFields;
  /** Edits the merchant page has been told of (the SDK's onChange). */
  changes: number;
}

/**
 * A real frame session (ADR 032), for a shopper of the store: the vault takes a card only with one. The
 * hosted checkout would sign one for its checkout session; the store's own API signs one for its shopper.
 */
async function frameSession(): Promise<{ session: string; expiresAt: string }> {
  const { token } = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
  const res = await fetch(`${baseURL}/api/v1/vault/frame-session`, { method: 'POST', headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { session: string; expiresAt: string } }).data;
}

async function merchantPage() {
  const page = await newPage();
  const configRequests: unknown[] = [];
  const { session, expiresAt: sessionExpiresAt } = await frameSession();
  const frameUrl = (path: string) => `${vaultOrigin}${path}?${new URLSearchParams({ session })}`;
  await page.route(`${baseURL}/api/tokenize/iframe/config`, (route) => {
    configRequests.push(route.request().postDataJSON());
    return route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        data: {
          tokenizerScriptUrl: `${vaultOrigin}/tokenizer/tokenizer.js`,
          vaultOrigin,
          cardNumberFrameUrl: frameUrl('/fields/card-number'),
          cvvFrameUrl: frameUrl('/fields/cvv'),
          expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
          mode: 'card',
          session,
          sessionExpiresAt,
        },
      }),
    });
  });
  await page.goto('/');
  await page.evaluate(`${sdkBundle};window.CardFieldsSdk = CardFieldsSdk;`);
  await page.evaluate(tokenizerScript);
  await page.evaluate(() => {
    const card = document.createElement('div');
    card.id = 'merchant-card';
    document.body.appendChild(card);
  });
  await page.evaluate(async () => {
    const win = window as unknown as MerchantWindow;
    win.changes = 0;
    win.fields = await win.CardFieldsSdk.createCardFields({
      apiUrl: location.origin,
      merchantId: 'lucky-dragon',
      cardNumberContainer: document.getElementById('merchant-card')!,
      onChange: () => {
        win.changes += 1;
      },
    });
  });
  await page.waitForFunction(() => (window as unknown as MerchantWindow).fields.ready, undefined, { timeout: 20_000 });
  const tokenize = () =>
    page.evaluate(() =>
      (window as unknown as MerchantWindow).fields.tokenize().then(
        (card) => ({ ok: true as const, card }),
        (err: Error) => ({ ok: false as const, message: err.message }),
      ),
    );
  const changes = () => page.evaluate(() => (window as unknown as MerchantWindow).changes);
  return { page, configRequests, frame: page.frameLocator('[data-testid="card-field-card-number"]'), tokenize, changes };
}

describe('card fields on a merchant page', () => {
  it('format what was typed before their script ran (a slow load): "1234" in the expiry becomes "12/34"', async () => {
    const { session } = await frameSession();
    const page = await newPage();
    // The field's script is held back while the shopper types into the inputs the page already shows.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/fields/fields.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${vaultOrigin}/fields/card-number?${new URLSearchParams({ session })}`, { waitUntil: 'commit' });
    await page.locator('#expiry').fill('1234', { timeout: 20_000 });
    await page.locator('#number').fill('4111111111111111');
    expect(await page.locator('#expiry').inputValue()).toBe('1234');
    release();
    await expect.poll(() => page.locator('#expiry').inputValue(), { timeout: 20_000 }).toBe('12/34');
    expect(await page.locator('#number').inputValue()).toBe('4111 1111 1111 1111');
  });

  it('take a card in the vault frame and give the page a token, never the card', async () => {
    const { page, configRequests, frame, tokenize } = await merchantPage();
    expect(configRequests).toEqual([{ origins: [baseURL], merchantId: 'lucky-dragon' }]);

    const number = frame.locator('#number');
    await expect.poll(() => number.getAttribute('placeholder'), { timeout: 20_000 }).toBe('0000 0000 0000 0000');
    await number.pressSequentially('4111111111111111');
    expect(await number.inputValue()).toBe('4111 1111 1111 1111');
    await frame.locator('#expiry').pressSequentially('1234');
    // A new card needs its CVV, in the same frame (ADR 038): without it the frame refuses the token.
    expect(await tokenize()).toEqual({ ok: false, message: 'Invalid CVV' });
    await frame.locator('#cvv').pressSequentially('737');

    const result = await tokenize();
    // With the time the vault stops taking the token if nothing uses it (ADR 032).
    expect(result).toEqual({
      ok: true,
      card: { token: expect.stringMatching(/^card_/), brand: 'visa', last4: '1111', expiresAt: expect.any(String) },
    });
    // The merchant's document holds no card number.
    expect(await page.content()).not.toContain('4111');

    // Pay again (after a decline) without touching the card: a new token, so the payment has its CVV (ADR 038).
    const again = await tokenize();
    expect(again).toEqual({ ok: true, card: expect.objectContaining({ token: expect.stringMatching(/^card_/), last4: '1111' }) });
    const tokenOf = (answer: typeof result) => (answer.ok ? answer.card.token : null);
    expect(tokenOf(again)).not.toBe(tokenOf(result));
  });

  it("forgets the token on an edit and gives the vault's message for an invalid card", async () => {
    const { frame, tokenize, changes } = await merchantPage();
    const number = frame.locator('#number');
    await number.pressSequentially('4111111111111111');
    await frame.locator('#expiry').pressSequentially('1234');
    await frame.locator('#cvv').pressSequentially('737');
    const first = await tokenize();
    expect(first.ok).toBe(true);

    // The frame tells the page of an edit by a message from another process; a shopper's click on Pay
    // comes after it, so the test waits for it too instead of racing it. One message is enough: after any
    // edit the card is read as it is now (the Backspace may find the caret at the start and change nothing).
    const before = await changes();
    await number.press('Backspace');
    await number.pressSequentially('2');
    await expect.poll(changes, { timeout: 20_000 }).toBeGreaterThan(before);
    expect(await tokenize()).toEqual({ ok: false, message: 'Invalid card number' });
  });
});
