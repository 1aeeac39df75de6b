// Issue 10, profile (ADR 019): a shopper signs in, opens their profile from the dropdown, changes name and
// state, uploads a picture; the header shows the new picture (resized by the server) without a reload,
// and everything is still there after one.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createVerifiedUser, latestMailLink, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of one colour, made here (8-bit RGB, no filter), so the test needs no image library. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

describe('the profile page', () => {
  it('changes name, state and picture; the header follows at once and it all stays after a reload', async () => {
    const user = await createVerifiedUser(baseURL);
    const page = await newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    const header = page.getByTestId('signed-in-header');
    await header.waitFor({ timeout: 30_000 });
    const headerAvatar = page.getByTestId('profile-menu-button').locator('img');
    await expect.poll(() => headerAvatar.getAttribute('src'), { timeout: 30_000 }).toBe('/default-avatar.svg');

    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('profile-dropdown').getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    const firstName = page.getByLabel('First name');
    await expect.poll(() => firstName.inputValue(), { timeout: 30_000 }).toBe(user.firstname);

    await firstName.fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Street address').fill('1 Navy Yard');
    await page.getByLabel('City').fill('Arlington');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('State', { exact: true }).selectOption('VA');
    await page.getByLabel('ZIP code').fill('22202');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile is saved.').waitFor({ timeout: 30_000 });

    await page
      .getByLabel('Choose a picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(300, 200, [30, 160, 90]) });
    await page.getByAltText('Preview of your new profile picture').waitFor();
    await page.getByRole('button', { name: 'Save picture' }).click();
    await page.getByText('Your profile picture is saved.').waitFor({ timeout: 30_000 });

    // The header's picture is the stored one, served square at 256 pixels, with no reload.
    await expect.poll(() => headerAvatar.getAttribute('src'), { timeout: 30_000 }).toMatch(/^\/api\/v1\/user\/avatar\/[a-f0-9]{32}\.webp$/);
    await expect
      .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : null)), {
        timeout: 30_000,
      })
      .toEqual([256, 256]);
    const pictureUrl = await headerAvatar.getAttribute('src');

    await page.reload();
    await expect.poll(() => page.getByLabel('First name').inputValue(), { timeout: 30_000 }).toBe('Grace');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Hopper');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('VA');
    expect(await page.getByLabel('ZIP code').inputValue()).toBe('22202');
    await expect.poll(() => headerAvatar.getAttribute('src'), { timeout: 30_000 }).toBe(pictureUrl);
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('profile-dropdown').getByText('Grace Hopper').waitFor();
  });

  it('changes the e-mail address: a link to the new address, and the account moves only when it is opened (issue 24)', async () => {
    const user = await createVerifiedUser(baseURL);
    const session = await signInViaApi(baseURL, user);
    const page = await newPage({ token: session.token, user: session.user });
    await page.goto('/profile');
    const newEmail = `moved-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByLabel('Your password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(`We sent a link to ${newEmail}.`, { exact: false }).waitFor({ timeout: 30_000 });
    // Not moved yet.
    expect(await page.getByText(`You sign in with ${user.email}`, { exact: false }).count()).toBe(1);

    await page.goto(await latestMailLink(baseURL, newEmail, '/confirm-email'));
    await page.getByText(`Your e-mail address is now ${newEmail}.`, { exact: false }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.getByText(`You sign in with ${newEmail}`, { exact: false }).waitFor({ timeout: 30_000 });
  });
});
