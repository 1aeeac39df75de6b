// @vitest-environment jsdom
// The hosted card field page's own script, run in a DOM: what it tells the store page, and when.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_FRAME_LOADED_DELAY_MS, VAULT_INVALID_CVV, VAULT_SESSION_EXPIRED, VAULT_SESSION_EXPIRED_MESSAGE } from '@store/shared';
import { fieldPage, fieldsScript } from './pages.ts';

// The server is typed without the DOM library; these are the few DOM parts the test touches.
interface FieldInput {
  value: string;
  dispatchEvent(event: object): boolean;
}
interface FieldDocument {
  documentElement: object;
  replaceChild(next: object, old: object): void;
  adoptNode(node: object): object;
  getElementById(id: string): FieldInput | null;
}
interface FieldWindow {
  document: FieldDocument;
  parent: FieldWindow;
  DOMParser: new () => { parseFromString(html: string, type: 'text/html'): { documentElement: object } };
  Event: new (type: string, init?: { bubbles?: boolean }) => object;
  MessageEvent: new (type: string, init: { data: unknown; origin: string; source: FieldWindow }) => object;
  dispatchEvent(event: object): boolean;
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: string, listener: unknown): void;
  removeEventListener(type: string, listener: unknown): void;
}

const STORE = 'http://store.test:3000';
const frame = globalThis as unknown as FieldWindow;
const windowListeners: [string, unknown][] = [];

/** Puts the field page in the document (without its script tag) and runs its script, as the frame would. */
function openFieldPage(kind: 'card' | 'cvv', session = '') {
  const html = fieldPage(kind, STORE, undefined, session).replace(/<script[^>]*><\/script>/, '');
  const parsed = new frame.DOMParser().parseFromString(html, 'text/html');
  frame.document.replaceChild(frame.document.adoptNode(parsed.documentElement), frame.document.documentElement);
  const sent: { message: { type: string; [key: string]: unknown }; targetOrigin: string }[] = [];
  vi.spyOn(frame.parent, 'postMessage').mockImplementation((message, targetOrigin) => {
    sent.push({ message: message as { type: string }, targetOrigin });
  });
  // The window outlives the page here: its listeners are taken off after the test (afterEach).
  const add = frame.addEventListener.bind(frame);
  vi.spyOn(frame, 'addEventListener').mockImplementation((type: string, listener: unknown) => {
    windowListeners.push([type, listener]);
    add(type, listener);
  });
  new Function(fieldsScript())();
  return { sent, loaded: () => sent.filter((entry) => entry.message.type === 'loaded') };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const [type, listener] of windowListeners.splice(0)) frame.removeEventListener(type, listener);
});

describe('hosted card field script', () => {
  it(`reports 'loaded' to the store ${CARD_FRAME_LOADED_DELAY_MS} ms after its load event, not before`, () => {
    expect(CARD_FRAME_LOADED_DELAY_MS).toBe(350);
    const { sent, loaded } = openFieldPage('card');
    vi.advanceTimersByTime(1000);
    expect(loaded()).toEqual([]);

    frame.dispatchEvent(new frame.Event('load'));
    vi.advanceTimersByTime(349);
    expect(loaded()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loaded()).toEqual([{ message: { type: 'loaded' }, targetOrigin: STORE }]);
    vi.advanceTimersByTime(5000);
    expect(sent.filter((entry) => entry.message.type === 'loaded')).toHaveLength(1);
  });

  it("tells the store of every change (so it drops its token) and answers an invalid CVV with 'Invalid CVV'", () => {
    const { sent } = openFieldPage('cvv');
    const cvv = frame.document.getElementById('cvv')!;
    cvv.value = '1a2';
    cvv.dispatchEvent(new frame.Event('input', { bubbles: true }));
    expect(cvv.value).toBe('12');
    expect(sent.map((entry) => entry.message)).toEqual([{ type: 'change' }]);

    frame.dispatchEvent(
      new frame.MessageEvent('message', { data: { type: 'tokenize', requestId: 'r1' }, origin: STORE, source: frame.parent }),
    );
    expect(sent.at(-1)).toEqual({ message: { type: 'error', requestId: 'r1', message: VAULT_INVALID_CVV }, targetOrigin: STORE });

    // A request from any other origin gets no answer at all.
    frame.dispatchEvent(
      new frame.MessageEvent('message', {
        data: { type: 'tokenize', requestId: 'r2' },
        origin: 'https://evil.example',
        source: frame.parent,
      }),
    );
    expect(sent.some((entry) => entry.message.requestId === 'r2')).toBe(false);
  });
});

