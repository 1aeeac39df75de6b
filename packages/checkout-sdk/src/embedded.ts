/**
 * The framework-free core: puts the hosted checkout in a frame inside `container` and answers its messages.
 * A message counts only when it comes from the checkout's origin AND from this instance's own frame, so two
 * checkouts on one page, or any other frame of the same origin, never reach each other's handlers. Replies go
 * to the checkout's origin, never '*'.
 */
import { loadDeviceId } from './device-id/load-device-id.ts';
import { LOAD_ERROR_TEXT, createFrameView } from './overlay.ts';
import { DEFAULT_LOAD_TIMEOUT_MS, FRAME_METHODS, IFRAME_NOT_DEFINED, WINDOW_NOT_DEFINED, parseFrameMessage } from './protocol.ts';
import { routeFrameMessage } from './router.ts';
import type { CreateEmbeddedCheckoutOptions, EmbeddedCheckoutInstance, SolanaWallet } from './types.ts';
import { buildCheckoutUrl } from './url.ts';
import { createWalletHandlers } from './wallets/handlers.ts';

/** How long collectDeviceId may hold the frame back before it opens without a device id. */
export const DEVICE_ID_WAIT_MS = 3000;

let instanceCounter = 0;
function newInstanceId(): string {
  instanceCounter += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `${random}-${instanceCounter}`;
}

function walletAddress(options: CreateEmbeddedCheckoutOptions): string | undefined {
  if (options.pubkey) return options.pubkey;
  if (options.blockchain === 'solana') return (options.wallet as SolanaWallet).publicKey?.toBase58();
  return undefined;
}

export function createEmbeddedCheckout(options: CreateEmbeddedCheckoutOptions): EmbeddedCheckoutInstance {
  // The frame posts to the window that holds it: the container's (usually the global window).
  const win = options.container?.ownerDocument?.defaultView ?? (typeof window === 'undefined' ? undefined : window);
  if (!win) throw new Error(WINDOW_NOT_DEFINED);
  if (!options.container) throw new Error('container is required');
  const id = newInstanceId();
  const useHeightChange = options.useHeightChange ?? Boolean(options.onHeightChange);
  const srcWith = (deviceId: string | undefined) =>
    buildCheckoutUrl({
      ...options,
      deviceId,
      handlerId: id,
      pubkey: walletAddress(options),
      origins: options.origins ?? [win.location.origin],
      useHeightChange: useHeightChange || undefined,
    });
  const src = srcWith(options.deviceId);
  const checkoutOrigin = new URL(src).origin;
  const collectDeviceId = Boolean(options.collectDeviceId) && !options.deviceId;
  const view = createFrameView({
    container: options.container,
    // Held on a blank page (the skeleton shows) until the device id is known.
    src: collectDeviceId ? 'about:blank' : src,
    title: options.title ?? 'Checkout',
    loaderBackground: options.loaderBackground,
    useHeightChange,
  });
  const handlers = createWalletHandlers({
    blockchain: options.blockchain,
    wallet: options.wallet,
    connection: 'connection' in options ? options.connection : undefined,
  });

  let destroyed = false;
  let loaded = false;
  const loadTimeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  const loadTimer = setTimeout(() => {
    if (loaded || destroyed) return;
    view.showError(LOAD_ERROR_TEXT);
    options.onError?.(new Error(`The checkout did not report loaded within ${loadTimeoutMs} ms`));
  }, loadTimeoutMs);

  if (collectDeviceId) {
    const waited = new Promise<null>((resolve) => setTimeout(() => resolve(null), DEVICE_ID_WAIT_MS));
    const collected = loadDeviceId({
      merchantId: options.merchantId,
      env: options.env,
      apiUrl: options.apiUrl,
      timeoutMs: DEVICE_ID_WAIT_MS,
    });
    void Promise.race([collected, waited])
      .catch(() => null)
      .then((deviceId) => {
        if (!destroyed) view.iframe.src = srcWith(deviceId ?? undefined);
      });
  }

  const reply = (text: string) => {
    // A frame taken out of the page has no window (browsers null contentWindow; check isConnected too).
    const target = view.iframe.isConnected ? view.iframe.contentWindow : null;
    if (!target) {
      console.error(new Error(IFRAME_NOT_DEFINED));
      return;
    }
    target.postMessage(text, checkoutOrigin);
  };

  const onMessage = (event: MessageEvent) => {
    if (destroyed) return;
    if (event.origin !== checkoutOrigin) return;
    const own = view.iframe.contentWindow;
    if (!own || event.source !== own) return;
    const message = parseFrameMessage(event.data);
    if (!message) return;
    if (message.method === FRAME_METHODS.loaded) {
      loaded = true;
      clearTimeout(loadTimer);
      view.loaded();
      return;
    }
    void routeFrameMessage(message, {
      id,
      handlers,
      onSuccess: options.onSuccess,
      onAuthDeclined: options.onAuthDeclined,
      onInputError: options.onInputError,
      onError: options.onError,
      onHeightChange: useHeightChange
        ? (px) => {
            view.setHeight(px);
            options.onHeightChange?.(px);
          }
        : undefined,
    }).then((text) => {
      if (text !== null && !destroyed) reply(text);
    });
  };
  win.addEventListener('message', onMessage);

  return {
    iframe: view.iframe,
    id,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(loadTimer);
      win.removeEventListener('message', onMessage);
      view.destroy();
    },
  };
}
