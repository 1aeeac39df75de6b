// Issue 24: on a phone the chat launcher never covers a button. Checked on the cart and the pay page, where
// a shopper's main action is, both as the page opens and scrolled to its end (the footer's full-width
// buttons sit last).
import { describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT, useBrowser, type TrackedPage } from '../support/browser.ts';
import { aCheapProduct, addToCartViaApi, signedInPaymentPage } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const WAIT = { timeout: 30_000 };

/** The accessible names (or text) of the visible buttons the launcher's box overlaps, as the page stands. */
async function buttonsUnderLauncher(page: TrackedPage): Promise<string[]> {
  const launcher = page.getByRole('button', { name: /^Open chat/ });
  await launcher.waitFor(WAIT);
  return page.evaluate(() => {
    const chat = document.querySelector('button[aria-label^="Open chat"]');
    if (!chat) throw new Error('no launcher');
    const l = chat.getBoundingClientRect();
    // Whatever a shopper sees as a button: buttons, and links styled as one.
    const candidates = document.querySelectorAll('button, [role=button], input[type=submit], a.btn, a.store-button');
    return [...candidates]
      .filter((el) => el !== chat && !chat.contains(el) && el.checkVisibility())
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.height > 0 && b.left < l.right && b.right > l.left && b.top < l.bottom && b.bottom > l.top;
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
  });
}

async function scrollToEnd(page: TrackedPage): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
}

async function expectLauncherClear(page: TrackedPage, where: string): Promise<void> {
  expect(await buttonsUnderLauncher(page), `${where}, as it opens`).toEqual([]);
  await scrollToEnd(page);
  expect(await buttonsUnderLauncher(page), `${where}, scrolled to the end`).toEqual([]);
}

describe('the chat launcher on a phone', () => {
  it('covers no button on the cart and the pay page', async () => {
    const product = await aCheapProduct(baseURL);
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
    await addToCartViaApi(baseURL, session.token, product._id, 1);
    const page = await signedInPaymentPage((opts) => newPage({ ...opts, viewport: PHONE_VIEWPORT }), session);

    await page.goto('/cart');
    await page.getByTestId('cart-line').waitFor(WAIT);
    await expectLauncherClear(page, 'the cart');

    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*');
    await page.getByTestId('pay-button').waitFor(WAIT);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectLauncherClear(page, 'the pay page');
  });
});
