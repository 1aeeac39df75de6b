import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, useBrowser } from '../support/browser.ts';

const { newPage, baseURL } = useBrowser();

describe('a guest browsing the store', () => {
  it('sees the home page with products, the public header and the footer', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByTestId('public-header').waitFor();
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('product-card').count()).toBeGreaterThanOrEqual(8);
    const footer = page.getByTestId('site-footer');
    await footer.waitFor();
    const settings = (await (await fetch(`${baseURL}/api/v1/settings`)).json()) as { data: { companyName: string; phone: string } };
    await expect.poll(() => footer.textContent(), { timeout: 30_000 }).toContain('2024');
    expect(await footer.textContent()).toContain(settings.data.phone);
    expect(await footer.textContent()).toContain(settings.data.companyName);
    for (const href of ['/about-us', '/contact', '/data-deletion', '/use-policy-terms', '/privacy-policy', '/affiliate-artist']) {
      expect(await footer.locator(`a[href="${href}"]`).count(), href).toBeGreaterThan(0);
    }
    const external = footer.locator('a[target="_blank"]');
    expect(await external.count()).toBeGreaterThanOrEqual(2);
  });

  it('opens every public page, each with its own heading, showing the route loader on navigation', async () => {
    const page = await newPage();
    const pages: [string, RegExp][] = [
      ['/about-us', /about/i],
      ['/products', /packages|products|coins/i],
      ['/contact', /contact/i],
      ['/affiliate-artist', /artist/i],
      ['/privacy-policy', /privacy/i],
      ['/kyc-info', /verif/i],
      ['/data-deletion', /delet/i],
      ['/use-policy-terms', /terms and conditions/i],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toMatch(heading);
    }
    await page.goto('/');
    await page.getByTestId('public-header').getByRole('link', { name: 'About' }).first().click();
    await page.getByTestId('route-loader').waitFor({ state: 'visible' });
    await page.waitForURL('**/about-us');
    // The loader goes away on its own after 1.5 s and never hides the page underneath.
    await page.getByTestId('route-loader').waitFor({ state: 'hidden', timeout: 30_000 });
  });

  it('shows the not-found page for an unknown address, answered with a 404 (a known one is a 200)', async () => {
    const page = await newPage();
    // The browser logs the document's 404 as a console error: here it is the point.
    page.allowHttpErrors(404);
    const unknown = await page.goto('/no-such-page');
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 30_000 });
    // The app takes over as usual: its link home leads to a page answered 200.
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    expect((await page.goto('/product-details/no-such-product'))?.status()).toBe(200);
  });

  it('places the footer app download buttons beside the link columns on desktop and below them on a phone', async () => {
    const desktop = await footerLayout(await newPage({ viewport: DESKTOP_VIEWPORT }));
    // Desktop: under the brand, left of the link columns and level with them; the two buttons side by side.
    expect(right(desktop.apps)).toBeLessThanOrEqual(desktop.links.x);
    expect(desktop.apps.y).toBeLessThan(bottom(desktop.links));
    expect(desktop.apps.y).toBeGreaterThanOrEqual(bottom(desktop.brand));
    expect(Math.abs(desktop.android.y - desktop.ios.y)).toBeLessThan(2);
    expect(desktop.android.x).toBeGreaterThanOrEqual(right(desktop.ios));

    const phone = await footerLayout(await newPage({ viewport: PHONE_VIEWPORT }));
    // Phone: last, below the link columns and the contact block; the buttons stacked, full width.
    expect(phone.apps.y).toBeGreaterThanOrEqual(bottom(phone.links));
    expect(phone.apps.y).toBeGreaterThanOrEqual(bottom(phone.contact));
    expect(phone.android.y).toBeGreaterThanOrEqual(bottom(phone.ios));
    expect(Math.abs(phone.ios.x - phone.android.x)).toBeLessThan(2);
    expect(phone.ios.width).toBeGreaterThan(phone.apps.width - 2);
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const right = (box: Box) => box.x + box.width;
const bottom = (box: Box) => box.y + box.height;

/** Where the footer's blocks and the two download buttons sit on the home page at this viewport. */
async function footerLayout(page: Page) {
  await page.goto('/');
  const footer = page.getByTestId('site-footer');
  await footer.getByText('2024').waitFor();
  const box = async (selector: string): Promise<Box> => {
    const found = await footer.locator(selector).boundingBox();
    if (!found) throw new Error(`footer ${selector} is not laid out`);
    return found;
  };
  return {
    brand: await box('section[aria-label="About the company"]'),
    apps: await box('section[aria-label="Download the app"]'),
    links: await box('nav[aria-label="Footer"]'),
    contact: await box('section[aria-label="Contact details"]'),
    ios: await box('a[target="_blank"]:has-text("App Store")'),
    android: await box('a[target="_blank"]:has-text("Google Play")'),
  };
}
