import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { decompressFromEncodedURIComponent } from 'lz-string';
import EmbeddedCheckoutMethod, { STORE_GAME_PROVIDER } from './EmbeddedCheckoutMethod.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

const HOST = 'http://localhost:4102';
const session = {
  sessionKey: 'sk_first',
  merchantId: 'lucky-dragon',
  checkoutBase: HOST,
  orderId: 'ord-1',
  amountCents: 499,
  currency: 'USD',
  blockchains: ['solana', 'polygon', 'eth', 'base', 'arbitrum'],
  allowedPaymentMethods: ['card', 'usdc'],
};
const ok = (data: unknown) => ({ body: { success: true, data } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The checkout frame the SDK made, once it is there. */
const frame = () => screen.findByTitle<HTMLIFrameElement>('Checkout');

/** A message from `origin`, as if posted by `source`. */
function post(source: Window | null, origin: string, message: object) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, source, data: JSON.stringify(message) }));
  });
}

describe('EmbeddedCheckoutMethod', () => {
  it("pays by card: opens the session of the order in the host's frame, and success goes on as paid", async () => {
    const net = mockApi({ 'GET v1/payment/coinflow/session': ok(session) });
    const onPaid = vi.fn();
    const { user } = renderPage(<EmbeddedCheckoutMethod orderId="ord-1" onPaid={onPaid} />);
    await user.click(screen.getByTestId('embedded-pay-by-card'));
    const iframe = await frame();
    const src = new URL(iframe.src);
    expect(src.origin).toBe(HOST);
    expect(src.pathname).toBe('/solana/purchase-v2/lucky-dragon');
    expect(src.searchParams.get('sessionKey')).toBe('sk_first');
    expect(src.searchParams.get('allowedPaymentMethods')).toBe('card');
    const call = net.find('GET v1/payment/coinflow/session')!;
    expect(Object.fromEntries(call.search)).toEqual({ gameProvider: STORE_GAME_PROVIDER, orderId: 'ord-1' });

    // A message from another origin, even claiming success, does nothing.
    post(iframe.contentWindow, 'http://evil.example', { method: 'success', info: { sessionId: 'cs_1' } });
    expect(onPaid).not.toHaveBeenCalled();

    post(iframe.contentWindow, HOST, {
      method: 'success',
      info: { sessionId: 'cs_1', reference: 'pay_1', method: 'card', amountCents: 499, currency: 'USD' },
    });
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('ord-1', 'paid'));
  });

  it("prefills the frame with the shopper's e-mail and billing details the session carries", async () => {
    const customerInfo = { firstName: 'Mei', lastName: 'Lin', city: 'Springfield', country: 'US' };
    mockApi({ 'GET v1/payment/coinflow/session': ok({ ...session, email: 'mei@example.com', customerInfo }) });
    const { user } = renderPage(<EmbeddedCheckoutMethod orderId="ord-1" onPaid={vi.fn()} />);
    await user.click(screen.getByTestId('embedded-pay-by-card'));
    const src = new URL((await frame()).src);
    expect(src.searchParams.get('email')).toBe('mei@example.com');
    // Objects travel lz-string compressed, as the published SDK sends them.
    expect(JSON.parse(decompressFromEncodedURIComponent(src.searchParams.get('customerInfo')!))).toEqual(customerInfo);
  });

  it("opens Coinflow's purchase page with its checkout JWT (COINFLOW_MODE=coinflow), collecting no device id from our host", async () => {
    const coinflow = 'https://sandbox.coinflow.cash';
    const net = mockApi({
      'GET v1/payment/coinflow/session': ok({
        ...session,
        merchantId: 'lucky-dragon-cf',
        checkoutBase: coinflow,
        allowedPaymentMethods: ['card'],
        host: 'coinflow',
        jwtToken: 'eyJ.checkout-jwt',
      }),
    });
    const { user } = renderPage(<EmbeddedCheckoutMethod orderId="ord-1" onPaid={vi.fn()} />);
    await user.click(screen.getByTestId('embedded-pay-by-card'));
    const src = new URL((await frame()).src);
    expect(src.origin).toBe(coinflow);
    expect(src.pathname).toBe('/solana/purchase-v2/lucky-dragon-cf');
    expect(src.searchParams.get('sessionKey')).toBe('sk_first');
    expect(src.searchParams.get('jwtToken')).toBe('eyJ.checkout-jwt');
    expect(net.keys()).toEqual(['GET v1/payment/coinflow/session']);
  });

  it("shows the decline's reason on the page when the card is declined", async () => {
    mockApi({ 'GET v1/payment/coinflow/session': ok(session) });
    const onPaid = vi.fn();
    const { user } = renderPage(<EmbeddedCheckoutMethod orderId="ord-1" onPaid={onPaid} />);
    await user.click(screen.getByTestId('embedded-pay-by-card'));
    const iframe = await frame();
    post(iframe.contentWindow, HOST, {
      method: 'authDeclined',
      info: { sessionId: 'cs_1', reference: 'pay_1', code: 'CARD_DECLINED', reason: 'Do not honor' },
    });
    expect(await screen.findByTestId('embedded-declined')).toHaveTextContent('Your card was declined: Do not honor.');
    expect(onPaid).not.toHaveBeenCalled();
    // The frame stays, so another card can be tried there.
    expect(screen.getByTitle('Checkout')).toBe(iframe);
  });

  it("shows the server's answer when no session can be opened (the order is paid already)", async () => {
    mockApi({
      'GET v1/payment/coinflow/session': {
        status: 409,
        body: { success: false, message: 'This order is already paid.', code: 'CONFLICT' },
      },
    });
    const onFailed = vi.fn();
    const { user } = renderPage(<EmbeddedCheckoutMethod orderId="ord-1" onPaid={vi.fn()} onFailed={onFailed} />);
    await user.click(screen.getByTestId('embedded-pay-by-card'));
    expect(await screen.findByTestId('embedded-error')).toHaveTextContent('This order is already paid.');
    expect(onFailed).toHaveBeenCalledWith('This order is already paid.', false, 'CONFLICT');
    expect(screen.queryByTitle('Checkout')).toBeNull();
  });

  it('connects an injected EVM wallet and opens the checkout on the chosen chain with its address', async () => {
    mockApi({ 'GET v1/payment/coinflow/session': ok(session) });
    const address = '0x1111111111111111111111111111111111111111';
    const request = vi.fn(async ({ method }: { method: string }) => (method === 'eth_requestAccounts' ? [address] : null));
    vi.stubGlobal('ethereum', { request });
    const { user } = renderPage(<EmbeddedCheckoutMethod orderId="ord-1" onPaid={vi.fn()} />);
    await user.selectOptions(screen.getByLabelText('Blockchain'), 'base');
    await user.click(screen.getByTestId('embedded-connect-wallet'));
    const src = new URL((await frame()).src);
    expect(src.pathname).toBe('/base/purchase-v2/lucky-dragon');
    expect(src.searchParams.get('pubkey')).toBe(address);
    expect(request).toHaveBeenCalledWith({ method: 'eth_requestAccounts' });
  });

  it('says so when no Solana wallet is installed', async () => {
    mockApi({ 'GET v1/payment/coinflow/session': ok(session) });
    const { user } = renderPage(<EmbeddedCheckoutMethod orderId="ord-1" onPaid={vi.fn()} />);
    await user.click(screen.getByTestId('embedded-connect-wallet'));
    expect(await screen.findByTestId('embedded-error')).toHaveTextContent('No Solana wallet was found');
    expect(screen.queryByTitle('Checkout')).toBeNull();
  });
});
