// @vitest-environment jsdom
// The tokenizer script merchant pages load, run in a DOM: the frames it mounts, what it asks them and
// which answers it believes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_UNAVAILABLE_MESSAGE, VAULT_INVALID_CARD, VAULT_SESSION_EXPIRED, VAULT_SESSION_EXPIRED_MESSAGE } from '@store/shared';
import { TOKENIZE_TIMEOUT_MS, tokenizerScript } from './tokenizer-script.ts';

// The server is typed without the DOM library; these are the few DOM parts the test touches.
interface FrameWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}
interface Frame {
  src: string;
  title: string;
  contentWindow: FrameWindow | null;
  parentNode: object | null;
  dispatchEvent(event: object): boolean;
}
interface Field {
  kind: 'card' | 'cvv';
  iframe: Frame;
  on(type: 'load' | 'change' | 'loaded', listener: () => void): () => void;
  tokenize(options?: { session?: string }): Promise<{ token: string; brand: string; last4: string; expiresAt?: string }>;
  destroy(): void;
}
interface Tokenizer {
  version: number;
  mount(container: object, options: { frameUrl: string; placeholder?: string }): Field;
}
interface PageWindow {
  LuckyDragonTokenizer?: Tokenizer;
  location: { origin: string };
  document: { createElement(tag: 'div'): object; body: { appendChild(node: object): void; replaceChildren(): void } };
  Event: new (type: string) => object;
  MessageEvent: new (type: string, init: { data: unknown; origin: string; source: FrameWindow | null }) => object;
  dispatchEvent(event: object): boolean;
}

const VAULT = 'http://vault.test:3001';
const page = globalThis as unknown as PageWindow;

function loadTokenizer(): Tokenizer {
  delete page.LuckyDragonTokenizer;
  new Function(tokenizerScript())();
  return page.LuckyDragonTokenizer!;
}

function mountCard() {
  const container = page.document.createElement('div');
  page.document.body.appendChild(container);
  const field = loadTokenizer().mount(container, {
    frameUrl: `${VAULT}/fields/card-number?cfg=v1.abc.def`,
    placeholder: '0000 0000 0000 0000',
  });
  const posted: { message: { type: string; requestId: string; session?: string }; targetOrigin: string }[] = [];
  vi.spyOn(field.iframe.contentWindow!, 'postMessage').mockImplementation((message, targetOrigin) => {
    posted.push({ message: message as { type: string; requestId: string; session?: string }, targetOrigin });
  });
  const fromFrame = (data: unknown, origin = VAULT, source: FrameWindow | null = field.iframe.contentWindow) =>
    page.dispatchEvent(new page.MessageEvent('message', { data, origin, source }));
  return { field, posted, fromFrame };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  page.document.body.replaceChildren();
});

describe('tokenizer script', () => {
  it('mounts the field frame with the page origin and placeholder, and refuses anything but a vault field', () => {
    const { field } = mountCard();
    expect(field.kind).toBe('card');
    const src = new URL(field.iframe.src);
    expect(src.origin).toBe(VAULT);
    expect(src.searchParams.get('cfg')).toBe('v1.abc.def');
    expect(src.searchParams.get('origin')).toBe(page.location.origin);
    expect(src.searchParams.get('placeholder')).toBe('0000 0000 0000 0000');
    expect(field.iframe.title).toBe('Card number');
    expect(() => page.LuckyDragonTokenizer!.mount(page.document.createElement('div'), { frameUrl: `${VAULT}/tokenize` })).toThrow(
      /not a card field/,
    );
  });

  it('resolves tokenize with the token its own frame sends from the vault origin, and nothing else', async () => {
    const { field, posted, fromFrame } = mountCard();
    const result = field.tokenize();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ message: { type: 'tokenize' }, targetOrigin: VAULT });
    const { requestId } = posted[0]!.message;

    // Another origin, or another window of the vault's origin, is not the field.
    fromFrame({ type: 'token', requestId, token: 'card_forged' }, 'https://evil.example');
    fromFrame({ type: 'token', requestId, token: 'card_forged' }, VAULT, null);
    fromFrame({ type: 'token', requestId, token: 'card_real', brand: 'visa', last4: '1111' });
    await expect(result).resolves.toEqual({ token: 'card_real', brand: 'visa', last4: '1111' });
  });

  it("rejects with the vault's validation message, and with 'Unable to get token' when the frame never answers", async () => {
    const { field, posted, fromFrame } = mountCard();
    const invalid = field.tokenize();
    fromFrame({ type: 'error', requestId: posted[0]!.message.requestId, message: VAULT_INVALID_CARD });
    await expect(invalid).rejects.toThrow(VAULT_INVALID_CARD);

    const silent = field.tokenize();
    const settled = expect(silent).rejects.toThrow(TOKEN_UNAVAILABLE_MESSAGE);
    vi.advanceTimersByTime(TOKENIZE_TIMEOUT_MS);
    await settled;
  });

  it("hands the frame a newer frame session with tokenize, and rejects with the vault's code so the page can renew it", async () => {
    const { field, posted, fromFrame } = mountCard();
    const first = field.tokenize({ session: 'fs1.newer.session' });
    expect(posted[0]!.message).toMatchObject({ type: 'tokenize', session: 'fs1.newer.session' });
    fromFrame({
      type: 'error',
      requestId: posted[0]!.message.requestId,
      message: VAULT_SESSION_EXPIRED_MESSAGE,
      code: VAULT_SESSION_EXPIRED,
    });
    await expect(first).rejects.toMatchObject({ message: VAULT_SESSION_EXPIRED_MESSAGE, code: VAULT_SESSION_EXPIRED });

    // Without one the frame keeps the session it has; the token's expiry comes through.
    const second = field.tokenize();
    expect(posted[1]!.message).not.toHaveProperty('session');
    const expiresAt = '2030-01-01T00:15:00.000Z';
    fromFrame({ type: 'token', requestId: posted[1]!.message.requestId, token: 'card_1', brand: 'visa', last4: '1111', expiresAt });
    await expect(second).resolves.toEqual({ token: 'card_1', brand: 'visa', last4: '1111', expiresAt });
  });

  it('passes on load and change events of its own frame, and stops after destroy', async () => {
    const { field, fromFrame } = mountCard();
    const events: string[] = [];
    field.on('load', () => events.push('load'));
    field.on('change', () => events.push('change'));
    field.iframe.dispatchEvent(new page.Event('load'));
    fromFrame({ type: 'change' });
    fromFrame({ type: 'change' }, 'https://evil.example');
    expect(events).toEqual(['load', 'change']);

    const pending = field.tokenize();
    field.destroy();
    await expect(pending).rejects.toThrow(TOKEN_UNAVAILABLE_MESSAGE);
    expect(field.iframe.parentNode).toBeNull();
    fromFrame({ type: 'change' });
    expect(events).toEqual(['load', 'change']);
  });
});
