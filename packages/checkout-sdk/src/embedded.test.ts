import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbeddedCheckout } from './embedded.ts';
import { decompressParam, heightChangeMethod } from './protocol.ts';
import { CHECKOUT_ORIGIN, postFromFrame, postToHost, spyReplies } from '../test/frame.ts';
import type { CreateEmbeddedCheckoutOptions, EmbeddedCheckoutInstance, UserWallet } from './types.ts';

const instances: EmbeddedCheckoutInstance[] = [];
function mount(options: Partial<CreateEmbeddedCheckoutOptions> = {}) {
  const container = document.createElement('div');
  document.body.append(container);
  const instance = createEmbeddedCheckout({
    merchantId: 'lucky-dragon',
    env: 'local',
    container,
    ...options,
  } as CreateEmbeddedCheckoutOptions);
  instances.push(instance);
  return { container, instance, replies: spyReplies(instance.iframe) };
}

const userWallet = (): UserWallet & { sendTransaction: ReturnType<typeof vi.fn> } => ({
  sendTransaction: vi.fn(async () => 'tx-hash-1'),
  signMessage: vi.fn(async (m: string) => `signed:${m}`),
});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  for (const i of instances.splice(0)) i.destroy();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the frame', () => {
  it('points at the purchase-v2 URL with this instance id and the page origin, allows payment, camera, clipboard-write', () => {
    const { instance } = mount({ blockchain: 'user', wallet: userWallet(), sessionKey: 'sk_1' });
    const url = new URL(instance.iframe.src);
    expect(url.origin + url.pathname).toBe(`${CHECKOUT_ORIGIN}/user/purchase-v2/lucky-dragon`);
    expect(url.searchParams.get('handlerId')).toBe(instance.id);
    expect(url.searchParams.get('sessionKey')).toBe('sk_1');
    expect(decompressParam(url.searchParams.get('origins'))).toEqual([window.location.origin]);
    expect(instance.iframe.getAttribute('allow')).toBe('payment; camera; clipboard-write');
    expect(instance.iframe.title).toBe('Checkout');
  });

  it('takes the payer address from a Solana wallet', () => {
    const { instance } = mount({ blockchain: 'solana', wallet: { publicKey: { toBase58: () => 'PayerKey111' } } });
    expect(new URL(instance.iframe.src).searchParams.get('pubkey')).toBe('PayerKey111');
  });

  it('gives each instance its own id and destroy removes the frame', () => {
    const a = mount();
    const b = mount();
    expect(a.instance.id).not.toBe(b.instance.id);
    a.instance.destroy();
    a.instance.destroy();
    expect(a.container.querySelector('iframe')).toBeNull();
    expect(b.container.querySelector('iframe')).not.toBeNull();
  });
});

