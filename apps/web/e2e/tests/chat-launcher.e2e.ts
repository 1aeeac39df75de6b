// Issue 24: on a phone the chat launcher never covers a button. Checked on the product page, the cart, the pay
// page and cash-out, where a shopper's main action is: at every screenful from the top of the page to its end.
import { describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT, useBrowser, type TrackedPage } from '../support/browser.ts';
import { aCheapProduct, addToCartViaApi, signedInPaymentPage } from '../support/commerce.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const WAIT = { timeout: 30_000 };

/** The names (or text) of the visible buttons and fields the launcher covers, as the page stands. */
function controlsUnderLauncher(page: TrackedPage): Promise<string[]> {
  return page.evaluate(() => {
    const chat = document.querySelector('button[aria-label^="Open chat"]');
    if (!chat) throw new Error('no launcher');
    // Out of sight (nowhere free to stand), it covers nothing.
    if (!chat.checkVisibility({ visibilityProperty: true })) return [];
    const l = chat.getBoundingClientRect();
    const candidates = document.querySelectorAll(
      'button, [role=button], input:not([type=hidden]), select, textarea, iframe, a.btn, a.store-button',
    );
    return [...candidates]
      .filter((el) => el !== chat && !chat.contains(el) && el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.height > 0 && b.left < l.right && b.right > l.left && b.top < l.bottom && b.bottom > l.top;
      })
      .map((el) => el.getAttribute('aria-label') ?? (el.textContent?.trim() || el.tagName));
  });
}

/** From the top to the end, a screenful less a little at a time: at each stop the launcher covers nothing. */
async function expectLauncherClearThroughout(page: TrackedPage, where: string): Promise<void> {
  // In the page, shown or stepped out of sight (a page whose lower half is all buttons, as the cart's top is).
  await page.getByRole('button', { name: /^Open chat/, includeHidden: true }).waitFor({ state: 'attached', ...WAIT });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (;;) {
    const y = await page.evaluate(() => window.scrollY);
    // Polled: the launcher moves on the frame after a scroll.
    await expect.poll(() => controlsUnderLauncher(page), { timeout: 5_000, message: `${where}, scrolled to ${y}` }).toEqual([]);
    const atEnd = await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
    if (atEnd) return;
    await page.evaluate(() => window.scrollBy(0, window.innerHeight - 150));
    await page.waitForFunction((from) => window.scrollY > from, y);
  }
}

describe('the chat launcher on a phone', () => {
  it('covers no button on the product page, the cart, the pay page and cash-out', async () => {
    const product = await aCheapProduct(baseURL);
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL, { billingAddress: true }));
    await addToCartViaApi(baseURL, session.token, product._id, 1);
    const page = await signedInPaymentPage((opts) => newPage({ ...opts, viewport: PHONE_VIEWPORT }), session);

    await page.goto(`/product-details/${product._id}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor(WAIT);
    await expectLauncherClearThroughout(page, 'the product page');

    await page.goto('/cart');
    await page.getByTestId('cart-line').waitFor(WAIT);
    await expectLauncherClearThroughout(page, 'the cart');

    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/add-card/*');
    await page.getByTestId('pay-button').waitFor(WAIT);
    await expectLauncherClearThroughout(page, 'the pay page');

    await page.goto('/cash-out');
    await page.getByTestId('cashout-rules').waitFor(WAIT);
    await expectLauncherClearThroughout(page, 'cash-out');
  });
});
