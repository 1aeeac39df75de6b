// Our stand-in for the fraud provider's device SDK (SPEC §7: "a fraud-device SDK (prod or sandbox variant,
// with an app id and the merchant's partner id)"). The real provider's script fingerprints the browser and
// reports to its own servers; ours only gives the page a stable device id: a random id kept in the page
// origin's localStorage (in memory where storage is blocked), which the checkout receives as `deviceId`.
// It sends nothing anywhere. The two variants differ as the provider's do: the sandbox variant is silent
// and its ids start 'sbx_'; the prod variant's start 'dev_' and it logs one line when initialised.
//
//   window.nSureSDK = {
//     sandbox: boolean,
//     init(appId: string, partnerId?: string | null): string,  // returns the device id
//     getDeviceId(): string | null,                             // null before init
//   }

export type DeviceIdVariant = 'prod' | 'sandbox';

export const DEVICE_ID_PREFIX: Record<DeviceIdVariant, string> = { prod: 'dev_', sandbox: 'sbx_' };
/** localStorage keys: a sandbox id is never mistaken for a production one on the same origin. */
export const DEVICE_ID_STORAGE_KEY: Record<DeviceIdVariant, string> = { prod: 'nSure.deviceId', sandbox: 'nSure.sandbox.deviceId' };

export function deviceIdScript(variant: DeviceIdVariant): string {
  const sandbox = variant === 'sandbox';
  return `(function () {
  'use strict';
  if (window.nSureSDK) return;
  var SANDBOX = ${sandbox};
  var KEY = '${DEVICE_ID_STORAGE_KEY[variant]}';
  var PREFIX = '${DEVICE_ID_PREFIX[variant]}';
  var PATTERN = /^${DEVICE_ID_PREFIX[variant]}[0-9a-f]{32}$/;
  var memory = null;
  var initialised = false;
  function randomId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    var hex = '';
    for (var i = 0; i < bytes.length; i++) hex += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return PREFIX + hex;
  }
  function read() {
    try { return window.localStorage.getItem(KEY); } catch (err) { return null; }
  }
  function write(value) {
    try { window.localStorage.setItem(KEY, value); } catch (err) { /* storage blocked: the id lives as long as the page */ }
  }
  function deviceId() {
    var stored = read();
    if (stored && PATTERN.test(stored)) return stored;
    if (!memory) memory = randomId();
    write(memory);
    return memory;
  }
  window.nSureSDK = {
    sandbox: SANDBOX,
    init: function (appId, partnerId) {
      if (typeof appId !== 'string' || !appId) throw new Error('nSureSDK.init: an app id is required');
      initialised = true;
      var id = deviceId();
      if (!SANDBOX) console.info('nSure device SDK ready (app ' + appId + (partnerId ? ', partner ' + partnerId : '') + ')');
      return id;
    },
    getDeviceId: function () { return initialised ? deviceId() : null; },
  };
})();
`;
}
