import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { aSoldProduct, anAvailableProduct } from '../support/catalog.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

describe('the product grid', () => {
  it('lists available packages first, tags bonuses, and a Sold package goes nowhere', async () => {
    const sold = await aSoldProduct(baseURL);
    const user = await createVerifiedUser(baseURL);
    const session = await signInViaApi(baseURL, user);
    const page = await newPage({ token: session.token, user: session.user });
    await page.goto('/products');
    // The page arrives rendered for a guest; the signed-in app replaces it once it has started.
    await page.getByTestId('signed-in-header').waitFor();
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    const availability = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-available')));
    const firstSold = availability.indexOf('false');
    expect(firstSold).toBeGreaterThan(0);
    expect(availability.slice(firstSold).every((a) => a === 'false')).toBe(true);

    const tags = await page.getByTestId('product-bonus-tag').allTextContents();
    expect(tags.some((t) => t.endsWith('% Bonus'))).toBe(true);
    expect(tags.some((t) => t.endsWith('LDC Bonus'))).toBe(true);

    const soldCard = cards.filter({ hasText: sold.name });
    const soldButton = soldCard.getByTestId('buy-button');
    expect(await soldButton.textContent()).toBe('Sold');
    expect(await soldButton.isDisabled()).toBe(true);
    await soldCard.click({ force: true });
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/products');
  });

  it('opens a package from the grid', async () => {
    const product = await anAvailableProduct(baseURL);
    const user = await createVerifiedUser(baseURL);
    const session = await signInViaApi(baseURL, user);
    const page = await newPage({ token: session.token, user: session.user });
    await page.goto('/products');
    await page.getByTestId('signed-in-header').waitFor();
    await page.getByTestId('product-card').filter({ hasText: product.name }).getByTestId('buy-button').click();
    await page.waitForURL(`**/product-details/${product._id}`);
    expect(await page.getByTestId('product-details').textContent()).toContain(product.name);
  });
});
