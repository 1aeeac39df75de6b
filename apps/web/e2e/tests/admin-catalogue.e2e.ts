// The admin console's catalogue in the browser (issue 12, ADR 023): an admin creates a coin package (with
// a picture) and a shopper sees it on /products; an admin imports a CSV of gift-card codes holding one
// duplicate and one bad row, and sees the report and the codes left.
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, type AdminSession } from '../support/admin.ts';
import { useBrowser } from '../support/browser.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const WAIT = { timeout: 30_000 };
/** A 1×1 PNG: enough for the server to decode and re-encode. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function adminPage(admin: AdminSession) {
  const me = await admin.call<{ _id: string; role: string }>('GET', 'v1/getuser');
  return newPage({ token: admin.token, user: { _id: me.body.data._id, role: 'ADMIN' } });
}

describe('admin catalogue', () => {
  it('an admin creates a coin package with a picture in the console and a shopper sees it on /products', async () => {
    const name = `Moon Gate ${Date.now()} coins`;
    const page = await adminPage(await signInAsAdmin(baseURL));
    await page.goto('/admin/catalogue');
    await page.getByTestId('admin-catalogue').waitFor(WAIT);

    await page.getByRole('button', { name: 'New coin package' }).click();
    const form = page.getByRole('form', { name: 'Coin package' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('A gate of moonlight, 2,500 coins inside.');
    await form.getByLabel('Price ($)').fill('12.34');
    await form.getByLabel('Coins').fill('2500');
    await form.getByLabel('Picture').setInputFiles({ name: 'moon.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByTestId('catalogue-picture-preview').waitFor(WAIT);
    expect(await page.getByTestId('catalogue-picture-preview').getAttribute('src')).toMatch(
      /^\/assets\/products\/uploads\/[a-f0-9]{32}\.webp$/,
    );
    await form.getByRole('button', { name: 'Create coin package' }).click();
    await page.getByText(`${name} created.`).waitFor(WAIT);
    await page.getByRole('cell', { name, exact: true }).waitFor(WAIT);

    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
    const shop = await newPage({ token: session.token, user: session.user });
    await shop.goto('/products');
    await shop.getByText(name).first().waitFor(WAIT);
  });

  it('an admin imports gift-card codes (one duplicate, one bad row) and sees the report and the codes left', async () => {
    const admin = await signInAsAdmin(baseURL);
    const name = `Koi Pond Card ${Date.now()}`;
    const created = await admin.call<{ id: string }>('POST', 'v1/admin/catalog/gift-cards', {
      name,
      brand: 'Koi Pond',
      image: '/assets/products/starter-pouch.svg',
      price: 1_500,
      coins: 0,
    });
    expect(created.status).toBe(201);

    const page = await adminPage(admin);
    await page.goto('/admin/catalogue');
    await page.getByTestId('admin-catalogue').waitFor(WAIT);
    await page.getByRole('tab', { name: 'Gift cards' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId(`catalogue-${created.body.data.id}`);
    await row.waitFor(WAIT);
    await row.getByRole('button', { name: 'Codes' }).click();
    const codes = page.getByTestId('gift-card-codes');
    await expect.poll(() => codes.getByTestId('codes-left').textContent(), WAIT).toMatch(/^0 codes left/);

    const stamp = Date.now();
    const csv = ['code', `KOI-${stamp}-1`, `KOI-${stamp}-2`, `KOI-${stamp}-1`, 'not a code!', `KOI-${stamp}-3`].join('\n');
    await codes.getByLabel('CSV of codes').setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await codes.getByRole('button', { name: 'Import codes' }).click();
    const report = codes.getByTestId('import-report');
    await report.getByText('3 codes taken, 2 refused.').waitFor(WAIT);
    const refused = await report.getByRole('row').allTextContents();
    expect(refused.slice(1)).toEqual([`4KOI-${stamp}-1Duplicate in the file`, '5—Bad characters']);
    await expect.poll(() => codes.getByTestId('codes-left').textContent(), WAIT).toMatch(/^3 codes left/);
  });
});
