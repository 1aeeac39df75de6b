// /payment-success and /my-purchases while a bank payment (ACH, ADR 011) is processing: what the shopper
// reads, and how the pages move on by themselves: at the live connection's walletUpdated (a settlement
// credits coins; a return after it takes them back and refunds the order) and every PROCESSING_POLL_MS
// meanwhile (a failure changes no wallet).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { liveConnectionOf } from '../../../lib/socket.ts';
import { makeStore, type AppStore } from '../../../app/store.ts';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { listeningLive } from '../../../../test/live.ts';
import { anOrder } from '../../../../test/fixtures/orders.ts';
import { PROCESSING_LABEL } from '../components/PurchaseSummary.tsx';
import { PROCESSING_POLL_MS } from '../use-refresh-while-processing.ts';
import type { Purchase } from '../types.ts';
import MyPurchasesPage from './MyPurchasesPage.tsx';
import PaymentSuccessPage, {
  BANK_PROCESSING_TEXT,
  CARD_PROCESSING_TEXT,
  CONFIRMATION_WAIT_MS,
  PAYMENT_PROCESSING_TEXT,
} from './PaymentSuccessPage.tsx';

type Listener = (payload: unknown) => void;
let live: Map<string, Listener[]>;

let store: AppStore;

beforeEach(() => {
  // The live connection's far end: the test plays the server's events.
  live = new Map();
  store = makeStore(undefined, { live: listeningLive(live) });
  // Opened as the signed-in header opens it.
  liveConnectionOf(store.live).connect({ _id: 'u-1', role: 'USER', token: 'tok' });
});

