import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import MyPurchasesPage from './MyPurchasesPage.tsx';
import PaymentSuccessPage, {
  CONFIRMATION_WAIT_MS,
  CONFIRMING_TEXT,
  DELIVERY_SLOW_TEXT,
  DELIVERY_WAIT_MS,
  WAITING_FOR_PAYMENT_TEXT,
} from './PaymentSuccessPage.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { resetState } from '../../../lib/session.ts';
import { anOrder } from '../../../../test/fixtures/orders.ts';
import type { Purchase } from '../types.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ body: { success: true, data } });

describe('MyPurchasesPage', () => {
  it('lists every order with items, totals, status and its gift-card codes, and keeps them in the myPurchases slice', async () => {
    const giftOrder = anOrder({
      _id: 'ord-2',
      number: 100002,
      paidWith: 'bank_account',
      items: [{ kind: 'giftCard', itemId: 'g-1', name: 'Lucky Dragon $25', unitPrice: 2500, quantity: 1, coins: 0, bonusCoins: 0 }],
      total: 2500,
      totalCoins: 0,
      giftCardCodes: [{ giftCardId: 'g-1', name: 'Lucky Dragon $25', code: 'LD-AAAA-BBBB' }],
    });
    const failed = anOrder({ _id: 'ord-1', number: 100001, status: 'failed', failureReason: 'Your card was declined.', paidWith: null });
    mockApi({ 'GET v1/checkout/my-purchases': ok([giftOrder, failed]) });
    const { store, user } = renderPage(<MyPurchasesPage />, { path: '/my-purchases' });

    const rows = await screen.findAllByTestId('purchase-row');
    expect(rows.map((row) => row.getAttribute('data-order-id'))).toEqual(['ord-2', 'ord-1']);
    expect(within(rows[0]!).getByTestId('gift-card-code')).toHaveTextContent('LD-AAAA-BBBB');
    expect(within(rows[0]!).getByTestId('purchase-status')).toHaveTextContent('Completed');
    expect(within(rows[0]!).getByTestId('purchase-total')).toHaveTextContent('$25.00');
    expect(rows[1]).toHaveTextContent('Starter Pack × 2');
    expect(within(rows[1]!).getByTestId('purchase-status')).toHaveTextContent('Payment failed');
    // Each order by its number; a paid one says how it was paid and links its receipt (issue 24).
    expect(rows.map((row) => within(row).getByTestId('order-number').textContent)).toEqual(['Order #100002', 'Order #100001']);
    expect(within(rows[0]!).getByTestId('purchase-paid-with')).toHaveTextContent('Bank account');
    expect(within(rows[0]!).getByRole('link', { name: 'Receipt for order #100002' })).toHaveAttribute(
      'href',
      '/payment-success?orderId=ord-2',
    );
    expect(within(rows[1]!).queryByTestId('purchase-paid-with')).toBeNull();
    expect(within(rows[1]!).queryByTestId('receipt-link')).toBeNull();
    // A code is copied with one press, and the row says how to redeem it (issue 24).
    await user.click(within(rows[0]!).getByRole('button', { name: 'Copy the code of Lucky Dragon $25' }));
    expect(await navigator.clipboard.readText()).toBe('LD-AAAA-BBBB');
    expect(within(rows[0]!).getByRole('button', { name: 'Copy the code of Lucky Dragon $25' })).toHaveTextContent('Copied');
    expect(within(rows[0]!).getByRole('link', { name: 'Redeem a gift card' })).toHaveAttribute('href', '/redeem');
    expect(rows[1]).toHaveTextContent('Your card was declined.');

    expect(store.getState().myPurchases).toEqual({
      data: [giftOrder, failed],
      secKeyData: { 'ord-2': [{ giftCardId: 'g-1', name: 'Lucky Dragon $25', code: 'LD-AAAA-BBBB' }] },
      test: null,
    });
    // Signing out forgets them.
    store.dispatch(resetState());
    expect(store.getState().myPurchases).toEqual({ data: [], secKeyData: {}, test: null });
  });

  it('says so when there are no purchases yet', async () => {
    mockApi({ 'GET v1/checkout/my-purchases': ok([]) });
    const { store } = renderPage(<MyPurchasesPage />, { path: '/my-purchases' });
    expect(await screen.findByText("You haven't bought anything yet.")).toBeInTheDocument();
    expect(store.getState().myPurchases.data).toEqual([]);
  });
});

/** getorder answering from `statusNow()` each time it is asked. */
function orderRoutes(statusNow: () => Purchase['status']) {
  return mockApi({
    'GET v1/checkout/getorder': () => {
      const status = statusNow();
      const delivered = status === 'fulfilled';
      return ok(
        anOrder({
          status,
          paidAt: status === 'pending' ? null : '2026-11-20T10:00:05.000Z',
          fulfilledAt: delivered ? '2026-11-20T10:00:06.000Z' : null,
        }),
      );
    },
  });
}

