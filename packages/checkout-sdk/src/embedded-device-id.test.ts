import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_WAIT_MS, createEmbeddedCheckout } from './embedded.ts';
import type { CreateEmbeddedCheckoutOptions, EmbeddedCheckoutInstance } from './types.ts';

// collectDeviceId: the frame opens with the fraud device id in its URL once the merchant record and the
// device-id script gave one, and without it when they fail or take too long (a checkout never waits on them).

const API = 'http://localhost:3002';
const instances: EmbeddedCheckoutInstance[] = [];

function mount(options: Partial<CreateEmbeddedCheckoutOptions> = {}) {
  const container = document.createElement('div');
  document.body.append(container);
  const instance = createEmbeddedCheckout({
    merchantId: 'lucky-dragon',
    env: 'local',
    apiUrl: API,
    sessionKey: 'sk_1',
    container,
    ...options,
  } as CreateEmbeddedCheckoutOptions);
  instances.push(instance);
  return instance;
}

/** The merchant record answers a partner id, and the device-id script is already on the page. */
function deviceIdAvailable(deviceId: string) {
  const fetchMock = vi.fn(async () => Response.json({ success: true, data: { merchantId: 'lucky-dragon', nSurePartnerId: 'partner-7' } }));
  vi.stubGlobal('fetch', fetchMock);
  const init = vi.fn();
  (window as unknown as { nSureSDK?: unknown }).nSureSDK = { init, getDeviceId: () => deviceId };
  return { fetchMock, init };
}

const deviceIdOf = (instance: EmbeddedCheckoutInstance) =>
  instance.iframe.src.startsWith('about:') ? 'not opened' : new URL(instance.iframe.src).searchParams.get('deviceId');

afterEach(() => {
  for (const i of instances.splice(0)) i.destroy();
  document.body.replaceChildren();
  delete (window as unknown as { nSureSDK?: unknown }).nSureSDK;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('collectDeviceId', () => {
  it('holds the frame until the device id is known, then opens it with deviceId', async () => {
    const { fetchMock, init } = deviceIdAvailable('sbx_0123');
    const instance = mount({ collectDeviceId: true });
    expect(deviceIdOf(instance)).toBe('not opened');
    await vi.waitFor(() => expect(deviceIdOf(instance)).toBe('sbx_0123'), { timeout: 20_000 });
    expect(fetchMock).toHaveBeenCalledWith(`${API}/merchant/view/lucky-dragon`, expect.anything());
    expect(init).toHaveBeenCalledWith(expect.any(String), 'partner-7');
  });

  it('opens the frame without a device id when the merchant record cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    const instance = mount({ collectDeviceId: true });
    await vi.waitFor(() => expect(deviceIdOf(instance)).toBeNull(), { timeout: 20_000 });
    expect(new URL(instance.iframe.src).searchParams.get('sessionKey')).toBe('sk_1');
  });

  it(`opens the frame without a device id after ${DEVICE_ID_WAIT_MS} ms when the record never answers`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const instance = mount({ collectDeviceId: true });
    await vi.advanceTimersByTimeAsync(DEVICE_ID_WAIT_MS - 1);
    expect(deviceIdOf(instance)).toBe('not opened');
    await vi.advanceTimersByTimeAsync(1);
    expect(deviceIdOf(instance)).toBeNull();
  });

  it('asks nothing when the merchant passes deviceId itself, or does not ask for one', () => {
    const { fetchMock } = deviceIdAvailable('sbx_unused');
    expect(deviceIdOf(mount({ collectDeviceId: true, deviceId: 'given-1' }))).toBe('given-1');
    expect(deviceIdOf(mount())).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
