// Issue 10: a dropped live connection that reconnects receives what it missed. The page's websocket is
// routed through the test (page.routeWebSocket) so the test can cut it and hold reconnects back; while it
// is cut, the cart changes through the API (which sends a live cartUpdated); after the reconnect the
// header badge shows the new count, replayed from the stored event.
import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { aCheapProduct, addToCartViaApi } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

describe('the live connection', () => {
  it('receives on reconnect the events sent while it was down', async () => {
    const product = await aCheapProduct(baseURL);
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
    const page = await newPage({ token: session.token, user: session.user });

    let cut = false;
    const open: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (cut) return void ws.close();
      ws.connectToServer();
      open.push(ws);
    });
    // The polling fallback is held back too while the connection is cut (a 503 the page shrugs off).
    page.allowHttpErrors(503);
    await page.route(/\/socket\.io\/.*transport=polling/, (route) => (cut ? route.fulfill({ status: 503, body: '' }) : route.continue()));

    await page.goto('/');
    await page.getByTestId('signed-in-header').waitFor();
    const badge = page.getByTestId('cart-badge').first();
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('0');
    // Connected and told where it starts (liveSynced): the tab now knows an id to reconnect from.
    const key = `liveLastEventId:${session.user._id}`;
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key), { timeout: 30_000 }).not.toBeNull();
    expect(open.length).toBeGreaterThan(0);

    cut = true;
    await Promise.all(open.splice(0).map((ws) => ws.close()));
    await addToCartViaApi(baseURL, session.token, product._id, 1);
    // Still cut: nothing has reached the page.
    expect(await badge.textContent()).toBe('0');

    cut = false;
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('1');
    expect(Number(await page.evaluate((k) => localStorage.getItem(k), key))).toBeGreaterThan(0);
  });
});
