import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import CashierMethod, { CASHIER_CANCELED_TEXT, CASHIER_NOTE, NO_CASHIER_CARDS_TEXT } from './CashierMethod.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { framedReturnSays } from '../../../../test/provider-page.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ body: { success: true, data } });
const visa = { userPaymentOptionId: 'cupo_1', brand: 'visa', last4: '1111', expMonth: 11, expYear: 2033 };
/** GET v1/payment/stripe/payment-methods: the cashier's cards come in nuveiCards; no Stripe card or Cash App here. */
const methods = (nuveiCards: unknown[]) => ok({ paymentMethods: { card: [], nuveiCards, cashapp: [] } });

describe('CashierMethod', () => {
  it("with an order: opens the order's secure checkout page in a dialog over the pay page, and goes on where it ends", async () => {
    const net = mockApi({ 'POST v1/nuvei/cashier': ok({ url: '/sandbox/cashier/abc?secret=s', transactionId: 'page:p1' }) });
    const { user } = renderPage(<CashierMethod orderId="ord-1" onPaid={() => {}} />, { path: '/add-card/:orderId', at: '/add-card/ord-1' });
    await user.click(await screen.findByTestId('cashier-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Pay on the secure checkout page' });
    const frame = within(dialog).getByTitle<HTMLIFrameElement>('Secure checkout page');
    expect(frame.getAttribute('src')).toBe('/sandbox/cashier/abc?secret=s');
    expect(frame.name).toBe('cashier-page');
    expect(net.calls.filter((c) => c.key === 'POST v1/nuvei/cashier').map((c) => c.body)).toEqual([{ orderId: 'ord-1' }]);
    // The store's return page in the frame says where the flow goes on: the receipt.
    framedReturnSays('/payment-success?orderId=ord-1', frame.contentWindow);
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1');
  });

  it('closing the dialog before the page is done says nothing was charged, and the page can be opened again', async () => {
    const net = mockApi({ 'POST v1/nuvei/cashier': ok({ url: '/sandbox/cashier/abc?secret=s', transactionId: 'page:p1' }) });
    const { user } = renderPage(<CashierMethod orderId="ord-1" onPaid={() => {}} />);
    await user.click(await screen.findByTestId('cashier-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Pay on the secure checkout page' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CASHIER_CANCELED_TEXT);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('cashier-button'));
    await screen.findByRole('dialog', { name: 'Pay on the secure checkout page' });
    expect(net.callsTo('POST', 'v1/nuvei/cashier')).toHaveLength(2);
  });

  it("a refusal calls the caller's error callback first, and the panel shows what went wrong otherwise", async () => {
    mockApi({
      'POST v1/nuvei/cashier': { status: 409, body: { success: false, code: 'CONFLICT', message: 'This order is already paid.' } },
    });
    const onFailed = vi.fn();
    const { user } = renderPage(<CashierMethod orderId="ord-1" onPaid={() => {}} onFailed={onFailed} />);
    await user.click(await screen.findByTestId('cashier-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is already paid.');
    expect(onFailed).toHaveBeenCalledWith('This order is already paid.', false, 'CONFLICT');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('back from the page by Cancel: says nothing was charged', async () => {
    mockApi({});
    renderPage(<CashierMethod orderId="ord-1" onPaid={() => {}} />, { path: '/add-card/:orderId', at: '/add-card/ord-1?cashier=canceled' });
    expect(await screen.findByTestId('cashier-canceled')).toHaveTextContent(CASHIER_CANCELED_TEXT);
  });

  it('without an order: asks for the saved methods itself and lists the cashier cards, with a note that cards are added while paying', async () => {
    const net = mockApi({ 'GET v1/payment/stripe/payment-methods': methods([visa]) });
    renderPage(<CashierMethod onPaid={() => {}} />);
    expect(await screen.findByTestId('cashier-cards')).toHaveTextContent('VISA •••• 1111 (11/33)');
    expect(net.callsTo('GET', 'v1/payment/stripe/payment-methods')).toHaveLength(1);
    expect(screen.getByText(CASHIER_NOTE)).toBeInTheDocument();
    expect(screen.queryByTestId('cashier-button')).not.toBeInTheDocument();
  });

  it('with an order: does not ask for the saved methods (the cashier page offers them)', async () => {
    const net = mockApi({ 'GET v1/payment/stripe/payment-methods': methods([visa]) });
    renderPage(<CashierMethod orderId="ord-1" onPaid={() => {}} />);
    await screen.findByTestId('cashier-button');
    expect(net.callsTo('GET', 'v1/payment/stripe/payment-methods')).toHaveLength(0);
  });

  it('without an order: "Keep it" keeps the card; "Delete" deletes it on the server and drops it from the list', async () => {
    const net = mockApi({
      'GET v1/payment/stripe/payment-methods': methods([visa]),
      'DELETE v1/payment/stripe/payment-methods/cupo_1': { body: { success: true } },
    });
    const { user } = renderPage(<CashierMethod onPaid={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending 1111' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Visa ending 1111?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.getByTestId('cashier-card')).toHaveTextContent('VISA •••• 1111');
    expect(net.callsTo('DELETE', 'v1/payment/stripe/payment-methods/cupo_1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Visa ending 1111' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(NO_CASHIER_CARDS_TEXT)).toBeInTheDocument();
    expect(screen.queryByTestId('cashier-card')).not.toBeInTheDocument();
    expect(net.callsTo('DELETE', 'v1/payment/stripe/payment-methods/cupo_1')).toHaveLength(1);
  });

  it('a delete the server refuses keeps the card and says so', async () => {
    mockApi({
      'GET v1/payment/stripe/payment-methods': methods([visa]),
      'DELETE v1/payment/stripe/payment-methods/cupo_1': {
        status: 502,
        body: { success: false, code: 'PROVIDER_UNAVAILABLE', message: 'The card provider did not answer. Please try again.' },
      },
    });
    const { user } = renderPage(<CashierMethod onPaid={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending 1111' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    // The panel says it (the shared handler's toast may say it too).
    expect(await within(screen.getByTestId('cashier-method')).findByRole('alert')).toHaveTextContent(
      'The card provider did not answer. Please try again.',
    );
    expect(screen.getByTestId('cashier-card')).toHaveTextContent('VISA •••• 1111');
  });

  it('without an order and no cashier cards: says so', async () => {
    mockApi({ 'GET v1/payment/stripe/payment-methods': methods([]) });
    renderPage(<CashierMethod onPaid={() => {}} />);
    expect(await screen.findByText(NO_CASHIER_CARDS_TEXT)).toBeInTheDocument();
  });
});
