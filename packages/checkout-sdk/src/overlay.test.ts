import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbeddedCheckout } from './embedded.ts';
import { LOAD_ERROR_TEXT, invertColor } from './overlay.ts';
import { EMBEDDED_FADE_MS, EMBEDDED_OVERLAY_HIDE_DELAY_MS } from './protocol.ts';
import { postFromFrame } from '../test/frame.ts';
import type { CreateEmbeddedCheckoutOptions, EmbeddedCheckoutInstance } from './types.ts';

let instance: EmbeddedCheckoutInstance;
function mount(options: Partial<CreateEmbeddedCheckoutOptions> = {}) {
  const container = document.createElement('div');
  document.body.append(container);
  instance = createEmbeddedCheckout({ merchantId: 'm', env: 'local', container, ...options } as CreateEmbeddedCheckoutOptions);
  const overlay = container.querySelector<HTMLElement>('[data-checkout-overlay]');
  if (!overlay) throw new Error('no overlay');
  return { container, overlay };
}
const visible = (el: HTMLElement) => !el.hidden && el.style.display !== 'none';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  instance.destroy();
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('skeleton overlay', () => {
  it('uses the loader background, white by default, with bars in the inverted colour', () => {
    const { overlay } = mount();
    expect(overlay.style.background).toMatch(/#ffffff|rgb\(255, 255, 255\)/);
    const bars = overlay.querySelectorAll<HTMLElement>('[data-checkout-skeleton-bar]');
    expect(bars.length).toBeGreaterThan(0);
    for (const bar of bars) expect(bar.style.background).toMatch(/#000000|rgb\(0, 0, 0\)/);
    instance.destroy();
    const dark = mount({ loaderBackground: '#102030' }).overlay;
    expect(dark.style.background).toMatch(/#102030|rgb\(16, 32, 48\)/);
    expect(dark.querySelector<HTMLElement>('[data-checkout-skeleton-bar]')?.style.background).toMatch(/#efdfcf|rgb\(239, 223, 207\)/);
  });

  it('inverts hex and rgb colours', () => {
    expect(invertColor('#fff')).toBe('#000000');
    expect(invertColor('#000000')).toBe('#ffffff');
    expect(invertColor('rgb(16, 32, 48)')).toBe('#efdfcf');
    expect(invertColor('rebeccapurple')).toBeNull();
  });

  it('hides exactly 2000 ms after the frame reports loaded, when the frame fades in over 300 ms', () => {
    const { overlay } = mount();
    expect(instance.iframe.style.opacity).toBe('0');
    expect(instance.iframe.style.transition).toContain(`${EMBEDDED_FADE_MS}ms`);
    vi.advanceTimersByTime(5_000);
    expect(visible(overlay)).toBe(true); // no loaded yet: still the skeleton

    postFromFrame(instance.iframe, { method: 'loaded' });
    vi.advanceTimersByTime(EMBEDDED_OVERLAY_HIDE_DELAY_MS - 1);
    expect(visible(overlay)).toBe(true);
    expect(instance.iframe.style.opacity).toBe('0');
    vi.advanceTimersByTime(1);
    expect(visible(overlay)).toBe(false);
    expect(overlay.dataset.state).toBe('hidden');
    expect(instance.iframe.style.opacity).toBe('1');
  });

  it('a second loaded does not restart the delay', () => {
    const { overlay } = mount();
    postFromFrame(instance.iframe, { method: 'loaded' });
    vi.advanceTimersByTime(1500);
    postFromFrame(instance.iframe, { method: 'loaded' });
    vi.advanceTimersByTime(500);
    expect(visible(overlay)).toBe(false);
  });

  it('a loaded from a foreign origin does not hide it', () => {
    const { overlay } = mount();
    postFromFrame(instance.iframe, { method: 'loaded' }, 'https://evil.example');
    vi.advanceTimersByTime(10_000);
    expect(visible(overlay)).toBe(true);
  });
});

describe('load timeout', () => {
  it('calls onError and shows the error instead of the skeleton when loaded never comes', () => {
    const onError = vi.fn();
    const { overlay } = mount({ onError, loadTimeoutMs: 10_000 });
    vi.advanceTimersByTime(9_999);
    expect(onError).not.toHaveBeenCalled();
    expect(overlay.querySelector('[role="alert"]')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][0]).toBeInstanceOf(Error);
    expect(overlay.dataset.state).toBe('error');
    expect(overlay.querySelector('[role="alert"]')?.textContent).toBe(LOAD_ERROR_TEXT);
    expect(overlay.querySelector('[data-checkout-skeleton-bar]')).toBeNull();
  });

  it('never fires once loaded', () => {
    const onError = vi.fn();
    mount({ onError });
    vi.advanceTimersByTime(29_999);
    postFromFrame(instance.iframe, { method: 'loaded' });
    vi.advanceTimersByTime(60_000);
    expect(onError).not.toHaveBeenCalled();
  });

  it('defaults to 30 s', () => {
    const onError = vi.fn();
    mount({ onError });
    vi.advanceTimersByTime(29_999);
    expect(onError).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('does not fire after destroy', () => {
    const onError = vi.fn();
    mount({ onError, loadTimeoutMs: 1000 });
    instance.destroy();
    vi.advanceTimersByTime(5_000);
    expect(onError).not.toHaveBeenCalled();
  });
});