describe('hosted card field script and the frame session', () => {
  /** Plays the vault's /tokenize: records what the frame sends, answers what the test says. */
  function vaultAnswers(...answers: { status: number; body: object }[]) {
    const calls: { session: string | null; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: { headers: Record<string, string>; body: string }) => {
        calls.push({ session: init.headers['x-vault-session'] ?? null, body: JSON.parse(init.body) });
        const answer = answers.shift()!;
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
      }),
    );
    return calls;
  }
  const ask = (requestId: string, session?: string) =>
    frame.dispatchEvent(
      new frame.MessageEvent('message', {
        data: { type: 'tokenize', requestId, ...(session ? { session } : {}) },
        origin: STORE,
        source: frame.parent,
      }),
    );

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the page URL's session, then the newer one the store hands over, and tells the store the vault's code", async () => {
    const { sent } = openFieldPage('cvv', 'fs1.from.url');
    const cvv = frame.document.getElementById('cvv')!;
    cvv.value = '123';
    cvv.dispatchEvent(new frame.Event('input', { bubbles: true }));
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const calls = vaultAnswers(
      { status: 403, body: { success: false, code: VAULT_SESSION_EXPIRED, message: VAULT_SESSION_EXPIRED_MESSAGE } },
      { status: 200, body: { token: 'cvv_1', expiresAt } },
      { status: 200, body: { token: 'cvv_2', expiresAt } },
    );

    ask('r1');
    await vi.waitFor(() => expect(sent.at(-1)!.message).toMatchObject({ type: 'error', requestId: 'r1' }));
    expect(calls).toEqual([{ session: 'fs1.from.url', body: { kind: 'cvv', cvv: '123' } }]);
    expect(sent.at(-1)!.message).toEqual({
      type: 'error',
      requestId: 'r1',
      message: VAULT_SESSION_EXPIRED_MESSAGE,
      code: VAULT_SESSION_EXPIRED,
    });

    ask('r2', 'fs1.renewed');
    await vi.waitFor(() => expect(sent.at(-1)!.message).toMatchObject({ type: 'token', requestId: 'r2' }));
    expect(calls[1]!.session).toBe('fs1.renewed');
    expect(sent.at(-1)!.message).toMatchObject({ token: 'cvv_1', expiresAt });

    // The same entry again: a new token (one per payment attempt), with the newest session.
    ask('r3');
    await vi.waitFor(() => expect(sent.at(-1)!.message).toMatchObject({ type: 'token', requestId: 'r3', token: 'cvv_2' }));
    expect(calls).toHaveLength(3);
    expect(calls[2]).toEqual({ session: 'fs1.renewed', body: { kind: 'cvv', cvv: '123' } });
  });
});

