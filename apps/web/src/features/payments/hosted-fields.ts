// Client side of the hosted card fields (SPEC §2 card fields, §4 embedded frame messages, §5 validation).
// The card number and CVV inputs live in iframes served from the vault's own origin, so no script of this
// page can read them; we only ever receive a token. Messages are accepted only from that origin and that
// frame, and sent only to that origin.

export const UNABLE_TO_GET_TOKEN = 'Unable to get token';

export type CardField = 'card-number' | 'cvv';

export interface CardFieldsOptions {
  /** Origin of the vault, e.g. http://localhost:3001 (GET v1/nuvei/config). */
  vaultOrigin: string;
  /** Which frame: the card number (with expiry) for a new card, the CVV alone for a saved one. */
  field?: CardField;
  /** No answer to a tokenize request within this time counts as a frame that is not ready. */
  timeoutMs?: number;
}

export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

export interface CardFields {
  tokenize(): Promise<CardToken>;
  destroy(): void;
}

type FrameMessage =
  | { type: 'loaded' }
  | { type: 'change' }
  | { type: 'token'; requestId: string; token: string; brand?: string; last4?: string }
  | { type: 'error'; requestId: string; message: string };

interface Pending {
  resolve: (value: CardToken) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

const FRAME_TITLES: Record<CardField, string> = { 'card-number': 'Card number', cvv: 'CVV' };

function isFrameMessage(data: unknown): data is FrameMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

let requestCounter = 0;

export function mountCardFields(
  container: HTMLElement,
  { vaultOrigin, field = 'card-number', timeoutMs = 15_000 }: CardFieldsOptions,
): CardFields {
  const origin = new URL(vaultOrigin).origin;
  const frame = document.createElement('iframe');
  const src = new URL(`/fields/${field}`, origin);
  // The frame answers only this page's origin.
  src.searchParams.set('origin', window.location.origin);
  frame.src = src.href;
  frame.title = FRAME_TITLES[field];
  frame.className = `card-field card-field--${field}`;
  frame.setAttribute('data-testid', `card-field-${field}`);

  let ready = false;
  let cached: CardToken | null = null;
  let destroyed = false;
  const pending = new Map<string, Pending>();

  function settle(requestId: string): Pending | undefined {
    const entry = pending.get(requestId);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    pending.delete(requestId);
    return entry;
  }

  function onMessage(event: MessageEvent) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    if (!isFrameMessage(event.data)) return;
    const message = event.data;
    switch (message.type) {
      case 'loaded':
        ready = true;
        return;
      case 'change':
        // Any edit makes an earlier token stale.
        cached = null;
        return;
      case 'token': {
        const token: CardToken = { token: message.token, brand: message.brand ?? '', last4: message.last4 ?? '' };
        cached = token;
        settle(message.requestId)?.resolve(token);
        return;
      }
      case 'error':
        settle(message.requestId)?.reject(new Error(message.message));
        return;
    }
  }

  window.addEventListener('message', onMessage);
  container.appendChild(frame);

  return {
    tokenize() {
      if (destroyed || !ready || !frame.contentWindow) return Promise.reject(new Error(UNABLE_TO_GET_TOKEN));
      if (cached) return Promise.resolve(cached);
      const target = frame.contentWindow;
      requestCounter += 1;
      const requestId = `tok-${Date.now().toString(36)}-${requestCounter}`;
      return new Promise<CardToken>((resolve, reject) => {
        const timer = setTimeout(() => settle(requestId)?.reject(new Error(UNABLE_TO_GET_TOKEN)), timeoutMs);
        pending.set(requestId, { resolve, reject, timer });
        target.postMessage({ type: 'tokenize', requestId }, origin);
      });
    },
    destroy() {
      destroyed = true;
      window.removeEventListener('message', onMessage);
      for (const requestId of [...pending.keys()]) settle(requestId)?.reject(new Error(UNABLE_TO_GET_TOKEN));
      frame.remove();
    },
  };
}
