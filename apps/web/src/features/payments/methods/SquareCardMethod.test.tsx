import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import SquareCardMethod from './SquareCardMethod.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { frameSessionRoute } from '../../../../test/vault-frame-session.ts';
import { renderPage } from '../../../../test/render.tsx';
import { vaultFrameAnswers } from '../../../../test/vault-frame.ts';

const VAULT = 'http://localhost:3001';
const ok = (data: unknown) => ({ body: { success: true, data } });
const visa = { userPaymentOptionId: 'ccof:visa1111', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034, provider: 'square' };
const sandboxConfig = ok({ kind: 'vault-fields', environment: 'sandbox', vaultOrigin: VAULT });
const order = ok({ _id: 'ord-1', status: 'pending', total: 499, totalCoins: 500, items: [] });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The vault's card frame says it is ready and answers a tokenize request with `token`. */
const cardFrameAnswers = (token: string) => vaultFrameAnswers('card-field-card-number', VAULT, token, '1111');

describe('SquareCardMethod', () => {
  it("with an order: pays with a new card from the vault's fields (asking to keep it) and reports the order paid", async () => {
    const net = mockApi({
      ...frameSessionRoute(),
      'GET v1/payment/square/config': sandboxConfig,
      'GET v1/payment/square/cards': ok({ paymentMethods: [] }),
      'GET v1/checkout/getorder': order,
      'POST v1/payment/square/create-payment': ok({
        status: 'approved',
        orderId: 'ord-1',
        transactionId: 'sqp_1',
        orderStatus: 'fulfilled',
        card: visa,
      }),
    });
    const onPaid = vi.fn();
    const { user } = renderPage(<SquareCardMethod orderId="ord-1" onPaid={onPaid} billingZip="78701" />);
    await cardFrameAnswers('card_vault_token_1');
    await vi.waitFor(() => expect(screen.getByTestId('square-pay-button')).toBeEnabled());
    // The card's billing ZIP beside it, the profile's to begin with (issue 24).
    const zip = screen.getByRole('textbox', { name: 'ZIP / postcode' });
    expect(zip).toHaveValue('78701');
    await user.clear(zip);
    await user.type(zip, '73301');
    const keep = screen.getByRole('checkbox', { name: 'Save this card' });
    expect(keep).not.toBeChecked();
    await user.click(keep);
    await user.click(screen.getByTestId('square-pay-button'));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('ord-1', 'paid'));
    expect(net.calls.filter((c) => c.key === 'POST v1/payment/square/create-payment').map((c) => c.body)).toEqual([
      { orderId: 'ord-1', sourceId: 'card_vault_token_1', billingZip: '73301', saveCard: true },
    ]);
    // The kept card joins the list at once.
    expect(await screen.findByText('Visa ending 1111')).toBeInTheDocument();
  });

  it('pays with a saved Square card by its id; a payment Square has not settled is reported as processing', async () => {
    const net = mockApi({
      ...frameSessionRoute(),
      'GET v1/payment/square/config': sandboxConfig,
      'GET v1/payment/square/cards': ok({ paymentMethods: [visa] }),
      'GET v1/checkout/getorder': order,
      'POST v1/payment/square/create-payment': ok({ status: 'pending', orderId: 'ord-1', transactionId: 'sqp_2', orderStatus: 'pending' }),
    });
    const onPaid = vi.fn();
    const { user } = renderPage(<SquareCardMethod orderId="ord-1" onPaid={onPaid} />);
    await user.click(await screen.findByRole('radio', { name: /Visa ending 1111/ }));
    await user.click(screen.getByTestId('square-pay-button'));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('ord-1', 'processing'));
    expect(net.calls.find((c) => c.key === 'POST v1/payment/square/create-payment')!.body).toEqual({
      orderId: 'ord-1',
      savedCardId: 'ccof:visa1111',
    });
  });

  it("a decline calls the caller's error callback first and shows the server's message", async () => {
    mockApi({
      ...frameSessionRoute(),
      'GET v1/payment/square/config': sandboxConfig,
      'GET v1/payment/square/cards': ok({ paymentMethods: [visa] }),
      'GET v1/checkout/getorder': order,
      'POST v1/payment/square/create-payment': {
        status: 402,
        body: { success: false, code: 'CARD_DECLINED', message: 'Your card was declined.' },
      },
    });
    const onFailed = vi.fn();
    const onPaid = vi.fn();
    const { user } = renderPage(<SquareCardMethod orderId="ord-1" onPaid={onPaid} onFailed={onFailed} />);
    await user.click(await screen.findByRole('radio', { name: /Visa ending 1111/ }));
    await user.click(screen.getByTestId('square-pay-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onFailed).toHaveBeenCalledWith('Your card was declined.', false, 'CARD_DECLINED');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('without an order: lists the Square cards and deletes one only after the confirmation', async () => {
    const net = mockApi({
      ...frameSessionRoute(),
      'GET v1/payment/square/config': sandboxConfig,
      'GET v1/payment/square/cards': ok({ paymentMethods: [visa] }),
      'DELETE v1/payment/square/cards/ccof%3Avisa1111': ok(undefined),
    });
    const { user } = renderPage(<SquareCardMethod onPaid={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending 1111' }));
    const dialog = await screen.findByRole('dialog');
    expect(net.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByTestId('square-saved-card')).not.toBeInTheDocument());
    expect(net.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['v1/payment/square/cards/ccof%3Avisa1111']);
    expect(screen.getByText('You have no cards saved with Square.')).toBeInTheDocument();
    expect(screen.getByTestId('square-save-card-button')).toBeInTheDocument();
  });
});
