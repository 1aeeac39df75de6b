import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CashoutItem } from '@store/shared';
import CashOutPage from './CashOutPage.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

const rules = { minCoins: 1_000, maxCoins: 100_000, dailyLimitCoins: 200_000, achHoldHours: 72, coinsPerDollar: 100 };
const bank = { userPaymentOptionId: 'upo-1', bankName: 'Sandbox Federal Bank', last4: '0001', accountType: 'checking' };
const item = (id: string, over: Partial<CashoutItem> = {}): CashoutItem => ({
  _id: id,
  amount: 2_000,
  amountCents: 2_000,
  status: 'PENDING',
  userPaymentOptionId: 'upo-1',
  bankName: 'Sandbox Federal Bank',
  last4: '0001',
  rejectionReason: null,
  failureReason: null,
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:00:00.000Z',
  ...over,
});

const statuses = () => screen.queryAllByTestId('cashout-status').map((cell) => cell.textContent);

describe('CashOutPage', () => {
  it('lists the cash-outs with their states and shows the rules', async () => {
    mockApi({
      'GET v1/third-party/requests/cashouts': {
        body: {
          success: true,
          data: { items: [item('b', { status: 'REJECTED', rejectionReason: 'Name mismatch' }), item('a', { status: 'PAID' })], rules },
        },
      },
      'GET v1/nuvei/banks': { body: { success: true, data: { bankAccounts: [bank] } } },
    });
    renderPage(<CashOutPage />, { path: '/cash-out' });
    expect(await screen.findAllByTestId('cashout-row')).toHaveLength(2);
    expect(statuses()).toEqual(['Rejected — Name mismatch', 'Paid']);
    expect(screen.getByTestId('cashout-rules')).toHaveTextContent('Between 1,000 and 100,000 coins a request');
    expect(screen.getByTestId('cashout-rules')).toHaveTextContent('72 hours');
  });

  it('requests a cash-out of whole coins to the chosen account; the new one goes first', async () => {
    const api = mockApi({
      'GET v1/third-party/requests/cashouts': { body: { success: true, data: { items: [item('a', { status: 'PAID' })], rules } } },
      'GET v1/nuvei/banks': { body: { success: true, data: { bankAccounts: [bank] } } },
      'POST v1/third-party/requests/cashouts': {
        status: 201,
        body: { success: true, data: item('new', { amount: 1_500, amountCents: 1_500 }) },
      },
    });
    renderPage(<CashOutPage />, { path: '/cash-out' });
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('cashout-amount'), '1500');
    expect(screen.getByTestId('cashout-amount')).toHaveAccessibleDescription('You receive $15.00.');
    await user.click(screen.getByTestId('cashout-submit'));
    await screen.findByText(/Pending review/);
    expect(api.find('POST v1/third-party/requests/cashouts')?.body).toEqual({ amount: 1_500, userPaymentOptionId: 'upo-1' });
    const rows = screen.getAllByTestId('cashout-row');
    expect(within(rows[0]!).getByTestId('cashout-status')).toHaveTextContent('Pending review');
    expect(rows).toHaveLength(2);
  });

  it('shows the rule the server names and refuses a fractional amount before sending', async () => {
    const api = mockApi({
      'GET v1/third-party/requests/cashouts': { body: { success: true, data: { items: [], rules } } },
      'GET v1/nuvei/banks': { body: { success: true, data: { bankAccounts: [bank] } } },
      'POST v1/third-party/requests/cashouts': {
        status: 422,
        body: { success: false, code: 'DAILY_LIMIT', field: 'amount', message: 'Cash-outs are limited to 200000 coins a day; 0 are left.' },
      },
    });
    renderPage(<CashOutPage />, { path: '/cash-out' });
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('cashout-amount'), '10.5');
    await user.click(screen.getByTestId('cashout-submit'));
    await screen.findByText('Enter a whole number of coins.');
    expect(screen.getByTestId('cashout-amount')).toHaveAccessibleDescription('Enter a whole number of coins.');
    expect(api.callsTo('POST', 'v1/third-party/requests/cashouts')).toHaveLength(0);
    await user.clear(screen.getByTestId('cashout-amount'));
    await user.type(screen.getByTestId('cashout-amount'), '5000');
    await user.click(screen.getByTestId('cashout-submit'));
    expect(await screen.findByText(/limited to 200000 coins a day/)).toBeInTheDocument();
    expect(screen.getByText('You have not requested a cash-out yet.')).toBeInTheDocument();
  });
});
