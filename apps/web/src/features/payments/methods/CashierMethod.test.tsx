import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import CashierMethod, { CASHIER_CANCELED_TEXT, CASHIER_NOTE, leaveStore } from './CashierMethod.tsx';
import { mockApi } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { makeStore } from '../../../app/store.ts';
import { initialPaymentState } from '../payment-slice.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ body: { success: true, data } });

describe('CashierMethod', () => {
  it("with an order: asks for the order's secure checkout page and goes there", async () => {
    const net = mockApi({ 'POST v1/nuvei/cashier': ok({ url: '/sandbox/cashier/abc?secret=s', transactionId: 'page:p1' }) });
    const leave = vi.spyOn(leaveStore, 'to').mockImplementation(() => {});
    const { user } = renderPage(<CashierMethod orderId="ord-1" onPaid={() => {}} />);
    await user.click(await screen.findByTestId('cashier-button'));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('/sandbox/cashier/abc?secret=s'), { timeout: 15_000 });
    expect(net.calls.filter((c) => c.key === 'POST v1/nuvei/cashier').map((c) => c.body)).toEqual([{ orderId: 'ord-1' }]);
  });

  it("a refusal calls the caller's error callback first, and the panel shows what went wrong otherwise", async () => {
    mockApi({
      'POST v1/nuvei/cashier': { status: 409, body: { success: false, code: 'CONFLICT', message: 'This order is already paid.' } },
    });
    const leave = vi.spyOn(leaveStore, 'to').mockImplementation(() => {});
    const onFailed = vi.fn();
    const { user } = renderPage(<CashierMethod orderId="ord-1" onPaid={() => {}} onFailed={onFailed} />);
    await user.click(await screen.findByTestId('cashier-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is already paid.');
    expect(onFailed).toHaveBeenCalledWith('This order is already paid.', false, 'CONFLICT');
    expect(leave).not.toHaveBeenCalled();
  });

  it('back from the page by Cancel: says nothing was charged', async () => {
    mockApi({});
    renderPage(<CashierMethod orderId="ord-1" onPaid={() => {}} />, { path: '/add-card/:orderId', at: '/add-card/ord-1?cashier=canceled' });
    expect(await screen.findByTestId('cashier-canceled')).toHaveTextContent(CASHIER_CANCELED_TEXT);
  });

  it('without an order: lists the cards saved on the cashier page, with a note that cards are added while paying', async () => {
    mockApi({});
    const store = makeStore({
      usersCards: {
        ...initialPaymentState,
        userSavedNuveiCashierCards: [{ userPaymentOptionId: 'cupo_1', brand: 'visa', last4: '1111', expMonth: 11, expYear: 2033 }] as never,
      },
    });
    renderPage(<CashierMethod onPaid={() => {}} />, { store });
    expect(await screen.findByTestId('cashier-cards')).toHaveTextContent('VISA •••• 1111 (11/33)');
    expect(screen.getByText(CASHIER_NOTE)).toBeInTheDocument();
    expect(screen.queryByTestId('cashier-button')).not.toBeInTheDocument();
  });

  it('without an order and no cashier cards: says so', async () => {
    mockApi({});
    renderPage(<CashierMethod onPaid={() => {}} />);
    expect(await screen.findByText('You have no cards saved on the secure checkout page.')).toBeInTheDocument();
  });
});
