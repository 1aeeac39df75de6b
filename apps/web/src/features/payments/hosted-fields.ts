// Client side of the hosted card fields (SPEC §2 card fields, §4 embedded frame messages, §5 validation).
// The card number and CVV inputs live in iframes served from the vault's own origin, so no script of this
// page can read them; we only ever receive a token. Messages are accepted only from that origin and that
// frame, and sent only to that origin.
// The vault takes a card only with a frame session (ADR 032): a nonce for the signed-in shopper, good for a
// few minutes. The frame opens with one in its URL; every tokenize hands it the current one, renewed here
// shortly before it runs out, or once when the vault says it has: a shopper who waits on the pay page can
// still pay.
// A token is good for one payment attempt (ADR 038): the relay's first use of a new card's token takes its
// CVV, so a token this page has given out is never given again. The next tokenize asks the frame, which still
// holds what was typed and gets a fresh token; the shopper presses Pay again after a decline without retyping.
// Calls made while one request is out (one click reaching twice) share its answer.
import { VAULT_SESSION_EXPIRED, type VaultFrameSession } from '@store/shared';

export const UNABLE_TO_GET_TOKEN = 'Unable to get token';
/** The frame session is renewed when less than this is left of it. */
export const RENEW_MARGIN_MS = 60_000;

export interface FrameSessionSource {
  /** The session the frame opens with; null when none could be had yet (the first tokenize asks again). */
  initial: VaultFrameSession | null;
  /** A new one from the store's API (POST v1/vault/frame-session). */
  renew(): Promise<VaultFrameSession>;
}

export type CardField = 'card-number' | 'cvv';

export interface CardFieldsOptions {
  /** Origin of the vault, e.g. http://localhost:3001 (GET v1/nuvei/config). */
  vaultOrigin: string;
  /** Which frame: the card number (with expiry and CVV) for a new card, the CVV alone for a saved one. */
  field?: CardField;
  /** No answer to a tokenize request within this time counts as a frame that is not ready. */
  timeoutMs?: number;
  /** Where frame sessions come from; without it the frame is asked with the session it has (none). */
  session?: FrameSessionSource;
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
  | { type: 'token'; requestId: string; token: string; brand?: string; last4?: string; expiresAt?: string }
  | { type: 'error'; requestId: string; message: string; code?: string };

interface Pending {
  resolve: (value: { card: CardToken; expiresAt?: string }) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

// The card frame holds number, expiry and the new card's CVV (ADR 038); the CVV frame a saved card's CVV.
const FRAME_TITLES: Record<CardField, string> = { 'card-number': 'Card number, expiry and CVV', cvv: 'CVV' };

function isFrameMessage(data: unknown): data is FrameMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

/** Less than the margin left before `iso`; false without a time (nothing to go by). */
function runningOut(iso: string | undefined): boolean {
  const at = Date.parse(iso ?? '');
  return Number.isFinite(at) && at - Date.now() < RENEW_MARGIN_MS;
}

/** The frame's refusal, with the vault's code when it gave one. */
export class CardFieldError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'CardFieldError';
  }
}

let requestCounter = 0;

export function mountCardFields(
  container: HTMLElement,
  { vaultOrigin, field = 'card-number', timeoutMs = 15_000, session: sessions }: CardFieldsOptions,
): CardFields {
  const origin = new URL(vaultOrigin).origin;
  const frame = document.createElement('iframe');
  const src = new URL(`/fields/${field}`, origin);
  // The frame answers only this page's origin.
  src.searchParams.set('origin', window.location.origin);
  // The store's dark inputs, not white boxes on the dark pay page (issue 24).
  src.searchParams.set('theme', 'dark');
  let session = sessions?.initial ?? null;
  if (session) src.searchParams.set('session', session.session);
  frame.src = src.href;
  frame.title = FRAME_TITLES[field];
  frame.className = `card-field card-field--${field}`;
  frame.setAttribute('data-testid', `card-field-${field}`);

  let ready = false;
  /** The request out now, shared by calls made before it answers (and before any edit). */
  let inFlight: Promise<CardToken> | null = null;
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
        // Any edit makes the answer of a request already out stale for a later call (SPEC §4).
        inFlight = null;
        return;
      case 'token':
        settle(message.requestId)?.resolve({
          card: { token: message.token, brand: message.brand ?? '', last4: message.last4 ?? '' },
          expiresAt: message.expiresAt,
        });
        return;
      case 'error':
        settle(message.requestId)?.reject(new CardFieldError(message.message, message.code));
        return;
    }
  }

  window.addEventListener('message', onMessage);
  container.appendChild(frame);

  /** Asks the frame now, handing it `sessionToSend` (the frame keeps the newest it was given). */
  function post(sessionToSend: string | undefined): Promise<CardToken> {
    const target = frame.contentWindow;
    if (destroyed || !target) return Promise.reject(new Error(UNABLE_TO_GET_TOKEN));
    requestCounter += 1;
    const requestId = `tok-${Date.now().toString(36)}-${requestCounter}`;
    return new Promise<{ card: CardToken }>((resolve, reject) => {
      const timer = setTimeout(() => settle(requestId)?.reject(new Error(UNABLE_TO_GET_TOKEN)), timeoutMs);
      pending.set(requestId, { resolve, reject, timer });
      target.postMessage({ type: 'tokenize', requestId, ...(sessionToSend ? { session: sessionToSend } : {}) }, origin);
    }).then((answer) => answer.card);
  }

  /** With the current frame session, or a new one first when asked to renew or when it is running out. */
  function ask(renew: boolean): Promise<CardToken> {
    if (!sessions) return post(undefined);
    if (!renew && session && !runningOut(session.expiresAt)) return post(session.session);
    return sessions.renew().then((fresh) => {
      session = fresh;
      return post(fresh.session);
    });
  }

  return {
    tokenize() {
      if (destroyed || !ready || !frame.contentWindow) return Promise.reject(new Error(UNABLE_TO_GET_TOKEN));
      if (inFlight) return inFlight;
      // A session that ran out anyway (a sleeping laptop, a clock off) is renewed once and the frame asked again.
      const request = ask(false)
        .catch((err: unknown) =>
          err instanceof CardFieldError && err.code === VAULT_SESSION_EXPIRED && sessions && !destroyed ? ask(true) : Promise.reject(err),
        )
        .finally(() => {
          if (inFlight === request) inFlight = null;
        });
      inFlight = request;
      return request;
    },
    destroy() {
      destroyed = true;
      window.removeEventListener('message', onMessage);
      for (const requestId of [...pending.keys()]) settle(requestId)?.reject(new Error(UNABLE_TO_GET_TOKEN));
      frame.remove();
    },
  };
}
