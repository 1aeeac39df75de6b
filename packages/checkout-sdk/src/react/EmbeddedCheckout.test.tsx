import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heightChangeMethod } from '../protocol.ts';
import { postFromFrame } from '../../test/frame.ts';
import { EmbeddedCheckout } from './index.ts';

afterEach(cleanup);

const frameOf = (container: HTMLElement) => {
  const iframe = container.querySelector('iframe');
  if (!iframe) throw new Error('no frame');
  return iframe;
};
// The info of a page before issue 23 (no paymentId): the SDK fills paymentId from the session id.
const paid = { sessionId: 's', reference: 'r', method: 'card' as const, amountCents: 100, currency: 'USD' };

describe('<EmbeddedCheckout />', { timeout: 30_000 }, () => {
  it('mounts the frame in its div and removes it on unmount', () => {
    const { container, unmount } = render(<EmbeddedCheckout merchantId="lucky-dragon" env="local" sessionKey="sk" className="checkout" />);
    const div = container.querySelector('div.checkout');
    expect(div?.querySelector('iframe')?.src).toContain('http://localhost:3002/solana/purchase-v2/lucky-dragon?sessionKey=sk');
    unmount();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('a new callback does not reload the frame, and the newest callback is the one called', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { container, rerender } = render(<EmbeddedCheckout merchantId="m" env="local" onSuccess={first} />);
    const iframe = frameOf(container);
    rerender(<EmbeddedCheckout merchantId="m" env="local" onSuccess={second} />);
    expect(frameOf(container)).toBe(iframe);
    postFromFrame(iframe, { method: 'success', info: paid });
    expect(second).toHaveBeenCalledWith({ ...paid, paymentId: 's' });
    expect(first).not.toHaveBeenCalled();
  });

  it('a new wallet object on each render does not reload the frame; the newest wallet answers', async () => {
    const reply = vi.fn();
    const walletA = { sendTransaction: vi.fn(async () => 'from-a') };
    const walletB = { sendTransaction: vi.fn(async () => 'from-b') };
    const { container, rerender } = render(<EmbeddedCheckout merchantId="m" env="local" blockchain="user" wallet={walletA} />);
    const iframe = frameOf(container);
    rerender(<EmbeddedCheckout merchantId="m" env="local" blockchain="user" wallet={walletB} />);
    expect(frameOf(container)).toBe(iframe);
    vi.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(reply);
    postFromFrame(iframe, { method: 'sendTransaction', data: '{}' });
    await vi.waitFor(() => expect(reply).toHaveBeenCalledWith('from-b', 'http://localhost:3002'), { timeout: 20_000 });
    expect(walletA.sendTransaction).not.toHaveBeenCalled();
  });

  it('a URL option change recreates the frame; the old one no longer counts', () => {
    const onSuccess = vi.fn();
    const { container, rerender } = render(<EmbeddedCheckout merchantId="m" env="local" sessionKey="a" onSuccess={onSuccess} />);
    const old = frameOf(container);
    const oldWindow = old.contentWindow;
    rerender(<EmbeddedCheckout merchantId="m" env="local" sessionKey="b" onSuccess={onSuccess} />);
    const fresh = frameOf(container);
    expect(fresh).not.toBe(old);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    expect(new URL(fresh.src).searchParams.get('sessionKey')).toBe('b');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify({ method: 'success', info: paid }),
        origin: 'http://localhost:3002',
        source: oldWindow,
      }),
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('reports height changes of its own instance', () => {
    const onHeightChange = vi.fn();
    const { container } = render(<EmbeddedCheckout merchantId="m" env="local" onHeightChange={onHeightChange} />);
    const iframe = frameOf(container);
    const id = new URL(iframe.src).searchParams.get('handlerId')!;
    postFromFrame(iframe, { method: heightChangeMethod(id), data: '640' });
    expect(onHeightChange).toHaveBeenCalledWith(640);
  });
});