const openSuccessPage = () => renderPage(<PaymentSuccessPage />, { path: '/payment-success', at: '/payment-success?orderId=ord-1' });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('PaymentSuccessPage', () => {
  it('shows the paid order and the coins credited, remembers it as the last purchase, and stores it as the order', async () => {
    const net = orderRoutes(() => 'fulfilled');
    const { store } = openSuccessPage();
    expect(await screen.findByTestId('coins-credited')).toHaveTextContent('2,400 coins were added to your wallet.');
    expect(screen.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(net.calls[0]!.search.get('orderId')).toBe('ord-1');
    expect(store.getState().purchaseMemory.lastPurchased).toMatchObject({ _id: 'ord-1' });
    expect(store.getState().orderDetails.data).toMatchObject({ _id: 'ord-1', status: 'fulfilled' });
  });

  it('asks about a pending order while the bank may still be confirming, then says it is waiting for payment and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const net = orderRoutes(() => 'pending');
    openSuccessPage();
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
    expect(screen.getByTestId('confirming-payment')).toHaveTextContent(CONFIRMING_TEXT);
    expect(screen.queryByTestId('awaiting-payment')).not.toBeInTheDocument();
    const first = net.callsTo('GET', 'v1/checkout/getorder').length;
    await wait(3000);
    expect(net.callsTo('GET', 'v1/checkout/getorder').length).toBeGreaterThanOrEqual(first + 2);

    await wait(CONFIRMATION_WAIT_MS);
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    const waiting = screen.getByTestId('awaiting-payment');
    expect(waiting).toHaveTextContent(WAITING_FOR_PAYMENT_TEXT);
    expect(within(waiting).getByRole('link', { name: 'Pay for this order' })).toHaveAttribute('href', '/add-card/ord-1');
    expect(screen.queryByTestId('confirming-payment')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
    expect(screen.queryByText(/delivering/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('coins-credited')).not.toBeInTheDocument();

    const asked = net.callsTo('GET', 'v1/checkout/getorder').length;
    await wait(5000);
    expect(net.callsTo('GET', 'v1/checkout/getorder')).toHaveLength(asked);
  });

  it('shows the purchase once a late confirmation of a pending order arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: Purchase['status'] = 'pending';
    orderRoutes(() => status);
    openSuccessPage();
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
    await wait(4000);
    status = 'fulfilled';
    await wait(1500);
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(screen.getByTestId('coins-credited')).toHaveTextContent('2,400 coins were added to your wallet.');
  });

  it('polls a paid order every second until it is delivered, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: Purchase['status'] = 'paid';
    const net = orderRoutes(() => status);
    openSuccessPage();
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(screen.getByTestId('delivery-status')).toHaveTextContent('We are delivering your order…');

    const before = net.callsTo('GET', 'v1/checkout/getorder').length;
    await wait(3000);
    expect(net.callsTo('GET', 'v1/checkout/getorder').length).toBeGreaterThanOrEqual(before + 2);

    status = 'fulfilled';
    await wait(1500);
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(screen.getByTestId('coins-credited')).toHaveTextContent('2,400 coins were added to your wallet.');
    const delivered = net.callsTo('GET', 'v1/checkout/getorder').length;
    await wait(5000);
    expect(net.callsTo('GET', 'v1/checkout/getorder')).toHaveLength(delivered);
  });

  it('stops polling after a bounded wait and points to My purchases; reloading the page asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: Purchase['status'] = 'paid';
    const net = orderRoutes(() => status);
    openSuccessPage();
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();

    await wait(DELIVERY_WAIT_MS - 2000);
    expect(screen.getByTestId('delivery-status')).toHaveTextContent('We are delivering your order…');
    await wait(2500);
    expect(screen.getByTestId('delivery-status')).toHaveTextContent(DELIVERY_SLOW_TEXT);
    expect(screen.getAllByRole('link', { name: 'My purchases' })[0]).toHaveAttribute('href', '/my-purchases');
    const stopped = net.callsTo('GET', 'v1/checkout/getorder').length;
    await wait(10_000);
    expect(net.callsTo('GET', 'v1/checkout/getorder')).toHaveLength(stopped);

    // The shopper reloads later: a fresh page asks for the order again and shows it delivered.
    status = 'fulfilled';
    cleanup();
    openSuccessPage();
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(net.callsTo('GET', 'v1/checkout/getorder').length).toBeGreaterThan(stopped);
  });

  it('says it cannot find an order it was not given', async () => {
    mockApi({});
    renderPage(<PaymentSuccessPage />, { path: '/payment-success' });
    expect(await screen.findByRole('heading', { name: "We couldn't find that order" })).toBeInTheDocument();
  });
});
