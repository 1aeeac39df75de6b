import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import AddCardPage from './AddCardPage.tsx';
import { mockApi } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import type { SavedCard } from '../types.ts';

const VAULT = 'http://localhost:3001';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const visa: SavedCard = { userPaymentOptionId: 'upo-1', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, provider: 'nuvei' };
const order = {
  _id: 'ord-1',
  status: 'pending',
  total: 1999,
  totalCoins: 2400,
  items: [{ itemId: 'p-1', name: 'Starter Pack', quantity: 2, unitPrice: 999 }],
};
const ok = (data: unknown) => ({ body: { success: true, data } });

function routes(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET v1/nuvei/config': ok({ vaultOrigin: VAULT }),
    'GET v1/nuvei/cards': ok({ paymentMethods: [visa] }),
    'GET v1/checkout/getorder': ok(order),
    ...extra,
  });
}

/** Plays the vault's card frame: loaded, then answers every tokenize with what `answer` gives. */
async function vaultFrameReplies(testId: string, answer: (requestId: string) => object) {
  const iframe = await screen.findByTestId<HTMLIFrameElement>(testId);
  const frameWindow = iframe.contentWindow!;
  vi.spyOn(frameWindow, 'postMessage').mockImplementation(((message: { requestId: string }) => {
    queueMicrotask(() =>
      window.dispatchEvent(new MessageEvent('message', { origin: VAULT, source: frameWindow, data: answer(message.requestId) })),
    );
  }) as typeof frameWindow.postMessage);
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin: VAULT, source: frameWindow, data: { type: 'loaded' } }));
  });
}

/** The frame answers every tokenize with a token. */
const vaultFrameAnswers = (testId: string, token: string) =>
  vaultFrameReplies(testId, (requestId) => ({ type: 'token', requestId, token, brand: 'visa', last4: '4242' }));

