import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import CashAppMethod, { CASH_APP_ADDED_TEXT } from './CashAppMethod.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { stripeLeave } from '../stripe-payment.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ body: { success: true, data } });
const account = { userPaymentOptionId: 'pm_cashapp0001', cashtag: '$sandbox1a2b' };
const methods = (cashapp: unknown[]) => ok({ paymentMethods: { card: [], nuveiCards: [], cashapp } });

describe('CashAppMethod', () => {
  it("a new Cash App account: pays with the id 'cashapp' and goes to Cash App's page", async () => {
    const net = mockApi({
      'GET v1/payment/stripe/payment-methods': methods([]),
      'POST v1/payment/stripe/payment-intent/cashapp': ok({
        status: 'requires_action',
        paymentIntentId: 'pi_2',
        orderStatus: 'pending',
        nextAction: { type: 'redirect', url: '/sandbox/stripe/cashapp/pi_2?secret=s' },
      }),
    });
    const leave = vi.spyOn(stripeLeave, 'to').mockImplementation(() => {});
    const { user } = renderPage(<CashAppMethod orderId="ord-1" onPaid={() => {}} />);
    await user.click(await screen.findByTestId('cash-app-pay-button'));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('/sandbox/stripe/cashapp/pi_2?secret=s'), { timeout: 15_000 });
    expect(net.find('POST v1/payment/stripe/payment-intent/cashapp')!.search.get('orderId')).toBe('ord-1');
  });

  it('a saved Cash App account pays at once', async () => {
    mockApi({
      'GET v1/payment/stripe/payment-methods': methods([account]),
      'POST v1/payment/stripe/payment-intent/pm_cashapp0001': ok({ status: 'approved', paymentIntentId: 'pi_3', orderStatus: 'fulfilled' }),
    });
    const onPaid = vi.fn();
    const { user } = renderPage(<CashAppMethod orderId="ord-1" onPaid={onPaid} />);
    await user.click(await screen.findByRole('radio', { name: 'Cash App $sandbox1a2b' }));
    await user.click(screen.getByTestId('cash-app-pay-button'));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('ord-1', 'paid'), { timeout: 15_000 });
  });

  it("without an order: Add Cash App goes to Cash App's authorisation page", async () => {
    mockApi({
      'GET v1/payment/stripe/payment-methods': methods([]),
      'POST v1/payment/stripe/cash-app/setup': ok({ setupIntentId: 'seti_1', url: '/sandbox/stripe/cashapp/seti_1?secret=s' }),
    });
    const leave = vi.spyOn(stripeLeave, 'to').mockImplementation(() => {});
    const { user } = renderPage(<CashAppMethod onPaid={() => {}} />);
    await user.click(await screen.findByTestId('cash-app-add-button'));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('/sandbox/stripe/cashapp/seti_1?secret=s'), { timeout: 15_000 });
  });

  it('back from Cash App: says the account was added, and deletes it after the confirmation', async () => {
    const net = mockApi({
      'GET v1/payment/stripe/payment-methods': methods([account]),
      'DELETE v1/payment/stripe/payment-methods/pm_cashapp0001': ok(undefined),
    });
    const { user } = renderPage(<CashAppMethod onPaid={() => {}} />, { path: '/add-card', at: '/add-card?cashApp=added' });
    expect(await screen.findByTestId('cash-app-setup-result')).toHaveTextContent(CASH_APP_ADDED_TEXT);
    await user.click(await screen.findByRole('button', { name: 'Delete Cash App $sandbox1a2b' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByTestId('cash-app-account')).not.toBeInTheDocument(), { timeout: 15_000 });
    expect(net.callsTo('DELETE', 'v1/payment/stripe/payment-methods/pm_cashapp0001')).toHaveLength(1);
  });
});
