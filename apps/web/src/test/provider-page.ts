// The pages the store opens in a dialog over its own (features/payments ProviderPageDialog, issue 24): what a
// test sees of one, the address its frame was given.
import { screen, within } from '@testing-library/react';

/** The address of the page opened in the dialog of this name, in the frame of this title. */
export async function providerPageOpened(dialogName: string, frameTitle: string): Promise<string | null> {
  const dialog = await screen.findByRole('dialog', { name: dialogName }, { timeout: 15_000 });
  return within(dialog).getByTitle<HTMLIFrameElement>(frameTitle).getAttribute('src');
}

/** The bank-linking page, as the pay page, the payment methods and cash-out open it. */
export const bankLinkPageOpened = () => providerPageOpened('Link a bank account', 'Bank-linking page');
