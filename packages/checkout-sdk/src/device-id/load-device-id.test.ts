// The fraud device id: the partner id from the merchant record, the variant of the script by environment,
// and the id the script gives. The script itself is played by a fake nSureSDK here; the real one is run in a
// DOM by apps/checkout-host/src/device-id/script.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_APP_ID, loadDeviceId, partnerIdOf, type NSureSdk } from './index.ts';

const API = 'http://checkout.test:3002';
const win = window as unknown as { nSureSDK?: NSureSdk };

function fakeApi(status: number, body: unknown) {
  const urls: string[] = [];
  const fetcher = vi.fn(async (url: string | URL | Request) => {
    urls.push(String(url));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetcher: fetcher as unknown as typeof fetch, urls };
}

/** The device-id script: defines its global when its tag loads. */
function fakeScript() {
  const init = vi.fn<NSureSdk['init']>();
  const sdk: NSureSdk = { init, getDeviceId: () => 'sbx_0123456789abcdef0123456789abcdef' };
  const tags = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script')).filter((s) => s.src.includes('/device-id/'));
  const load = () => {
    win.nSureSDK = sdk;
    tags()[0]!.dispatchEvent(new Event('load'));
  };
  return { init, tags, load };
}

async function settle(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await Promise.resolve();
  expect(condition()).toBe(true);
}

afterEach(() => {
  delete win.nSureSDK;
  document.head.replaceChildren();
});

describe('partnerIdOf', () => {
  it('reads nSureSettings.nSurePartnerId, else the top-level nSurePartnerId', () => {
    expect(partnerIdOf({ nSureSettings: { nSurePartnerId: 'p-settings' }, nSurePartnerId: 'p-top' })).toBe('p-settings');
    expect(partnerIdOf({ nSurePartnerId: 'p-top' })).toBe('p-top');
    expect(partnerIdOf({ nSureSettings: {}, nSurePartnerId: 42 })).toBe('42');
    expect(partnerIdOf({ nSureSettings: { nSurePartnerId: '' } })).toBeNull();
    expect(partnerIdOf(null)).toBeNull();
  });
});

describe('loadDeviceId', () => {
  it("reads the merchant, loads the sandbox script outside prod and gives the script's id", async () => {
    const api = fakeApi(200, { success: true, data: { merchantId: 'lucky dragon', nSureSettings: { nSurePartnerId: 'partner-7' } } });
    const script = fakeScript();
    const id = loadDeviceId({ apiUrl: `${API}/`, merchantId: 'lucky dragon', env: 'local', fetch: api.fetcher });
    await settle(() => script.tags().length === 1);
    expect(api.urls).toEqual([`${API}/merchant/view/lucky%20dragon`]);
    expect(script.tags()[0]!.src).toBe(`${API}/device-id/sdk-sandbox.js`);
    script.load();
    await expect(id).resolves.toBe('sbx_0123456789abcdef0123456789abcdef');
    expect(script.init).toHaveBeenCalledWith(DEVICE_ID_APP_ID, 'partner-7');
  });

  it('loads the prod variant in prod, reading a record that is not wrapped', async () => {
    const script = fakeScript();
    const id = loadDeviceId({
      apiUrl: API,
      merchantId: 'm1',
      env: 'prod',
      appId: 'my-app',
      fetch: fakeApi(200, { nSurePartnerId: 'p-top' }).fetcher,
    });
    await settle(() => script.tags().length === 1);
    expect(script.tags()[0]!.src).toBe(`${API}/device-id/sdk.js`);
    script.load();
    await id;
    expect(script.init).toHaveBeenCalledWith('my-app', 'p-top');
  });

  it('gives null and loads nothing for a merchant without a partner id', async () => {
    const script = fakeScript();
    const api = fakeApi(200, { success: true, data: { merchantId: 'm1' } });
    // Without apiUrl the environment names the API.
    await expect(loadDeviceId({ env: 'local', merchantId: 'm1', fetch: api.fetcher })).resolves.toBeNull();
    expect(api.urls).toEqual(['http://localhost:5000/merchant/view/m1']);
    expect(script.tags()).toHaveLength(0);
  });

  it('fails when the merchant cannot be read, or the script does not load', async () => {
    await expect(loadDeviceId({ apiUrl: API, merchantId: 'nobody', fetch: fakeApi(404, { success: false }).fetcher })).rejects.toThrow(
      /404/,
    );

    const script = fakeScript();
    const failed = loadDeviceId({ apiUrl: API, merchantId: 'm1', fetch: fakeApi(200, { nSurePartnerId: 'p' }).fetcher }).catch(
      (err: Error) => err,
    );
    await settle(() => script.tags().length === 1);
    script.tags()[0]!.dispatchEvent(new Event('error'));
    expect(await failed).toMatchObject({ message: expect.stringContaining('did not load') });
  });
});
