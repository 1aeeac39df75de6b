import { describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT, useBrowser } from '../support/browser.ts';
import { listProducts } from '../support/catalog.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

// Issue 8, a fast first load: public pages arrive with their content in the HTML (rendered on the
// server), hydrate into the app without a console error (useBrowser fails on any), and a visitor who
// is signed in still gets the signed-in app.
describe('the first load of a public page', () => {
  it('carries the product cards in the HTML, before any script runs', async () => {
    // The catalogue and the page, read until they agree: a test running beside this one may add a
    // product between the two reads (admin-catalogue.e2e.ts), and the listing is cached for 2 s.
    const catalogueAndPage = async () => {
      const [products, giftCards] = [await listProducts(baseURL), await giftCardCount()];
      const html = await (await fetch(`${baseURL}/products`)).text();
      const cards = html.match(/data-testid="product-card"/g) ?? [];
      return { products, html, cardsMissing: products.length + giftCards - cards.length };
    };
    await expect.poll(async () => (await catalogueAndPage()).cardsMissing, { timeout: 30_000 }).toBe(0);
    const { products, html } = await catalogueAndPage();
    for (const product of products) expect(html).toContain(escapeHtml(product.name));
    // The state the page was rendered with travels as JSON data, never as an inline script.
    expect(html).toMatch(/<script type="application\/json" id="page-state">/);
    expect(html).not.toMatch(/<script>|<script type="module">[^<]/);
  });

  it('shows the home page, its header and its products with JavaScript turned off', async () => {
    const page = await newPage({ viewport: PHONE_VIEWPORT, javaScript: false });
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/power up/i);
    expect(await page.getByTestId('public-header').count()).toBe(1);
    expect(await page.getByTestId('product-card').count()).toBeGreaterThanOrEqual(8);
    expect(await page.title()).toBe('Game coins and gift cards');
    // The footer is in the server's markup, whole.
    const footer = page.getByTestId('site-footer');
    expect(await footer.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await footer.getByText(/^© 2024 /).count()).toBe(1);
  });

  it('hydrates the footer when its code comes: Contact Support, a button only the app runs, goes to /contact', async () => {
    const page = await newPage();
    await page.goto('/about-us');
    // Until the page has hydrated, the server's button does nothing: pressed again until it navigates.
    const contactSupport = page.getByTestId('site-footer').getByRole('button', { name: 'Contact Support' });
    await expect
      .poll(
        async () => {
          await contactSupport.click();
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe('/contact');
    await page.getByRole('heading', { level: 1, name: /contact/i }).waitFor({ timeout: 30_000 });
  });

  it('hydrates into the app: the sort works without a reload and links navigate in the page', async () => {
    const page = await newPage();
    await page.goto('/products');
    const prices = () => page.locator('.product-card__dollars').allTextContents();
    await page.getByTestId('product-card').first().waitFor();
    // Hydrated once the toolbar answers: the order changes in place, no new document.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const before = await prices();
    await page.getByLabel('Sort by').selectOption('desc');
    await expect.poll(prices, { timeout: 30_000 }).not.toEqual(before);
    await page.getByTestId('public-header').getByRole('link', { name: 'About' }).first().click();
    await page.waitForURL('**/about-us');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  it('gives a signed-in visitor the signed-in app on a server-rendered page', async () => {
    const user = await createVerifiedUser(baseURL);
    const session = await signInViaApi(baseURL, user);
    const page = await newPage({ token: session.token, user: session.user });
    await page.goto('/products');
    await page.getByTestId('signed-in-header').waitFor();
    expect(await page.getByTestId('public-header').count()).toBe(0);
    await page.getByTestId('product-card').first().waitFor();
  });

  it('signs in without zod in the first load: the form waits for its schema, then names the fields to fix', async () => {
    const page = await newPage({ viewport: PHONE_VIEWPORT });
    // The schema's chunk (zod) is held back until the test lets it go: a shopper on a slow line who submits at once.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let validationAsked = false;
    await page.route(/\/assets\/validation-[\w-]+\.js$/, async (route) => {
      validationAsked = true;
      await released;
      await route.continue();
    });
    let signInsSent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/login')) signInsSent += 1;
    });

    const html = await (await fetch(`${baseURL}/login`)).text();
    expect(html).toContain('/assets/forms-');
    expect(html).not.toMatch(/\/assets\/validation-/);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => validationAsked, { timeout: 30_000 }).toBe(true);
    release();
    await page.getByText('E-mail must be a valid e-mail address.').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').textContent()).toContain('Please correct the 2 fields marked below.');
    expect(signInsSent).toBe(0);
  });

  it('answers HEAD for a page, and sends scripts compressed and cached for a year', async () => {
    const head = await fetch(`${baseURL}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-cache');
    const html = await (await fetch(`${baseURL}/`)).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const script = await fetch(`${baseURL}${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("preloads what a signed-in page needs in its HTML: the screen's chunks, the signed-in state and header", async () => {
    const html = await (await fetch(`${baseURL}/cart`)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map((m) => m[1]!);
    for (const chunk of ['CartPage', 'signed-in-state', 'SignedInChrome']) {
      expect(
        preloaded.find((file) => file.startsWith(`${chunk}-`)),
        `${chunk} preloaded`,
      ).toBeDefined();
    }
    // The body is the browser's to render: the boot screen the app shows first, and no page state.
    expect(html).toMatch(/<div id="root"><div class="boot-screen" role="status" aria-label="Loading the store">.*?<\/div><\/div>/);
    expect(html).not.toContain('id="page-state"');
    // A guest page preloads no signed-in chunk.
    const guestPage = await (await fetch(`${baseURL}/about-us`)).text();
    expect(guestPage).not.toContain('SignedInChrome');
  });
});

async function giftCardCount(): Promise<number> {
  const body = (await (await fetch(`${baseURL}/api/v1/admin/product`)).json()) as { data: { giftCards: unknown[] } };
  return body.data.giftCards.length;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
