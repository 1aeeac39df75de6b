// Issue 10, SPEC §2 and §8: a signed-in visitor whose requests come from a blocked country is signed out
// (token and user removed), sent to the site root and shown the server's message in a dark top-right
// toast. The store runs behind a "proxy" on loopback (TRUST_PROXY=loopback), so the country header and
// X-Forwarded-For the browser sends count as the proxy's, as Cloudflare's would in production.
import { COUNTRY_RESTRICTED_MESSAGE } from '@store/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser, type TrackedPage } from '../support/browser.ts';
import { startStore, type StoreProcess } from '../support/store-server.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage } = useBrowser();

/** An address the geo-IP data shipped with the server places in Cuba (ADR 018). */
const CUBAN_ADDRESS = '152.206.0.1';

let store: StoreProcess;
beforeAll(async () => {
  store = await startStore({ publicUrl: true, env: { TRUST_PROXY: 'loopback' }, databaseFrom: inject('migratedDatabase') });
});
afterAll(() => store?.stop());

async function signedInPage(): Promise<TrackedPage> {
  const session = await signInViaApi(store.baseURL, await createVerifiedUser(store.baseURL));
  const page = await newPage({ token: session.token, user: session.user });
  // The refused calls: the browser logs each 400 it receives.
  page.allowHttpErrors(400);
  await page.goto(`${store.baseURL}/about-us`);
  await page.getByTestId('signed-in-header').waitFor();
  return page;
}

async function expectSignedOutWithToast(page: TrackedPage) {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('public-header').waitFor();
  const toast = page.locator('.Toastify__toast', { hasText: COUNTRY_RESTRICTED_MESSAGE });
  await toast.waitFor();
  expect(await toast.textContent()).toContain('Sorry! Services not available in your country.');
  expect(await toast.getAttribute('class')).toContain('Toastify__toast-theme--dark');
  expect(await page.locator('.Toastify__toast-container').getAttribute('class')).toContain('Toastify__toast-container--top-right');
  expect(await page.evaluate(() => [localStorage.getItem('xAuthToken'), localStorage.getItem('user')])).toEqual([null, null]);
}

describe('a signed-in visitor from a blocked country', () => {
  it("is signed out on the first page load once the proxy's country header names Cuba", async () => {
    const page = await signedInPage();
    await page.context().setExtraHTTPHeaders({ 'cf-ipcountry': 'CU' });
    await page.reload();
    await expectSignedOutWithToast(page);
  });

  it('is signed out by the next session call once the forwarded address is Cuban (geo-IP)', async () => {
    const page = await signedInPage();
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': CUBAN_ADDRESS });
    // An in-app navigation: the purchases page asks for the shopper's purchases, a call that needs a session.
    await page.locator('a[href="/my-purchases"]').first().click();
    await expectSignedOutWithToast(page);
  });
});
