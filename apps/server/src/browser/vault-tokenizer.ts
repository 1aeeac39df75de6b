// The tokenizer a merchant page loads with <script src="{vault}/tokenizer/tokenizer.js"> (its contract is
// described in providers/vault/tokenizer-script.ts). Browser code, built at build time (build/server-bundle.ts)
// and type-checked with the DOM (this folder's tsconfig.json). It mounts the vault's card field frames into the page
// and asks them for tokens; the card data stays in the frames, on the vault's origin.
import { TOKEN_UNAVAILABLE_MESSAGE } from '@store/shared';
import { TOKENIZE_TIMEOUT_MS } from '../providers/vault/tokenize-timeout.ts';

type FieldKind = 'card' | 'cvv';
type FieldEvent = 'load' | 'change' | 'loaded';
interface TokenizedCard {
  token: string;
  brand: string;
  last4: string;
  expiresAt?: string;
}
interface MountOptions {
  frameUrl: string;
  placeholder?: string;
  title?: string;
  height?: string;
}
interface Pending {
  resolve(card: TokenizedCard): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}
interface TokenizerGlobal {
  version: 1;
  vaultOrigin: string | null;
  mount(container: Element, options: MountOptions): unknown;
}

declare global {
  interface Window {
    LuckyDragonTokenizer?: TokenizerGlobal;
  }
}

/** An Error with the vault's refusal code (VAULT_SESSION_EXPIRED: get a fresh session, ask again). */
type CodedError = Error & { code?: string };

const KINDS: Record<string, FieldKind> = { '/fields/card-number': 'card', '/fields/cvv': 'cvv' };
const TITLES: Record<FieldKind, string> = { card: 'Card number', cvv: 'CVV' };

function install(): void {
  if (window.LuckyDragonTokenizer) return;
  const current = document.currentScript as HTMLScriptElement | null;
  const vaultOrigin = current?.src ? new URL(current.src, location.href).origin : null;
  let counter = 0;

  function mount(container: Element, options: MountOptions) {
    if (!container || typeof container.appendChild !== 'function')
      throw new Error('LuckyDragonTokenizer.mount: a container element is required');
    if (!options || typeof options.frameUrl !== 'string') throw new Error('LuckyDragonTokenizer.mount: frameUrl is required');
    const url = new URL(options.frameUrl, location.href);
    const kind = KINDS[url.pathname];
    if (!kind) throw new Error('LuckyDragonTokenizer.mount: frameUrl is not a card field of the vault');
    // Only the vault this script came from: a frame of another origin could read the card.
    if (vaultOrigin && url.origin !== vaultOrigin) throw new Error(`LuckyDragonTokenizer.mount: the frame must come from ${vaultOrigin}`);
    url.searchParams.set('origin', location.origin);
    if (typeof options.placeholder === 'string') url.searchParams.set('placeholder', options.placeholder);
    const origin = url.origin;
    const iframe = document.createElement('iframe');
    iframe.src = url.href;
    iframe.title = typeof options.title === 'string' ? options.title : TITLES[kind];
    iframe.setAttribute('data-testid', `card-field-${kind === 'card' ? 'card-number' : 'cvv'}`);
    iframe.style.border = '0';
    iframe.style.width = '100%';
    iframe.style.height = typeof options.height === 'string' ? options.height : '48px';
    let listeners: Record<FieldEvent, (() => void)[]> = { load: [], change: [], loaded: [] };
    const pending = new Map<string, Pending>();
    let destroyed = false;

    function emit(type: FieldEvent): void {
      for (const listener of listeners[type].slice()) {
        try {
          listener();
        } catch (err) {
          // A merchant's listener that throws does not stop the others; its error still reaches the console.
          setTimeout(() => {
            throw err;
          });
        }
      }
    }
    function settle(requestId: string): Pending | null {
      const entry = pending.get(requestId);
      if (!entry) return null;
      pending.delete(requestId);
      clearTimeout(entry.timer);
      return entry;
    }
    function onMessage(event: MessageEvent): void {
      // Only this field's own frame, on the vault's origin.
      if (event.origin !== origin || event.source !== iframe.contentWindow) return;
      const data = event.data as Record<string, unknown> | null;
      if (!data || typeof data.type !== 'string') return;
      if (data.type === 'change' || data.type === 'loaded') {
        emit(data.type);
        return;
      }
      if (typeof data.requestId !== 'string') return;
      if (data.type === 'token' && typeof data.token === 'string') {
        const entry = settle(data.requestId);
        if (!entry) return;
        const card: TokenizedCard = {
          token: data.token,
          brand: typeof data.brand === 'string' ? data.brand : '',
          last4: typeof data.last4 === 'string' ? data.last4 : '',
        };
        if (typeof data.expiresAt === 'string') card.expiresAt = data.expiresAt;
        entry.resolve(card);
      } else if (data.type === 'error') {
        const entry = settle(data.requestId);
        if (!entry) return;
        const error: CodedError = new Error(typeof data.message === 'string' && data.message ? data.message : TOKEN_UNAVAILABLE_MESSAGE);
        if (typeof data.code === 'string') error.code = data.code;
        entry.reject(error);
      }
    }
    window.addEventListener('message', onMessage);
    iframe.addEventListener('load', () => emit('load'));
    container.appendChild(iframe);

    return {
      kind,
      iframe,
      on(type: FieldEvent, listener: () => void): () => void {
        if (!listeners[type]) throw new Error(`LuckyDragonTokenizer: unknown event ${String(type)}`);
        listeners[type].push(listener);
        return () => {
          listeners[type] = listeners[type].filter((l) => l !== listener);
        };
      },
      tokenize(tokenizeOptions?: { session?: string }): Promise<TokenizedCard> {
        const target = iframe.contentWindow;
        const session = typeof tokenizeOptions?.session === 'string' ? tokenizeOptions.session : '';
        if (destroyed || !target) return Promise.reject(new Error(TOKEN_UNAVAILABLE_MESSAGE));
        counter += 1;
        const requestId = `tok-${Date.now().toString(36)}-${counter}`;
        return new Promise<TokenizedCard>((resolve, reject) => {
          const timer = setTimeout(() => {
            if (settle(requestId)) reject(new Error(TOKEN_UNAVAILABLE_MESSAGE));
          }, TOKENIZE_TIMEOUT_MS);
          pending.set(requestId, { resolve, reject, timer });
          target.postMessage(session ? { type: 'tokenize', requestId, session } : { type: 'tokenize', requestId }, origin);
        });
      },
      destroy(): void {
        if (destroyed) return;
        destroyed = true;
        window.removeEventListener('message', onMessage);
        for (const requestId of [...pending.keys()]) settle(requestId)?.reject(new Error(TOKEN_UNAVAILABLE_MESSAGE));
        listeners = { load: [], change: [], loaded: [] };
        iframe.parentNode?.removeChild(iframe);
      },
    };
  }

  window.LuckyDragonTokenizer = { version: 1, vaultOrigin, mount };
}

install();
