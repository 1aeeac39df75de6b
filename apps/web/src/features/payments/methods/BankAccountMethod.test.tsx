import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import BankAccountMethod, { NO_BANK_ACCOUNTS_TEXT } from './BankAccountMethod.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { bankLinkPageOpened } from '../../../../test/provider-page.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ body: { success: true, data } });
const federal = { userPaymentOptionId: 'upo_ach_1', bankName: 'Sandbox Federal Bank', last4: '0001', accountType: 'checking' };
const savings = { userPaymentOptionId: 'upo_ach_2', bankName: 'Sandbox Savings & Loan', last4: '0003', accountType: 'savings' };
const wait = { timeout: 15_000 };

describe('BankAccountMethod', () => {
  it('with an order: pays from the chosen linked account and reports the payment as processing', async () => {
    const net = mockApi({
      'GET v1/nuvei/banks': ok({ bankAccounts: [federal, savings] }),
      'POST v1/nuvei/payment/ach': ok({ action: 'pay', status: 'processing', transactionId: '2000', orderId: 'ord-1' }),
    });
    const onPaid = vi.fn();
    const { user } = renderPage(<BankAccountMethod orderId="ord-1" onPaid={onPaid} />);
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[0]).toBeChecked();
    await user.click(screen.getByLabelText('Sandbox Savings & Loan savings ending 0003'));
    await user.click(screen.getByTestId('bank-pay'));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('ord-1', 'processing'), wait);
    expect(net.calls.filter((c) => c.key === 'POST v1/nuvei/payment/ach').map((c) => c.body)).toEqual([
      { orderId: 'ord-1', userPaymentOptionId: 'upo_ach_2' },
    ]);
  });

  it('with an order: "Link a bank account and pay" opens the bank-linking page for the order', async () => {
    const net = mockApi({
      'GET v1/nuvei/banks': ok({ bankAccounts: [] }),
      'POST v1/nuvei/payment/ach': ok({ action: 'link', linkId: 'l1', url: '/bank-link/l1?secret=s', orderId: 'ord-1' }),
    });
    const { user } = renderPage(<BankAccountMethod orderId="ord-1" onPaid={() => {}} />);
    expect(await screen.findByText(NO_BANK_ACCOUNTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByTestId('bank-pay')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('bank-link'));
    expect(await bankLinkPageOpened()).toBe('/bank-link/l1?secret=s');
    expect(net.calls.filter((c) => c.key === 'POST v1/nuvei/payment/ach').map((c) => c.body)).toEqual([{ orderId: 'ord-1' }]);
  });

  it('back from the bank-linking page: saves the linked account first in the list and chooses it', async () => {
    const net = mockApi({
      'GET v1/nuvei/banks': ok({ bankAccounts: [federal] }),
      'POST v1/checkout/saved-bank': ok(savings),
    });
    renderPage(<BankAccountMethod orderId="ord-1" onPaid={() => {}} />, { path: '/add-card/:orderId', at: '/add-card/ord-1?bankLink=l9' });
    expect(await screen.findByTestId('bank-notice')).toHaveTextContent('Sandbox Savings & Loan savings ending 0003 is linked.');
    await vi.waitFor(() => expect(screen.getAllByTestId('bank-account')).toHaveLength(2), wait);
    expect(net.calls.filter((c) => c.key === 'POST v1/checkout/saved-bank').map((c) => c.body)).toEqual([{ linkId: 'l9' }]);
    expect(screen.getByLabelText('Sandbox Savings & Loan savings ending 0003')).toBeChecked();
  });

  it("a refused payment calls the caller's error callback and shows the server's message", async () => {
    mockApi({
      'GET v1/nuvei/banks': ok({ bankAccounts: [federal] }),
      'POST v1/nuvei/payment/ach': {
        status: 403,
        body: { success: false, code: 'ACCOUNT_FLAGGED', message: 'Bank account payments are no longer available on this account.' },
      },
    });
    const onFailed = vi.fn();
    const onPaid = vi.fn();
    const { user } = renderPage(<BankAccountMethod orderId="ord-1" onPaid={onPaid} onFailed={onFailed} />);
    await user.click(await screen.findByTestId('bank-pay'));
    // The shared handler's warning toast says it too (SPEC §8); the panel shows it where the shopper is.
    const panel = screen.getByTestId('bank-account-method');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Bank account payments are no longer available on this account.');
    expect(onFailed).toHaveBeenCalledWith('Bank account payments are no longer available on this account.', false, 'ACCOUNT_FLAGGED');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('without an order: lists the accounts, deletes one after a confirmation, and links a new one', async () => {
    const net = mockApi({
      'GET v1/nuvei/banks': ok({ bankAccounts: [federal, savings] }),
      'DELETE v1/nuvei/banks/upo_ach_1': ok(undefined),
      'POST v1/nuvei/add_bank': ok({ linkId: 'l2', url: '/bank-link/l2?secret=s' }),
    });
    const { user } = renderPage(<BankAccountMethod onPaid={() => {}} />);
    expect(await screen.findAllByTestId('bank-account')).toHaveLength(2);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Sandbox Federal Bank checking ending 0001' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).toHaveTextContent('Delete Sandbox Federal Bank checking ending 0001?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }));
    await vi.waitFor(() => expect(screen.getAllByTestId('bank-account')).toHaveLength(1), wait);
    expect(screen.getByTestId('bank-account')).toHaveTextContent('Sandbox Savings & Loan savings ending 0003');
    expect(net.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['v1/nuvei/banks/upo_ach_1']);

    await user.click(screen.getByTestId('bank-link'));
    expect(await bankLinkPageOpened()).toBe('/bank-link/l2?secret=s');
    expect(net.calls.filter((c) => c.key === 'POST v1/nuvei/add_bank').map((c) => c.body)).toEqual([{}]);
  });
});