describe('message routing (§4)', { timeout: 30_000 }, () => {
  it('answers sendTransaction with the wallet result, posted to the checkout origin only', async () => {
    const wallet = userWallet();
    const { instance, replies } = mount({ blockchain: 'user', wallet });
    postFromFrame(instance.iframe, { method: 'sendTransaction', data: '{"amount":1}' });
    await vi.waitFor(() => expect(replies).toHaveBeenCalledWith('tx-hash-1', CHECKOUT_ORIGIN), { timeout: 20_000 });
    expect(wallet.sendTransaction).toHaveBeenCalledWith({ amount: 1 });
    for (const call of replies.mock.calls) expect(call[1]).not.toBe('*');
  });

  it('answers signMessage, and a failing wallet with ERROR and its message', async () => {
    const wallet = userWallet();
    wallet.sendTransaction.mockRejectedValueOnce(new Error('user rejected'));
    const { instance, replies } = mount({ blockchain: 'user', wallet });
    postFromFrame(instance.iframe, { method: 'signMessage', data: 'hello' });
    await vi.waitFor(() => expect(replies).toHaveBeenCalledWith('signed:hello', CHECKOUT_ORIGIN), { timeout: 20_000 });
    postFromFrame(instance.iframe, { method: 'sendTransaction', data: 'x' });
    await vi.waitFor(() => expect(replies).toHaveBeenCalledWith('ERROR user rejected', CHECKOUT_ORIGIN), { timeout: 20_000 });
    postFromFrame(instance.iframe, { method: 'signTransaction', data: 'x' });
    await vi.waitFor(() => expect(replies).toHaveBeenCalledWith('ERROR signTransaction is not supported by this wallet', CHECKOUT_ORIGIN), {
      timeout: 20_000,
    });
  });

  it("a reply for a frame that left the page is not posted: 'Iframe not defined'", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let finish: (hash: string) => void = () => undefined;
    const wallet = { sendTransaction: vi.fn(() => new Promise<string>((resolve) => (finish = resolve))) };
    const { container, instance, replies } = mount({ blockchain: 'user', wallet });
    postFromFrame(instance.iframe, { method: 'sendTransaction', data: '{}' });
    await vi.waitFor(() => expect(wallet.sendTransaction).toHaveBeenCalled(), { timeout: 20_000 });
    container.remove(); // the merchant's page dropped the checkout without destroy()
    finish('late-hash');
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(new Error('Iframe not defined')), { timeout: 20_000 });
    expect(replies).not.toHaveBeenCalled();
  });

  it('without a blockchain, sendTransaction is not implemented', async () => {
    const { instance, replies } = mount();
    postFromFrame(instance.iframe, { method: 'sendTransaction', data: 'x' });
    await vi.waitFor(() => expect(replies).toHaveBeenCalledWith('ERROR handleSendTransaction Not Implemented', CHECKOUT_ORIGIN), {
      timeout: 20_000,
    });
  });

  it('success and authDeclined reach the callbacks with their info', () => {
    const onSuccess = vi.fn();
    const onAuthDeclined = vi.fn();
    const { instance, replies } = mount({ onSuccess, onAuthDeclined });
    const paid = {
      paymentId: 's1',
      hash: 'sig',
      sessionId: 's1',
      reference: 'o1',
      method: 'usdc',
      chain: 'solana',
      txId: 'sig',
      amountCents: 1999,
      currency: 'USD',
    };
    postFromFrame(instance.iframe, { method: 'success', data: 's1', info: paid });
    const declined = {
      title: 'Card declined',
      code: 'DO_NOT_HONOR',
      action: 'Try another card.',
      message: 'Declined by the issuer',
      total: '$19.99',
      sessionId: 's1',
      reference: 'o1',
      reason: 'Declined by the issuer',
    };
    postFromFrame(instance.iframe, { method: 'authDeclined', data: 'DO_NOT_HONOR', info: declined });
    expect(onSuccess).toHaveBeenCalledWith(paid);
    expect(onAuthDeclined).toHaveBeenCalledWith(declined);
    // A page before issue 23 posted them without data: still read for one release.
    postFromFrame(instance.iframe, { method: 'success', info: paid });
    expect(onSuccess).toHaveBeenCalledTimes(2);
    expect(replies).not.toHaveBeenCalled();
  });

  it('heightChange:{id} (and the older heightChange-{id}) sizes the frame and calls onHeightChange', () => {
    const onHeightChange = vi.fn();
    const { instance } = mount({ onHeightChange });
    expect(new URL(instance.iframe.src).searchParams.get('useHeightChange')).toBe('true');
    postFromFrame(instance.iframe, { method: heightChangeMethod(instance.id), data: '742' });
    expect(onHeightChange).toHaveBeenCalledWith(742);
    expect(instance.iframe.style.height).toBe('742px');
    postFromFrame(instance.iframe, { method: heightChangeMethod(instance.id), data: 'tall' });
    expect(onHeightChange).toHaveBeenCalledTimes(1);
    expect(heightChangeMethod(instance.id)).toBe(`heightChange:${instance.id}`);
    postFromFrame(instance.iframe, { method: `heightChange-${instance.id}`, data: '640' });
    expect(onHeightChange).toHaveBeenLastCalledWith(640);
  });

  it('accountLinked is ignored and an unknown method only logs a warning', () => {
    const onSuccess = vi.fn();
    const { instance, replies } = mount({ onSuccess });
    postFromFrame(instance.iframe, { method: 'accountLinked' });
    expect(console.warn).not.toHaveBeenCalled();
    postFromFrame(instance.iframe, { method: 'selfDestruct', data: 'now' });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('selfDestruct'));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(replies).not.toHaveBeenCalled();
  });
});

