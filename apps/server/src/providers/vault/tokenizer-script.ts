// The tokenizer script a merchant page loads with <script src="{vault}/tokenizer/tokenizer.js">
// (the SDK's card fields do it for the merchant: packages/checkout-sdk/src/card-fields/). It mounts the
// vault's card-number and CVV field frames into the page and asks them for tokens; the card data stays in
// the frames, on the vault's origin, and the page only ever receives a token.
//
// "Prod or test variant" (SPEC §7): there is one script. The sandbox vault and a production vault are
// different origins (VAULT_PUBLIC_URL), each serving this same file; the variant is the origin it is
// loaded from, and the script only mounts frames of the origin it was loaded from. The hosted checkout's
// POST /api/tokenize/iframe/config answers with the URL of its own vault's script, so a merchant never
// picks it by hand.
//
// The global (version 1):
//   window.LuckyDragonTokenizer = {
//     version: 1,
//     vaultOrigin: string | null,            // the origin this script came from
//     mount(container: Element, { frameUrl, placeholder?, title?, height? }): TokenizerField,
//   }
//   TokenizerField = {
//     kind: 'card' | 'cvv', iframe: HTMLIFrameElement,
//     on('load' | 'change' | 'loaded', listener): () => void,   // 'load': the iframe element's load event;
//                                                               // 'change': any input in the frame changed;
//                                                               // 'loaded': the frame's own ready message
//     tokenize({ session? }?): Promise<{ token, brand, last4, expiresAt? }>,
//                                                               // rejects with the vault's validation message
//                                                               // ('Invalid card number', ...) or 'Unable to get token';
//                                                               // the Error's `code` is the vault's refusal code
//                                                               // (VAULT_SESSION_EXPIRED: get a fresh session, ask again)
//     destroy(): void,
//   }
// frameUrl is one of the config's frame URLs (with its signed `cfg` and its frame `session`); the script
// adds ?origin= (this page's origin, the one the frame will answer) and ?placeholder=. tokenize's
// `session` hands the frame a newer frame session (ADR 032) to use from then on.
import { TOKEN_UNAVAILABLE_MESSAGE } from '@store/shared';

/** No answer from a frame within this time and tokenize gives up (a frame that never loaded, a hung vault). */
export const TOKENIZE_TIMEOUT_MS = 15_000;

export const TOKENIZER_SCRIPT = `(function () {
  'use strict';
  if (window.LuckyDragonTokenizer) return;
  var UNABLE = '${TOKEN_UNAVAILABLE_MESSAGE}';
  var current = document.currentScript;
  var vaultOrigin = current && current.src ? new URL(current.src, location.href).origin : null;
  var counter = 0;
  var KINDS = { '/fields/card-number': 'card', '/fields/cvv': 'cvv' };
  var TITLES = { card: 'Card number', cvv: 'CVV' };

  function mount(container, options) {
    if (!container || typeof container.appendChild !== 'function') throw new Error('LuckyDragonTokenizer.mount: a container element is required');
    if (!options || typeof options.frameUrl !== 'string') throw new Error('LuckyDragonTokenizer.mount: frameUrl is required');
    var url = new URL(options.frameUrl, location.href);
    var kind = KINDS[url.pathname];
    if (!kind) throw new Error('LuckyDragonTokenizer.mount: frameUrl is not a card field of the vault');
    // Only the vault this script came from: a frame of another origin could read the card.
    if (vaultOrigin && url.origin !== vaultOrigin) throw new Error('LuckyDragonTokenizer.mount: the frame must come from ' + vaultOrigin);
    url.searchParams.set('origin', location.origin);
    if (typeof options.placeholder === 'string') url.searchParams.set('placeholder', options.placeholder);
    var origin = url.origin;
    var iframe = document.createElement('iframe');
    iframe.src = url.href;
    iframe.title = typeof options.title === 'string' ? options.title : TITLES[kind];
    iframe.setAttribute('data-testid', 'card-field-' + (kind === 'card' ? 'card-number' : 'cvv'));
    iframe.style.border = '0';
    iframe.style.width = '100%';
    iframe.style.height = typeof options.height === 'string' ? options.height : '48px';
    var listeners = { load: [], change: [], loaded: [] };
    var pending = {};
    var destroyed = false;

    function emit(type) {
      listeners[type].slice().forEach(function (listener) {
        try { listener(); } catch (err) { setTimeout(function () { throw err; }); }
      });
    }
    function settle(requestId) {
      var entry = pending[requestId];
      if (!entry) return null;
      delete pending[requestId];
      clearTimeout(entry.timer);
      return entry;
    }
    function onMessage(event) {
      // Only this field's own frame, on the vault's origin.
      if (event.origin !== origin || event.source !== iframe.contentWindow) return;
      var data = event.data;
      if (!data || typeof data.type !== 'string') return;
      if (data.type === 'change' || data.type === 'loaded') { emit(data.type); return; }
      if (typeof data.requestId !== 'string') return;
      var entry;
      if (data.type === 'token' && typeof data.token === 'string' && (entry = settle(data.requestId))) {
        var card = { token: data.token, brand: typeof data.brand === 'string' ? data.brand : '', last4: typeof data.last4 === 'string' ? data.last4 : '' };
        if (typeof data.expiresAt === 'string') card.expiresAt = data.expiresAt;
        entry.resolve(card);
      } else if (data.type === 'error' && (entry = settle(data.requestId))) {
        var error = new Error(typeof data.message === 'string' && data.message ? data.message : UNABLE);
        if (typeof data.code === 'string') error.code = data.code;
        entry.reject(error);
      }
    }
    window.addEventListener('message', onMessage);
    iframe.addEventListener('load', function () { emit('load'); });
    container.appendChild(iframe);

    return {
      kind: kind,
      iframe: iframe,
      on: function (type, listener) {
        if (!listeners[type]) throw new Error('LuckyDragonTokenizer: unknown event ' + type);
        listeners[type].push(listener);
        return function () { listeners[type] = listeners[type].filter(function (l) { return l !== listener; }); };
      },
      tokenize: function (tokenizeOptions) {
        var target = iframe.contentWindow;
        var session = tokenizeOptions && typeof tokenizeOptions.session === 'string' ? tokenizeOptions.session : '';
        if (destroyed || !target) return Promise.reject(new Error(UNABLE));
        counter += 1;
        var requestId = 'tok-' + Date.now().toString(36) + '-' + counter;
        return new Promise(function (resolve, reject) {
          var timer = setTimeout(function () { if (settle(requestId)) reject(new Error(UNABLE)); }, ${TOKENIZE_TIMEOUT_MS});
          pending[requestId] = { resolve: resolve, reject: reject, timer: timer };
          var message = { type: 'tokenize', requestId: requestId };
          if (session) message.session = session;
          target.postMessage(message, origin);
        });
      },
      destroy: function () {
        if (destroyed) return;
        destroyed = true;
        window.removeEventListener('message', onMessage);
        Object.keys(pending).forEach(function (requestId) { var entry = settle(requestId); if (entry) entry.reject(new Error(UNABLE)); });
        listeners = { load: [], change: [], loaded: [] };
        if (iframe.parentNode) iframe.parentNode.removeChild(iframe);
      },
    };
  }

  window.LuckyDragonTokenizer = { version: 1, vaultOrigin: vaultOrigin, mount: mount };
})();
`;
