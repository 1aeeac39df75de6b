// /cash-out as the app composes it (issue 24): the winnings and verification of getuser decide what the shopper
// must do first, and a shopper with no bank account links one in place, coming back to cash-out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import CashOutRoute from './CashOutRoute.tsx';
import { bankLinkPageOpened } from '../../../test/provider-page.ts';
import { mockApi, type Handler } from '../../../test/mock-api.ts';
import { getUserFixture } from '../../../test/fixtures/site.ts';
import { renderPage } from '../../../test/render.tsx';

afterEach(() => vi.restoreAllMocks());

const rules = { minCoins: 1_000, maxCoins: 100_000, dailyLimitCoins: 200_000, achHoldHours: 72, coinsPerDollar: 100 };
const bank = { userPaymentOptionId: 'upo-1', bankName: 'Sandbox Federal Bank', last4: '0001', accountType: 'checking' };
const passed = { attempts: 1, decision: 'PASSED', status: 'DONE' };
const ok = (data: unknown) => ({ body: { success: true, data } });

function renderCashOut({
  jumio = passed as typeof passed | null,
  banks = [bank] as (typeof bank)[],
  at = '/cash-out',
  extra = {} as Record<string, Handler>,
} = {}) {
  const net = mockApi({
    'GET v1/getuser': {
      body: getUserFixture({
        jumio,
        data: { ...getUserFixture().data, coins: { purchasedWallet: 10, winWallet: 999_999, stackingWallet: 0 } },
      }),
    },
    'GET v1/third-party/requests/cashouts': ok({ items: [], rules }),
    'GET v1/nuvei/banks': () => ok({ bankAccounts: banks }),
    ...extra,
  });
  return { ...renderPage(<CashOutRoute />, { path: '/cash-out', at }), net };
}

describe('/cash-out', () => {
  it('shows the winnings in coins and dollars, grouped, and the form to a verified shopper with an account', async () => {
    renderCashOut();
    expect(await screen.findByTestId('cashout-winnings')).toHaveTextContent('999,999 coins of winnings, worth $9,999.99');
    expect(screen.getByTestId('cashout-amount')).toBeInTheDocument();
    expect(screen.queryByTestId('cashout-verify-first')).toBeNull();
  });

  it('sends a shopper who has not verified to /verify first, and shows no form', async () => {
    renderCashOut({ jumio: null });
    const step = await screen.findByTestId('cashout-verify-first');
    expect(step).toHaveTextContent('Verify your identity before you cash out');
    expect(within(step).getByRole('link', { name: 'Verify my identity' })).toHaveAttribute('href', '/verify');
    expect(screen.queryByTestId('cashout-amount')).toBeNull();
  });

  it('tells a shopper whose verification is being checked to wait, without a second attempt to start', async () => {
    renderCashOut({ jumio: { attempts: 1, decision: null, status: 'INITIATED' } as never });
    expect(await screen.findByTestId('cashout-verify-first')).toHaveTextContent('is being checked');
    expect(screen.queryByRole('link', { name: 'Verify my identity' })).toBeNull();
  });

  it('lets a verified shopper with no bank account open the linking page, which comes back to cash-out', async () => {
    const { user, net } = renderCashOut({
      banks: [],
      extra: { 'POST v1/nuvei/add_bank': ok({ linkId: 'link-1', url: '/bank-link/link-1?secret=s' }) },
    });
    const step = await screen.findByTestId('cashout-link-bank');
    expect(step).toHaveTextContent('Link a bank account to receive your cash-out.');
    expect(screen.queryByTestId('cashout-amount')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    expect(await bankLinkPageOpened()).toBe('/bank-link/link-1?secret=s');
    expect(net.find('POST v1/nuvei/add_bank')!.body).toEqual({ returnTo: 'cash-out' });
  });

  it('back from the linking page, saves the account, says so and shows the form to cash out to it', async () => {
    const banks: (typeof bank)[] = [];
    const { net } = renderCashOut({
      banks,
      at: '/cash-out?bankLink=link-1',
      extra: {
        'POST v1/checkout/saved-bank': () => {
          banks.push(bank);
          return ok(bank);
        },
      },
    });
    expect(await screen.findByTestId('bank-notice')).toHaveTextContent('Sandbox Federal Bank checking ending 0001 is linked.');
    expect(await screen.findByTestId('cashout-amount')).toBeInTheDocument();
    expect(net.find('POST v1/checkout/saved-bank')!.body).toEqual({ linkId: 'link-1' });
    expect(screen.getByTestId('cashout-bank')).toHaveTextContent('Sandbox Federal Bank ••0001');
    // The notice stays beside the new form, and another account can be linked.
    expect(screen.getByTestId('bank-notice')).toHaveTextContent('is linked.');
    expect(screen.getByRole('button', { name: 'Link another bank account' })).toBeInTheDocument();
    expect(screen.queryByTestId('cashout-link-bank')).toBeNull();
  });
});
