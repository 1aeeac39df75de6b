// Issue 10, identity verification (ADR 016): the shopper verifies through the sandbox's hosted page
// framed in /kyc-jumio (an ID photo and a selfie, generated PNGs, and the outcome), and the header's
// badge follows the decision live, without a reload, with a toast. A rejection shows Retry, which leads
// to /verify and from there to a new attempt.
import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

/** A small solid-colour PNG, made here: the sandbox checks it is a real PNG, then drops it. */
function png(rgb: [number, number, number], size = 16): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signedInShopper() {
  const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
  return newPage({ token: session.token, user: session.user });
}

/** In the framed sandbox page: both images, the outcome, Submit. */
async function completeCheck(page: Page, outcome: 'passed' | 'rejected') {
  const frame = page.frameLocator('iframe[data-testid=identity-check-frame]');
  await frame.locator('#document').setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: png([200, 40, 40]) });
  await frame.locator('#selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: png([40, 40, 200]) });
  await frame.locator(`input[name=outcome][value=${outcome}]`).check();
  await frame.getByRole('button', { name: 'Submit' }).click();
  // The frame's own answer may not be seen: once the decision arrives live, the page replaces the frame.
}

describe('identity verification', () => {
  it('a shopper verifies in the framed sandbox page and the header badge turns Verified live, with a toast', async () => {
    const page = await signedInShopper();
    await page.goto('/kyc-jumio');
    await page.getByRole('heading', { level: 1, name: 'Identity check' }).waitFor();
    const badge = page.getByTestId('verification-badge');
    // The attempt started: Pending until the decision.
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('Pending');
    // Marks this document: after the decision it must still be the same one (no reload).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await completeCheck(page, 'passed');

    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('Verified');
    const toast = page.locator('.Toastify__toast', { hasText: 'Your identity is verified.' });
    await toast.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('jumio') ?? 'null'))).toEqual({
      attempts: 1,
      decision: 'PASSED',
      status: 'DONE',
    });
    // The frame gave way to the result.
    expect(await page.locator('iframe[data-testid=identity-check-frame]').count()).toBe(0);
  });

  it('a rejected check shows Retry; Retry leads to /verify, which offers a new attempt', async () => {
    const page = await signedInShopper();
    await page.goto('/kyc-jumio');
    const badge = page.getByTestId('verification-badge');
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('Pending');

    await completeCheck(page, 'rejected');

    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('Retry');
    await page.locator('.Toastify__toast', { hasText: 'did not pass' }).waitFor({ timeout: 30_000 });
    await badge.click();
    await page.waitForURL('**/verify');
    await page.getByRole('heading', { level: 1, name: 'Your identity verification' }).waitFor();
    await page.getByRole('link', { name: 'Open the identity check' }).click();
    await page.waitForURL('**/kyc-jumio');
    // A new attempt: the provider's page again, and the record counts two attempts.
    await page.locator('iframe[data-testid=identity-check-frame]').waitFor({ timeout: 30_000 });
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('Pending');
    const attempts = page
      .getByRole('region', { name: 'Verification record' })
      .locator('dt', { hasText: 'Attempts' })
      .locator('xpath=following-sibling::dd');
    await expect.poll(() => attempts.textContent(), { timeout: 30_000 }).toBe('2');
  });
});
