// The pages the store opens in a dialog over its own (features/payments ProviderPageDialog, issue 24): what a
// test sees of one, the address its frame was given.
import { act, screen, within } from '@testing-library/react';
import { PROVIDER_PAGE_FINISHED } from '@store/shared';

/** The address of the page opened in the dialog of this name, in the frame of this title. */
export async function providerPageOpened(dialogName: string, frameTitle: string): Promise<string | null> {
  const dialog = await screen.findByRole('dialog', { name: dialogName }, { timeout: 15_000 });
  return within(dialog).getByTitle<HTMLIFrameElement>(frameTitle).getAttribute('src');
}

/** The bank-linking page, as the pay page, the payment methods and cash-out open it. */
export const bankLinkPageOpened = () => providerPageOpened('Link a bank account', 'Bank-linking page');

/**
 * What the store's return page in a provider page's frame says when the page is done (apps/server
 * lib/framed-return.ts): `to`, from `source` (the frame's window, unless a test sends it from elsewhere) and
 * `origin` (this page's, unless a test sends it from another site).
 */
export function framedReturnSays(
  to: string,
  source: MessageEventSource | null,
  origin: string = window.location.origin,
  type: string = PROVIDER_PAGE_FINISHED,
): void {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, source, data: { type, to } }));
  });
}