describe('what is ignored', { timeout: 30_000 }, () => {
  const paid = { sessionId: 's', reference: 'r', method: 'card', amountCents: 1, currency: 'USD' };

  it('a message from another origin, even from our own frame', () => {
    const onSuccess = vi.fn();
    const { instance } = mount({ onSuccess });
    postFromFrame(instance.iframe, { method: 'success', info: paid }, 'https://evil.example');
    postFromFrame(instance.iframe, { method: 'success', info: paid }, 'http://localhost:3002.evil.example');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('a message from the checkout origin but another frame, or from no frame', () => {
    const onSuccess = vi.fn();
    const wallet = userWallet();
    const { instance, replies } = mount({ onSuccess, blockchain: 'user', wallet });
    const other = document.createElement('iframe');
    document.body.append(other);
    postToHost(JSON.stringify({ method: 'success', info: paid }), { source: other.contentWindow });
    postToHost(JSON.stringify({ method: 'sendTransaction', data: 'x' }), { source: other.contentWindow });
    postToHost(JSON.stringify({ method: 'success', info: paid }), { source: null });
    postToHost(JSON.stringify({ method: 'success', info: paid }), { source: window });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(wallet.sendTransaction).not.toHaveBeenCalled();
    expect(replies).not.toHaveBeenCalled();
    // The same message from our frame does count (so the checks above are what stopped them).
    postFromFrame(instance.iframe, { method: 'success', info: paid });
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('malformed messages: not a string, not JSON, no method, a non-string method or data', () => {
    const onSuccess = vi.fn();
    const { instance } = mount({ onSuccess });
    const from = { source: instance.iframe.contentWindow };
    postToHost({ method: 'success', info: paid }, from);
    postToHost('not json', from);
    postToHost('"success"', from);
    postToHost('null', from);
    postToHost(JSON.stringify({ info: paid }), from);
    postToHost(JSON.stringify({ method: 42, info: paid }), from);
    postToHost(JSON.stringify({ method: 'signMessage', data: { evil: true } }), from);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('two checkouts on one page do not hear each other', async () => {
    const a = { onSuccess: vi.fn(), onHeightChange: vi.fn(), wallet: userWallet() };
    const b = { onSuccess: vi.fn(), onHeightChange: vi.fn(), wallet: userWallet() };
    const first = mount({ ...a, blockchain: 'user' });
    const second = mount({ ...b, blockchain: 'user' });

    postFromFrame(first.instance.iframe, { method: 'success', info: paid });
    postFromFrame(first.instance.iframe, { method: heightChangeMethod(first.instance.id), data: '500' });
    postFromFrame(first.instance.iframe, { method: heightChangeMethod(second.instance.id), data: '900' });
    postFromFrame(first.instance.iframe, { method: 'sendTransaction', data: '{}' });
    await vi.waitFor(() => expect(first.replies).toHaveBeenCalledWith('tx-hash-1', CHECKOUT_ORIGIN), { timeout: 20_000 });

    expect(a.onSuccess).toHaveBeenCalledTimes(1);
    expect(a.onHeightChange.mock.calls).toEqual([[500]]);
    expect(b.onSuccess).not.toHaveBeenCalled();
    expect(b.onHeightChange).not.toHaveBeenCalled();
    expect(b.wallet.sendTransaction).not.toHaveBeenCalled();
    expect(second.replies).not.toHaveBeenCalled();
    expect(second.instance.iframe.style.height).not.toBe('900px');
  });

  it('messages after destroy', () => {
    const onSuccess = vi.fn();
    const { instance } = mount({ onSuccess });
    const frameWindow = instance.iframe.contentWindow;
    instance.destroy();
    postToHost(JSON.stringify({ method: 'success', info: paid }), { source: frameWindow });
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
