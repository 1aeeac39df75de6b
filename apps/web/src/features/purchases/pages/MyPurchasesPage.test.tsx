import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import MyPurchasesPage from './MyPurchasesPage.tsx';
import PaymentSuccessPage from './PaymentSuccessPage.tsx';
import { mockApi } from '../../../app/testing/mock-api.ts';
import { renderPage } from '../../../test/feature-test-utils.tsx';
import { aPurchase } from '../fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

describe('MyPurchasesPage', () => {
  it('lists every order with items, totals, status and its gift-card codes', async () => {
    const giftOrder = aPurchase({
      _id: 'ord-2',
      items: [{ kind: 'giftCard', itemId: 'g-1', name: 'Lucky Dragon $25', unitPrice: 2500, quantity: 1, coins: 0, bonusCoins: 0 }],
      total: 2500,
      totalCoins: 0,
      giftCardCodes: [{ giftCardId: 'g-1', name: 'Lucky Dragon $25', code: 'LD-AAAA-BBBB' }],
    });
    const failed = aPurchase({ _id: 'ord-1', status: 'failed', failureReason: 'Your card was declined.' });
    mockApi({ 'GET v1/checkout/my-purchases': { body: { success: true, data: [giftOrder, failed] } } });
    renderPage(<MyPurchasesPage />, { path: '/my-purchases' });

    const rows = await screen.findAllByTestId('purchase-row');
    expect(rows.map((row) => row.getAttribute('data-order-id'))).toEqual(['ord-2', 'ord-1']);
    expect(within(rows[0]!).getByTestId('gift-card-code')).toHaveTextContent('LD-AAAA-BBBB');
    expect(within(rows[0]!).getByTestId('purchase-status')).toHaveTextContent('Completed');
    expect(within(rows[0]!).getByTestId('purchase-total')).toHaveTextContent('$25.00');
    expect(rows[1]).toHaveTextContent('Starter Pack × 2');
    expect(within(rows[1]!).getByTestId('purchase-status')).toHaveTextContent('Payment failed');
    expect(rows[1]).toHaveTextContent('Your card was declined.');
  });

  it('says so when there are no purchases yet', async () => {
    mockApi({ 'GET v1/checkout/my-purchases': { body: { success: true, data: [] } } });
    renderPage(<MyPurchasesPage />, { path: '/my-purchases' });
    expect(await screen.findByText("You haven't bought anything yet.")).toBeInTheDocument();
  });
});

describe('PaymentSuccessPage', () => {
  it('shows the paid order and the coins credited, and remembers it as the last purchase', async () => {
    const net = mockApi({ 'GET v1/checkout/getorder': { body: { success: true, data: aPurchase() } } });
    const { store } = renderPage(<PaymentSuccessPage />, { path: '/payment-success', at: '/payment-success?orderId=ord-1' });
    expect(await screen.findByTestId('coins-credited')).toHaveTextContent('2,400 coins were added to your wallet.');
    expect(screen.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(new URL(net.requests[0]!.url).searchParams.get('orderId')).toBe('ord-1');
    expect(store.getState().purchaseMemory.lastPurchased).toMatchObject({ _id: 'ord-1' });
  });

  it('says it cannot find an order it was not given', async () => {
    mockApi({});
    renderPage(<PaymentSuccessPage />, { path: '/payment-success' });
    expect(await screen.findByRole('heading', { name: "We couldn't find that order" })).toBeInTheDocument();
  });
});