describe('AddCardPage', () => {
  it('shows the order and pays it with a new card through the hosted field, then shows the success page', async () => {
    const net = routes({
      'POST v1/nuvei/init': ok({
        transactionId: 't1',
        card: { ...visa, userPaymentOptionId: 'upo-2', last4: '4242' },
        paymentOption: { card: { threeD: { version: null } } },
        orderStatus: 'fulfilled',
      }),
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$19.99');
    expect(net.find('GET v1/checkout/getorder')!.search.get('orderId')).toBe('ord-1');
    expect(await screen.findByText('Visa ending 1111')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Use a new card' }));
    await vaultFrameAnswers('card-field-card-number', 'vt_new');

    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1');
    expect(net.find('POST v1/nuvei/init')!.body).toEqual({ orderId: 'ord-1', cardToken: 'vt_new', saveCard: true });
  });

  it('pays with a saved card and its CVV token, and shows a decline with nothing else happening', async () => {
    const net = routes({
      'POST v1/nuvei/init': {
        status: 402,
        body: { success: false, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds on this card.' },
      },
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await user.click(await screen.findByRole('radio', { name: /Visa ending 1111/ }));
    await vaultFrameAnswers('card-field-cvv', 'cvv_tok');

    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient funds on this card.');
    expect(net.find('POST v1/nuvei/init')!.body).toEqual({ orderId: 'ord-1', userPaymentOptionId: 'upo-1', cvvToken: 'cvv_tok' });
    expect(net.keys()).not.toContain('POST v1/nuvei/payment/first');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('shows an invalid CVV from the CVV frame and sends nothing to the API', async () => {
    const net = routes();
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await user.click(await screen.findByRole('radio', { name: /Visa ending 1111/ }));
    await vaultFrameReplies('card-field-cvv', (requestId) => ({ type: 'error', requestId, message: 'Invalid CVV' }));

    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid CVV');
    expect(net.keys()).not.toContain('POST v1/nuvei/init');
    expect(screen.getByTestId('pay-button')).toBeEnabled();
  });

  it('does not say nothing was charged when the payment gets no answer; points to My purchases instead', async () => {
    const net = routes({
      'POST v1/nuvei/init': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await screen.findByTestId('order-total');
    await vaultFrameAnswers('card-field-card-number', 'vt_lost');

    await user.click(screen.getByTestId('pay-button'));
    const alert = await screen.findByTestId('payment-unconfirmed');
    expect(alert).toHaveTextContent(
      'We could not confirm your payment, so it may have gone through. Please check My purchases before you try again.',
    );
    expect(within(alert).getByRole('link', { name: 'Open My purchases' })).toHaveAttribute('href', '/my-purchases');
    expect(screen.queryByText(/Nothing was charged/)).not.toBeInTheDocument();
    // The order was asked for again after the lost answer; it is still unpaid, so the page stays.
    expect(net.keys().filter((call) => call === 'GET v1/checkout/getorder').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('after a server fault while paying, finds the order paid and shows the success page', async () => {
    let charged = false;
    const net = routes({
      'GET v1/checkout/getorder': () => ok(charged ? { ...order, status: 'fulfilled' } : order),
      'POST v1/nuvei/init': ok({
        transactionId: 't-init',
        paymentOption: { card: { threeD: { version: '2.2.0' } } },
        orderStatus: 'pending',
      }),
      'POST v1/nuvei/payment/first': () => {
        // The bank charged the card, then the gateway in front of the API fell over.
        charged = true;
        return { status: 502, body: { success: false, message: 'Bad gateway', code: 'BAD_GATEWAY' } };
      },
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await screen.findByTestId('order-total');
    await vaultFrameAnswers('card-field-card-number', 'vt_slow');

    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1');
    expect(net.keys()).toContain('POST v1/nuvei/payment/first');
  });

  it("says 'Unable to get token' when Pay is pressed before the card frame is ready", async () => {
    const net = routes();
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await screen.findByTestId('card-field-card-number');
    await waitFor(() => expect(screen.getByTestId('pay-button')).toBeEnabled());
    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to get token');
    expect(net.keys()).not.toContain('POST v1/nuvei/init');
  });

  it('without an order saves a new card: it goes to the front of the list with "Card saved."', async () => {
    const master: SavedCard = {
      userPaymentOptionId: 'upo-2',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 1,
      expYear: 2031,
      provider: 'nuvei',
    };
    const net = routes({
      'POST v1/nuvei/init': ok({
        transactionId: 't9',
        card: master,
        paymentOption: { card: { threeD: { version: null } } },
        orderStatus: null,
      }),
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card' });
    expect(await screen.findByText('Visa ending 1111')).toBeInTheDocument();
    await vaultFrameAnswers('card-field-card-number', 'vt_save');

    await user.click(screen.getByTestId('save-card-button'));
    expect(await screen.findByText('Card saved.')).toBeInTheDocument();
    const listed = within(screen.getByRole('list', { name: 'Saved cards' })).getAllByTestId('saved-card');
    expect(listed.map((item) => within(item).getByText(/ending/).textContent)).toEqual(['Mastercard ending 4444', 'Visa ending 1111']);
    expect(net.find('POST v1/nuvei/init')!.body).toEqual({ cardToken: 'vt_save' });
    expect(net.keys()).not.toContain('GET v1/checkout/getorder');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('without an order shows a decline and lists nothing new', async () => {
    routes({ 'POST v1/nuvei/init': { status: 402, body: { success: false, code: 'CARD_DECLINED', message: 'Your card was declined.' } } });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card' });
    await screen.findByText('Visa ending 1111');
    await vaultFrameAnswers('card-field-card-number', 'vt_declined');

    await user.click(screen.getByTestId('save-card-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getAllByTestId('saved-card')).toHaveLength(1);
    expect(screen.queryByText('Card saved.')).not.toBeInTheDocument();
  });

  it('deletes a saved card from the list', async () => {
    const net = routes({ 'DELETE v1/nuvei/cards/upo-1': { body: { success: true } } });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card' });
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    await user.click(await within(list).findByRole('button', { name: 'Delete Visa ending 1111' }));
    await waitFor(() => expect(screen.queryByText('Visa ending 1111')).not.toBeInTheDocument());
    expect(net.keys()).toContain('DELETE v1/nuvei/cards/upo-1');
    expect(net.keys()).not.toContain('GET v1/checkout/getorder');
  });
});