describe("the card frame's CVV (a new card's, ADR 038)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const type = (id: string, value: string) => {
    const input = frame.document.getElementById(id)!;
    input.value = value;
    input.dispatchEvent(new frame.Event('input', { bubbles: true }));
  };
  const ask = (requestId: string) =>
    frame.dispatchEvent(new frame.MessageEvent('message', { data: { type: 'tokenize', requestId }, origin: STORE, source: frame.parent }));

  it('requires the CVV with number and expiry: 3 digits, 4 for American Express; nothing reaches the vault until then', async () => {
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: { body: string }) => {
        calls.push(JSON.parse(init.body));
        const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
        return new Response(JSON.stringify({ token: `card_${calls.length}`, brand: 'visa', last4: '1111', expiresAt }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const { sent } = openFieldPage('card', 'fs1.from.url');
    expect(frame.document.getElementById('cvv')).not.toBeNull();
    type('number', '4111111111111111');
    type('expiry', '1234');
    const refusals: [string, string][] = [
      ['', 'no CVV'],
      ['12', 'too short'],
      ['1234', 'a Visa has 3 digits'],
    ];
    for (const [cvv, why] of refusals) {
      type('cvv', cvv);
      ask(`r-${why}`);
      expect(sent.at(-1)!.message, why).toEqual({ type: 'error', requestId: `r-${why}`, message: VAULT_INVALID_CVV });
    }
    expect(calls).toEqual([]);

    type('cvv', '7a37');
    expect(frame.document.getElementById('cvv')!.value).toBe('737');
    ask('r-visa');
    await vi.waitFor(() => expect(sent.at(-1)!.message).toMatchObject({ type: 'token', requestId: 'r-visa' }));
    expect(calls).toEqual([{ kind: 'card', number: '4111111111111111', expiry: '12/34', cvv: '737' }]);

    // American Express: 4 digits, 3 refused.
    type('number', '378282246310005');
    type('cvv', '737');
    ask('r-amex-3');
    expect(sent.at(-1)!.message).toEqual({ type: 'error', requestId: 'r-amex-3', message: VAULT_INVALID_CVV });
    type('cvv', '1234');
    ask('r-amex');
    await vi.waitFor(() => expect(sent.at(-1)!.message).toMatchObject({ type: 'token', requestId: 'r-amex' }));
    expect(calls.at(-1)).toEqual({ kind: 'card', number: '378282246310005', expiry: '12/34', cvv: '1234' });
  });

  it('hands a card token out once: Pay again without retyping gets a new one for the same card and CVV', async () => {
    const calls: unknown[] = [];
    const held: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: { body: string }) => {
        calls.push(JSON.parse(init.body));
        const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
        const body = JSON.stringify({ token: `card_${calls.length}`, brand: 'visa', last4: '1111', expiresAt });
        return new Promise<Response>((resolve) =>
          held.push(() => resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }))),
        );
      }),
    );
    const release = () => held.shift()!(new Response());
    const tokens = () =>
      sent.filter((entry) => entry.message.type === 'token').map((entry) => [entry.message.requestId, entry.message.token]);
    const { sent } = openFieldPage('card', 'fs1.from.url');
    type('number', '4111111111111111');
    type('expiry', '1234');
    type('cvv', '737');
    const typed = { kind: 'card', number: '4111111111111111', expiry: '12/34', cvv: '737' };

    // One click reaching the frame twice while the vault is asked: one card stored, both get its token.
    ask('pay-1');
    ask('pay-1-again');
    expect(calls).toHaveLength(1);
    release();
    await vi.waitFor(() =>
      expect(tokens()).toEqual([
        ['pay-1', 'card_1'],
        ['pay-1-again', 'card_1'],
      ]),
    );

    // The payment was declined; Pay again, nothing retyped: the vault is asked again with what is typed.
    ask('pay-2');
    expect(calls).toEqual([typed, typed]);
    release();
    await vi.waitFor(() => expect(tokens().at(-1)).toEqual(['pay-2', 'card_2']));

    // An edit while a request is out: a tokenize after it does not share that request.
    ask('pay-3');
    type('cvv', '738');
    ask('pay-4');
    expect(calls.at(-1)).toEqual({ ...typed, cvv: '738' });
    release();
    release();
    await vi.waitFor(() =>
      expect(tokens().slice(-2)).toEqual([
        ['pay-3', 'card_3'],
        ['pay-4', 'card_4'],
      ]),
    );
  });
});

describe('the card brand, shown as the number is typed (issue 24)', () => {
  it('names the brand from the first digits, changes it with them, and clears it for a number it does not know', () => {
    openFieldPage('card');
    const number = frame.document.getElementById('number')!;
    const brand = () => (frame.document.getElementById('brand') as unknown as { textContent: string }).textContent;
    const type = (value: string) => {
      number.value = value;
      number.dispatchEvent(new frame.Event('input', { bubbles: true }));
    };
    expect(brand()).toBe('');
    type('4');
    expect(brand()).toBe('VISA');
    type('5555 5555');
    expect(brand()).toBe('Mastercard');
    type('3782');
    expect(brand()).toBe('AMEX');
    type('6011');
    expect(brand()).toBe('Discover');
    expect((number as unknown as { className: string }).className).toBe('has-brand');
    type('9');
    expect(brand()).toBe('');
    // No brand, no room kept for one.
    expect((number as unknown as { className: string }).className).toBe('');
  });

  it("takes the store's dark theme only when asked, and any other theme as the light one", () => {
    expect(fieldPage('card', STORE, undefined, '', 'dark')).toContain('<body class="dark"');
    expect(fieldPage('card', STORE)).toContain('<body class="light"');
  });
});
