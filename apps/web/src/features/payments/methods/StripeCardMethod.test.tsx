import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import StripeCardMethod, { STRIPE_UNAVAILABLE_TEXT } from './StripeCardMethod.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { frameSessionRoute } from '../../../../test/vault-frame-session.ts';
import { vaultFrameAnswers } from '../../../../test/vault-frame.ts';
import { stripeLeave } from '../stripe-payment.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ body: { success: true, data } });
const sandboxConfig = ok({ mode: 'sandbox', publishableKey: null, vaultOrigin: 'http://localhost:3001' });
const visa = { userPaymentOptionId: 'pm_visa4242abc', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };
const methods = (card: unknown[]) => ok({ paymentMethods: { card, nuveiCards: [], cashapp: [] } });

describe('StripeCardMethod', () => {
  it('pays the order with a saved Stripe card: an empty body, the order in the query, then onPaid', async () => {
    const net = mockApi({
      'GET v1/payment/stripe/config': sandboxConfig,
      'GET v1/payment/stripe/payment-methods': methods([visa]),
      'POST v1/payment/stripe/payment-intent/pm_visa4242abc': ok({ status: 'approved', paymentIntentId: 'pi_1', orderStatus: 'fulfilled' }),
    });
    const onPaid = vi.fn();
    const { user } = renderPage(<StripeCardMethod orderId="ord-1" onPaid={onPaid} />);
    await user.click(await screen.findByRole('radio', { name: /Visa ending 4242/ }));
    await user.click(screen.getByTestId('stripe-pay-button'));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('ord-1', 'paid'), { timeout: 15_000 });
    const call = net.find('POST v1/payment/stripe/payment-intent/pm_visa4242abc')!;
    expect(call.search.get('orderId')).toBe('ord-1');
    expect(call.body).toBeUndefined();
  });

  it("pays with a new card: saved with Stripe with its billing ZIP (the profile's to begin with), then paid (issue 24)", async () => {
    const net = mockApi({
      ...frameSessionRoute(),
      'GET v1/payment/stripe/config': sandboxConfig,
      'GET v1/payment/stripe/payment-methods': methods([]),
      'GET v1/checkout/getorder': ok({ _id: 'ord-1', status: 'pending', total: 499, totalCoins: 500, items: [] }),
      'POST v1/payment/stripe/payment-methods': ok({ paymentMethod: visa }),
      'POST v1/payment/stripe/payment-intent/pm_visa4242abc': ok({ status: 'approved', paymentIntentId: 'pi_1', orderStatus: 'fulfilled' }),
    });
    const onPaid = vi.fn();
    const { user } = renderPage(<StripeCardMethod orderId="ord-1" onPaid={onPaid} billingZip="78701" />);
    await vaultFrameAnswers('card-field-card-number', 'http://localhost:3001', 'card_vault_token_1');
    const zip = await screen.findByRole('textbox', { name: 'ZIP / postcode' });
    expect(zip).toHaveValue('78701');
    await user.clear(zip);
    await user.type(zip, '73301');
    // The button names the amount, never the provider.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Pay $4.99' })).toBeEnabled(), { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('ord-1', 'paid'), { timeout: 15_000 });
    expect(net.find('POST v1/payment/stripe/payment-methods')!.body).toEqual({ vaultToken: 'card_vault_token_1', billingZip: '73301' });
  });

  it("3-D Secure: Stripe's page opens in a dialog over the pay page (issue 24)", async () => {
    mockApi({
      'GET v1/payment/stripe/config': sandboxConfig,
      'GET v1/payment/stripe/payment-methods': methods([visa]),
      'POST v1/payment/stripe/payment-intent/pm_visa4242abc': ok({
        status: 'requires_action',
        paymentIntentId: 'pi_1',
        orderStatus: 'pending',
        nextAction: { type: 'redirect', url: '/sandbox/stripe/3ds/pi_1?secret=s' },
      }),
    });
    const leave = vi.spyOn(stripeLeave, 'to').mockImplementation(() => {});
    const onPaid = vi.fn();
    const { user } = renderPage(<StripeCardMethod orderId="ord-1" onPaid={onPaid} />);
    await user.click(await screen.findByRole('radio', { name: /Visa ending 4242/ }));
    await user.click(screen.getByTestId('stripe-pay-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payment with your bank' }, { timeout: 15_000 });
    expect(within(dialog).getByTitle("Your bank's check")).toHaveAttribute('src', '/sandbox/stripe/3ds/pi_1?secret=s');
    expect(leave).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("a decline calls the caller's error callback and shows the server's message", async () => {
    mockApi({
      'GET v1/payment/stripe/config': sandboxConfig,
      'GET v1/payment/stripe/payment-methods': methods([visa]),
      'POST v1/payment/stripe/payment-intent/pm_visa4242abc': {
        status: 402,
        body: { success: false, code: 'CARD_DECLINED', message: 'Your card was declined.' },
      },
    });
    const onFailed = vi.fn();
    const { user } = renderPage(<StripeCardMethod orderId="ord-1" onPaid={() => {}} onFailed={onFailed} />);
    await user.click(await screen.findByRole('radio', { name: /Visa ending 4242/ }));
    await user.click(screen.getByTestId('stripe-pay-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onFailed).toHaveBeenCalledWith('Your card was declined.', false, 'CARD_DECLINED');
  });

  it('without an order: lists the Stripe cards and deletes one after the confirmation', async () => {
    const net = mockApi({
      'GET v1/payment/stripe/config': sandboxConfig,
      'GET v1/payment/stripe/payment-methods': methods([visa]),
      'DELETE v1/payment/stripe/payment-methods/pm_visa4242abc': ok(undefined),
    });
    const { user } = renderPage(<StripeCardMethod onPaid={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending 4242' }));
    const dialog = await screen.findByRole('dialog');
    expect(net.callsTo('DELETE', 'v1/payment/stripe/payment-methods/pm_visa4242abc')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByTestId('stripe-saved-card')).not.toBeInTheDocument(), { timeout: 15_000 });
    expect(net.callsTo('DELETE', 'v1/payment/stripe/payment-methods/pm_visa4242abc')).toHaveLength(1);
    expect(screen.getByTestId('stripe-save-card-button')).toBeInTheDocument();
  });

  it('Stripe not offered: says so', async () => {
    mockApi({
      'GET v1/payment/stripe/config': ok({ mode: 'off', publishableKey: null, vaultOrigin: '' }),
      'GET v1/payment/stripe/payment-methods': methods([]),
    });
    renderPage(<StripeCardMethod onPaid={() => {}} />);
    expect(await screen.findByText(STRIPE_UNAVAILABLE_TEXT)).toBeInTheDocument();
  });
});