afterEach(() => {
  liveConnectionOf(store.live).disconnect();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ body: { success: true, data } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The server says the wallet changed, as after a settlement or a return. */
const walletUpdated = () =>
  act(async () => {
    for (const listener of live.get('walletUpdated') ?? []) listener({ coins: { purchasedWallet: 0, winWallet: 0, stackingWallet: 0 } });
    await Promise.resolve();
  });

type Stage = 'processing' | 'settled' | 'returned' | 'failed';

function orderAt(stage: Stage): Purchase {
  switch (stage) {
    case 'processing':
      return anOrder({ status: 'pending', paidAt: null, fulfilledAt: null, paymentProcessing: true });
    case 'settled':
      return anOrder({ status: 'fulfilled' });
    case 'returned':
      return anOrder({ status: 'refunded', failureReason: 'Your bank returned this payment, so its coins were taken back. (R01)' });
    case 'failed':
      return anOrder({ status: 'failed', paidAt: null, fulfilledAt: null, failureReason: 'Your bank did not pay this order.' });
  }
}

function routes(stage: () => Stage) {
  return mockApi({
    'GET v1/checkout/getorder': () => ok(orderAt(stage())),
    'GET v1/checkout/my-purchases': () => ok([orderAt(stage())]),
  });
}

/** As the pay page leaves it after a bank debit (processing=bank); `query` replaces that part. */
const openSuccessPage = (query = '&processing=bank') =>
  renderPage(<PaymentSuccessPage />, { path: '/payment-success', at: `/payment-success?orderId=ord-1${query}`, store });

describe('PaymentSuccessPage while a bank payment is processing', () => {
  it('says the payment is processing, credits nothing yet, and never turns into "waiting for your payment"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routes(() => 'processing');
    openSuccessPage();
    expect(await screen.findByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-processing')).toHaveTextContent(BANK_PROCESSING_TEXT);
    expect(screen.getByTestId('purchase-status')).toHaveTextContent(PROCESSING_LABEL);
    expect(screen.queryByTestId('coins-credited')).not.toBeInTheDocument();
    expect(screen.queryByTestId('confirming-payment')).not.toBeInTheDocument();

    // Long after a card payment's confirmation window: still processing, not "no payment received".
    await wait(CONFIRMATION_WAIT_MS + 1000);
    expect(screen.getByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
    expect(screen.queryByTestId('awaiting-payment')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay for this order' })).not.toBeInTheDocument();
  });

  it('shows the coins credited when the live connection says the wallet changed (the debit settled)', async () => {
    let stage: Stage = 'processing';
    const net = routes(() => stage);
    openSuccessPage();
    expect(await screen.findByTestId('payment-processing')).toBeInTheDocument();
    const asked = net.callsTo('GET', 'v1/checkout/getorder').length;

    stage = 'settled';
    await walletUpdated();
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(screen.getByTestId('coins-credited')).toHaveTextContent('2,400 coins were added to your wallet.');
    expect(screen.queryByTestId('payment-processing')).not.toBeInTheDocument();
    expect(net.callsTo('GET', 'v1/checkout/getorder').length).toBeGreaterThan(asked);
  });

  it('asks again every PROCESSING_POLL_MS while processing and shows a failure before settlement (no wallet change)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let stage: Stage = 'processing';
    const net = routes(() => stage);
    openSuccessPage();
    expect(await screen.findByTestId('payment-processing')).toBeInTheDocument();
    const asked = net.callsTo('GET', 'v1/checkout/getorder').length;
    await wait(PROCESSING_POLL_MS + 500);
    expect(net.callsTo('GET', 'v1/checkout/getorder').length).toBe(asked + 1);

    stage = 'failed';
    await wait(PROCESSING_POLL_MS + 500);
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByText('Your bank did not pay this order.')).toBeInTheDocument();
    // Decided: no more asking.
    const decided = net.callsTo('GET', 'v1/checkout/getorder').length;
    await wait(2 * PROCESSING_POLL_MS);
    expect(net.callsTo('GET', 'v1/checkout/getorder')).toHaveLength(decided);
  });

  it('shows a failure as soon as the live connection says the order changed state', async () => {
    let stage: Stage = 'processing';
    routes(() => stage);
    openSuccessPage();
    expect(await screen.findByTestId('payment-processing')).toBeInTheDocument();

    stage = 'failed';
    await act(async () => {
      for (const listener of live.get('orderUpdated') ?? []) listener({ orderId: 'ord-1', status: 'failed' });
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
  });

  it('a return after settlement: the open page shows the order refunded and no longer says coins were added', async () => {
    let stage: Stage = 'settled';
    routes(() => stage);
    openSuccessPage();
    expect(await screen.findByTestId('coins-credited')).toBeInTheDocument();

    stage = 'returned';
    await walletUpdated();
    expect(await screen.findByRole('heading', { name: 'Order refunded' })).toBeInTheDocument();
    expect(screen.getByTestId('purchase-status')).toHaveTextContent('Refunded');
    expect(screen.queryByTestId('coins-credited')).not.toBeInTheDocument();
  });
});

describe('PaymentSuccessPage copy matches the method (issue 24)', () => {
  it('a card payment still settling is a card payment being confirmed, never a bank payment', async () => {
    routes(() => 'processing');
    openSuccessPage('&processing=card');
    expect(await screen.findByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-processing')).toHaveTextContent(CARD_PROCESSING_TEXT);
    expect(screen.getByTestId('payment-success')).not.toHaveTextContent(/bank/i);
  });

  it('without the method named (a provider redirect back) the copy names none', async () => {
    routes(() => 'processing');
    openSuccessPage('');
    expect(await screen.findByTestId('payment-processing')).toHaveTextContent(PAYMENT_PROCESSING_TEXT);
    expect(screen.getByTestId('payment-success')).not.toHaveTextContent(/bank/i);
  });
});

describe('MyPurchasesPage with a payment processing', () => {
  it('labels the order "Payment processing" (the order does not say the method) and moves it on at the live wallet update', async () => {
    let stage: Stage = 'processing';
    routes(() => stage);
    renderPage(<MyPurchasesPage />, { path: '/my-purchases', store });
    const [row] = await screen.findAllByTestId('purchase-row');
    expect(within(row!).getByTestId('purchase-status')).toHaveTextContent(PROCESSING_LABEL);
    expect(row).not.toHaveTextContent(/bank/i);

    stage = 'settled';
    await walletUpdated();
    expect(await within(row!).findByText('Completed')).toBeInTheDocument();

    stage = 'returned';
    await walletUpdated();
    expect(await within(row!).findByText('Refunded')).toBeInTheDocument();
  });
});
