import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WalletHistoryEntry } from '@store/shared';
import WalletHistoryPage, { WALLET_HISTORY_PAGE_SIZE } from './WalletHistoryPage.tsx';
import { mockApi, type ApiCall } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

const entry = (id: number, over: Partial<WalletHistoryEntry> = {}): WalletHistoryEntry => ({
  id,
  wallet: 'winWallet',
  amount: 100,
  kind: 'win',
  reference: `ref-${id}`,
  createdAt: '2026-03-01T12:00:00.000Z',
  balanceAfter: 0,
  order: null,
  ...over,
});

/** The server's pages of `total` entries, newest (highest id) first. */
function historyServer(total: number) {
  return (call: ApiCall) => {
    const page = Number(call.search.get('page'));
    const limit = Number(call.search.get('limit'));
    const ids = Array.from({ length: total }, (_, i) => total - i).slice((page - 1) * limit, page * limit);
    return { body: { success: true, data: { entries: ids.map((id) => entry(id)), total, page, limit } } };
  };
}

describe('WalletHistoryPage', () => {
  it('shows each entry with its date, kind (and order), wallet, signed coins and the balance after it', async () => {
    mockApi({
      'GET v1/wallet/history': {
        body: {
          success: true,
          data: {
            entries: [
              entry(3, {
                kind: 'reversal',
                wallet: 'purchasedWallet',
                amount: -1_500,
                balanceAfter: 210,
                order: { id: 'ord-9', number: 100009 },
              }),
              entry(2, { kind: 'win', amount: 250, balanceAfter: 1_710 }),
              entry(1, { kind: 'cashOutHold', amount: -40, balanceAfter: 1_460 }),
            ],
            total: 3,
            page: 1,
            limit: WALLET_HISTORY_PAGE_SIZE,
          },
        },
      },
    });
    renderPage(<WalletHistoryPage />, { path: '/wallet-history' });
    const rows = await screen.findAllByTestId('wallet-history-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Reversal · Order #100009', 'Purchased', '−1,500', '210'],
      ['Win', 'Winnings', '+250', '1,710'],
      ['Cash-out hold', 'Winnings', '−40', '1,460'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Order #100009' })).toHaveAttribute('href', '/payment-success?orderId=ord-9');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('pages through the history, asking the server for each page', async () => {
    const api = mockApi({ 'GET v1/wallet/history': historyServer(WALLET_HISTORY_PAGE_SIZE + 5) });
    const { user } = renderPage(<WalletHistoryPage />, { path: '/wallet-history' });
    expect(await screen.findAllByTestId('wallet-history-row')).toHaveLength(WALLET_HISTORY_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findAllByTestId('wallet-history-row')).toHaveLength(5);
    const pagesAsked = api.callsTo('GET', 'v1/wallet/history').map((c) => [c.search.get('page'), c.search.get('limit')]);
    expect(pagesAsked).toContainEqual(['2', String(WALLET_HISTORY_PAGE_SIZE)]);

    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('says so when no coins have moved', async () => {
    mockApi({ 'GET v1/wallet/history': { body: { success: true, data: { entries: [], total: 0, page: 1, limit: 20 } } } });
    renderPage(<WalletHistoryPage />, { path: '/wallet-history' });
    expect(await screen.findByText('No coins have moved in your wallets yet.')).toBeInTheDocument();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    mockApi({ 'GET v1/wallet/history': { status: 500, body: { success: false, message: 'Boom', code: 'INTERNAL' } } });
    renderPage(<WalletHistoryPage />, { path: '/wallet-history' });
    expect(await screen.findByText("We couldn't load your wallet history.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
