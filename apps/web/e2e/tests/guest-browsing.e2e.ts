import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';

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
    await expect.poll(() => footer.textContent()).toContain('2024');
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
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 10_000 }).toMatch(heading);
    }
    await page.goto('/');
    await page.getByTestId('public-header').getByRole('link', { name: 'About' }).first().click();
    await page.getByTestId('route-loader').waitFor({ state: 'visible' });
    await page.waitForURL('**/about-us');
    // The loader goes away on its own after 1.5 s and never hides the page underneath.
    await page.getByTestId('route-loader').waitFor({ state: 'hidden', timeout: 5000 });
  });

  it('shows a not-found page for an unknown address', async () => {
    const page = await newPage();
    await page.goto('/no-such-page');
    await expect.poll(() => page.textContent('body')).toMatch(/not found|couldn.t find/i);
  });
});
