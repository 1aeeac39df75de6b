// The admin console in its own layout (issue 24): none of the store's chrome; on a phone the sections sit
// behind a compact menu and a wide table scrolls inside its own box, never the page; on a laptop the
// sections are a sidebar.
import { describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../support/admin.ts';
import { PHONE_VIEWPORT, useBrowser, type TrackedPage } from '../support/browser.ts';
import { createVerifiedUser } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const WAIT = { timeout: 30_000 };
const LAPTOP_VIEWPORT = { width: 1366, height: 900 };
const SECTIONS = [
  'Dashboard',
  'Users',
  'Orders',
  'Identity reviews',
  'Cash-outs',
  'Audit log',
  'Catalogue',
  'Promotions',
  'Coupons',
  'Settings',
  'Chats',
  'Recordings',
];

/** The demo admin's browser at `viewport`. */
async function adminPage(viewport: { width: number; height: number }) {
  const admin = await signInAsAdmin(baseURL);
  const me = await admin.call<{ _id: string }>('GET', 'v1/getuser');
  return newPage({ viewport, token: admin.token, user: { _id: me.body.data._id, role: 'ADMIN' } });
}

/** Whether the page as a whole scrolls sideways. */
const pageScrollsSideways = (page: TrackedPage) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

async function expectNoStoreChrome(page: TrackedPage) {
  expect(await page.getByTestId('signed-in-header').count()).toBe(0);
  expect(await page.getByTestId('wallet-balance').count()).toBe(0);
  expect(await page.getByRole('link', { name: /^Cart/ }).count()).toBe(0);
  expect(await page.getByRole('contentinfo').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Open chat' }).count()).toBe(0);
}

describe('the admin console layout', () => {
  it('on a phone: the sections behind a compact menu, and the users table scrolls in its box, not the page', async () => {
    await createVerifiedUser(baseURL);
    const page = await adminPage(PHONE_VIEWPORT);
    await page.goto('/admin/users');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    const menu = nav.getByRole('button', { name: 'Sections' });
    await menu.waitFor(WAIT);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Orders', exact: true }).isVisible()).toBe(false);
    await page.getByTestId('admin-console-header').getByText('admin@luckydragon.example').waitFor(WAIT);
    await expectNoStoreChrome(page);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const name of SECTIONS) await nav.getByRole('link', { name, exact: true }).waitFor({ state: 'visible', ...WAIT });

    const users = page.getByRole('region', { name: 'Users table' });
    await users.getByRole('row').nth(1).waitFor(WAIT);
    expect(await users.getAttribute('tabindex')).toBe('0');
    expect(await pageScrollsSideways(page)).toBe(false);

    // Picking a section closes the list; the orders page does not scroll sideways either.
    await nav.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL('**/admin/orders', WAIT);
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor(WAIT);
    await expect.poll(() => menu.getAttribute('aria-expanded'), WAIT).toBe('false');
    expect(await nav.getByRole('link', { name: 'Users', exact: true }).isVisible()).toBe(false);
    expect(await pageScrollsSideways(page)).toBe(false);

    // Nor the settings, whose tables of states (one a region) sit in their section.
    await menu.click();
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('region', { name: 'Northeast states' }).waitFor(WAIT);
    expect(await pageScrollsSideways(page)).toBe(false);
  });

  it('on a laptop: every section in a sidebar, no menu button, and the way back to the store', async () => {
    const page = await adminPage(LAPTOP_VIEWPORT);
    await page.goto('/admin');
    await page.getByTestId('admin-dashboard').waitFor(WAIT);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    for (const name of SECTIONS) expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'Sections' }).isVisible()).toBe(false);
    const header = page.getByTestId('admin-console-header');
    expect(await header.getByRole('heading', { name: 'Admin console' }).isVisible()).toBe(true);
    expect(await header.getByText('admin@luckydragon.example').isVisible()).toBe(true);
    await expectNoStoreChrome(page);

    await header.getByRole('link', { name: 'Back to the store' }).click();
    await page.waitForURL((url) => url.pathname === '/', WAIT);
    await page.getByTestId('signed-in-header').waitFor(WAIT);
  });
});
