// @vitest-environment jsdom
// The device-id script in a page: the id it gives, where it keeps it, and what each variant says.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_STORAGE_KEY, deviceIdScript, type DeviceIdVariant } from './script.ts';

interface NSure {
  sandbox: boolean;
  init(appId: string, partnerId?: string | null): string;
  getDeviceId(): string | null;
}
// The server is typed without the DOM library; the parts of the page the test touches.
const page = globalThis as unknown as {
  nSureSDK?: NSure;
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void; clear(): void };
};

/** Runs the script as a fresh page load would (the id in localStorage survives, the global does not). */
function load(variant: DeviceIdVariant): NSure {
  delete page.nSureSDK;
  new Function(deviceIdScript(variant))();
  return page.nSureSDK!;
}

beforeEach(() => page.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('device-id script', () => {
  it('gives a random id after init, kept in localStorage across page loads (prod variant)', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const sdk = load('prod');
    expect(sdk.getDeviceId()).toBeNull();
    const id = sdk.init('lucky-dragon-app', 'partner-42');
    expect(id).toMatch(/^dev_[0-9a-f]{32}$/);
    expect(sdk.getDeviceId()).toBe(id);
    expect(page.localStorage.getItem(DEVICE_ID_STORAGE_KEY.prod)).toBe(id);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]![0]).toContain('partner-42');

    expect(load('prod').init('lucky-dragon-app', 'partner-42')).toBe(id);
    page.localStorage.clear();
    expect(load('prod').init('lucky-dragon-app', null)).not.toBe(id);
  });

  it("uses an 'sbx_' id of its own and logs nothing (sandbox variant)", () => {
    const calls = ['log', 'info', 'warn', 'error', 'debug'].map((level) => vi.spyOn(console, level as 'log').mockImplementation(() => {}));
    const prodId = load('prod').init('app');
    for (const spy of calls) spy.mockClear();
    const sdk = load('sandbox');
    expect(sdk.sandbox).toBe(true);
    const id = sdk.init('app', 'partner-1');
    expect(id).toMatch(/^sbx_[0-9a-f]{32}$/);
    expect(page.localStorage.getItem(DEVICE_ID_STORAGE_KEY.sandbox)).toBe(id);
    // The production id of the same origin is left as it was.
    expect(page.localStorage.getItem(DEVICE_ID_STORAGE_KEY.prod)).toBe(prodId);
    for (const spy of calls) expect(spy).not.toHaveBeenCalled();
  });

  it('replaces a stored value that is not one of its ids, and needs an app id', () => {
    page.localStorage.setItem(DEVICE_ID_STORAGE_KEY.sandbox, '<script>');
    const sdk = load('sandbox');
    expect(() => sdk.init('')).toThrow(/app id/);
    expect(sdk.init('app')).toMatch(/^sbx_[0-9a-f]{32}$/);
  });
});
