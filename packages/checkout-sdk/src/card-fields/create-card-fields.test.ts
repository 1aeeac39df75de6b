// The card fields as a merchant page sees them: what they ask the API, which frame they mount, when they
// count as ready (fake timers), one token per call, and the tokenizer script's first-load failure (SPEC §4, §5, §8).
// The vault's tokenizer script is played by a fake global here; the real script is run in a DOM by
// apps/server/src/providers/vault/tokenizer-script.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_LOADED_DELAY_MS, TOKENIZER_LOAD_WARNING, UNABLE_TO_GET_TOKEN, VAULT_SESSION_EXPIRED } from '../protocol.ts';
import {
  CardFieldsConfigError,
  createCardFields,
  type CardFieldsOptions,
  type TokenizedCard,
  type TokenizerConfig,
  type TokenizerGlobal,
} from './index.ts';

const API = 'http://checkout.test:3002';
const VAULT = 'http://vault.test:3001';
const SCRIPT_URL = `${VAULT}/tokenizer/tokenizer.js`;

function configFor(mode: 'card' | 'cvv'): TokenizerConfig {
  return {
    tokenizerScriptUrl: SCRIPT_URL,
    vaultOrigin: VAULT,
    cardNumberFrameUrl: `${VAULT}/fields/card-number?cfg=signed`,
    cvvFrameUrl: `${VAULT}/fields/cvv?cfg=signed`,
    expiresAt: '2026-11-24T13:30:00.000Z',
    mode,
  };
}

/** The hosted checkout's API: answers the config request (each answer in turn, the last one again) and records what it was asked. */
function fakeApi(...answers: { status: number; body: unknown }[]) {
  const requests: { url: string; body: unknown }[] = [];
  const fetcher = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return { fetcher: fetcher as unknown as typeof fetch, requests };
}

/** Plays window.LuckyDragonTokenizer: mounts an iframe and lets the test drive its events and answers. */
function fakeTokenizer() {
  const mounts: { container: HTMLElement; frameUrl: string; placeholder?: string }[] = [];
  const listeners: Record<string, (() => void)[]> = { load: [], change: [], loaded: [] };
  const tokenize = vi.fn<(options?: { session?: string }) => Promise<TokenizedCard>>();
  const destroy = vi.fn();
  let iframe: HTMLIFrameElement | null = null;
  const global: TokenizerGlobal = {
    version: 1,
    vaultOrigin: VAULT,
    mount(container, options) {
      mounts.push({ container, ...options });
      iframe = document.createElement('iframe');
      container.appendChild(iframe);
      return {
        kind: options.frameUrl.includes('/fields/cvv') ? 'cvv' : 'card',
        iframe,
        on(type, listener) {
          listeners[type]!.push(listener);
          return () => (listeners[type] = listeners[type]!.filter((l) => l !== listener));
        },
        tokenize,
        destroy,
      };
    },
  };
  const emit = (type: 'load' | 'change') => listeners[type]!.forEach((listener) => listener());
  return { global, mounts, tokenize, destroy, emit, iframe: () => iframe };
}

const win = window as unknown as { LuckyDragonTokenizer?: TokenizerGlobal };
let cardNumberContainer: HTMLElement;
let cvvContainer: HTMLElement;

function options(extra: Partial<CardFieldsOptions> = {}): CardFieldsOptions {
  return { apiUrl: `${API}/`, merchantId: 'lucky-dragon', cardNumberContainer, cvvContainer, ...extra };
}

/** Lets pending promise callbacks run (the fake API answers at once); no time passes. */
async function settle(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await Promise.resolve();
  expect(condition()).toBe(true);
}

const scriptTags = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script')).filter((s) => s.src === SCRIPT_URL);

beforeEach(() => {
  vi.useFakeTimers();
  cardNumberContainer = document.createElement('div');
  cvvContainer = document.createElement('div');
  document.body.append(cardNumberContainer, cvvContainer);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete win.LuckyDragonTokenizer;
  document.body.replaceChildren();
  document.head.replaceChildren();
});

describe('createCardFields', () => {
  it('asks the API for a config for this page and mounts the card number frame with its placeholder', async () => {
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    const api = fakeApi({ status: 200, body: { success: true, data: configFor('card') } });
    const fields = await createCardFields(options({ fetch: api.fetcher }));

    expect(api.requests).toEqual([
      { url: `${API}/api/tokenize/iframe/config`, body: { origins: [window.location.origin], merchantId: 'lucky-dragon' } },
    ]);
    expect(fields.mode).toBe('card');
    expect(tokenizer.mounts).toEqual([
      { container: cardNumberContainer, frameUrl: `${VAULT}/fields/card-number?cfg=signed`, placeholder: '0000 0000 0000 0000' },
    ]);
    expect(cardNumberContainer.querySelector('iframe')).not.toBeNull();
    expect(cvvContainer.childElementCount).toBe(0);
  });

  it(`counts the frame as ready ${CARD_LOADED_DELAY_MS} ms after its load event; before that, 'Unable to get token'`, async () => {
    expect(CARD_LOADED_DELAY_MS).toBe(350);
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    tokenizer.tokenize.mockResolvedValue({ token: 'card_abc', brand: 'visa', last4: '1111' });
    const onReady = vi.fn();
    const fields = await createCardFields(
      options({ fetch: fakeApi({ status: 200, body: { success: true, data: configFor('card') } }).fetcher, onReady }),
    );

    await expect(fields.tokenize()).rejects.toThrow(UNABLE_TO_GET_TOKEN);
    vi.advanceTimersByTime(5000);
    await expect(fields.tokenize()).rejects.toThrow(UNABLE_TO_GET_TOKEN);

    tokenizer.emit('load');
    vi.advanceTimersByTime(CARD_LOADED_DELAY_MS - 1);
    expect(fields.ready).toBe(false);
    await expect(fields.tokenize()).rejects.toThrow(UNABLE_TO_GET_TOKEN);
    expect(tokenizer.tokenize).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(fields.ready).toBe(true);
    expect(onReady).toHaveBeenCalledTimes(1);
    await expect(fields.tokenize()).resolves.toEqual({ token: 'card_abc', brand: 'visa', last4: '1111' });
  });

  it('gives a token once: Pay again without an edit (after a decline) asks the frame for a new one', async () => {
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    const onChange = vi.fn();
    const fields = await createCardFields(
      options({ fetch: fakeApi({ status: 200, body: { success: true, data: configFor('card') } }).fetcher, onChange }),
    );
    tokenizer.emit('load');
    vi.advanceTimersByTime(CARD_LOADED_DELAY_MS);

    tokenizer.tokenize.mockResolvedValueOnce({ token: 'card_first', brand: 'visa', last4: '1111' });
    expect((await fields.tokenize()).token).toBe('card_first');
    tokenizer.tokenize.mockResolvedValueOnce({ token: 'card_again', brand: 'visa', last4: '1111' });
    expect((await fields.tokenize()).token).toBe('card_again');
    expect(tokenizer.tokenize).toHaveBeenCalledTimes(2);

    tokenizer.emit('change');
    expect(onChange).toHaveBeenCalledTimes(1);
    tokenizer.tokenize.mockResolvedValueOnce({ token: 'card_edited', brand: 'visa', last4: '4242' });
    expect((await fields.tokenize()).token).toBe('card_edited');
    expect(tokenizer.tokenize).toHaveBeenCalledTimes(3);
  });

  it('shares one request between calls made while it is out, but not across an edit', async () => {
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    const fields = await createCardFields(
      options({ fetch: fakeApi({ status: 200, body: { success: true, data: configFor('card') } }).fetcher }),
    );
    tokenizer.emit('load');
    vi.advanceTimersByTime(CARD_LOADED_DELAY_MS);

    let answer!: (value: { token: string; brand: string; last4: string }) => void;
    tokenizer.tokenize.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = fields.tokenize();
    const racing = fields.tokenize();
    expect(tokenizer.tokenize).toHaveBeenCalledTimes(1);
    answer({ token: 'card_one', brand: 'visa', last4: '1111' });
    expect((await first).token).toBe('card_one');
    expect((await racing).token).toBe('card_one');

    // An edit while a request is out: that caller gets its answer, a later call asks for the edited card.
    tokenizer.tokenize.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const before = fields.tokenize();
    tokenizer.emit('change');
    tokenizer.tokenize.mockResolvedValueOnce({ token: 'card_edited', brand: 'visa', last4: '4242' });
    const after = fields.tokenize();
    answer({ token: 'card_stale', brand: 'visa', last4: '1111' });
    expect((await before).token).toBe('card_stale');
    expect((await after).token).toBe('card_edited');
    expect(tokenizer.tokenize).toHaveBeenCalledTimes(3);
  });

  it("rejects with the vault's message for an invalid card, and asks again next time", async () => {
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    const fields = await createCardFields(
      options({ fetch: fakeApi({ status: 200, body: { success: true, data: configFor('card') } }).fetcher }),
    );
    tokenizer.emit('load');
    vi.advanceTimersByTime(CARD_LOADED_DELAY_MS);

    tokenizer.tokenize.mockRejectedValueOnce(new Error('Invalid card number'));
    await expect(fields.tokenize()).rejects.toThrow('Invalid card number');
    tokenizer.tokenize.mockResolvedValueOnce({ token: 'card_ok', brand: 'visa', last4: '1111' });
    await expect(fields.tokenize()).resolves.toMatchObject({ token: 'card_ok' });
  });

  it("takes a new card's CVV in its card frame (ADR 038): no separate CVV frame, and the frame's 'Invalid CVV' refuses the token", async () => {
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    const fields = await createCardFields(
      options({ fetch: fakeApi({ status: 200, body: { success: true, data: configFor('card') } }).fetcher }),
    );
    expect(fields.mode).toBe('card');
    expect(tokenizer.mounts.map((m) => new URL(m.frameUrl).pathname)).toEqual(['/fields/card-number']);
    expect(cvvContainer.childElementCount).toBe(0);
    tokenizer.emit('load');
    vi.advanceTimersByTime(CARD_LOADED_DELAY_MS);

    // What the vault's card frame answers for a missing CVV, or one of the wrong length for the brand.
    tokenizer.tokenize.mockRejectedValueOnce(new Error('Invalid CVV'));
    await expect(fields.tokenize()).rejects.toThrow('Invalid CVV');
    tokenizer.tokenize.mockResolvedValueOnce({ token: 'card_with_cvv', brand: 'americanExpress', last4: '0005' });
    // A new card's token is the only one: its CVV travels with it in the vault, no CVV token beside it.
    await expect(fields.tokenize()).resolves.toEqual({ token: 'card_with_cvv', brand: 'americanExpress', last4: '0005' });
  });

  it("shows only the CVV frame for a saved card, and gives the CVV's token with the card's", async () => {
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    const api = fakeApi({ status: 200, body: { success: true, data: configFor('cvv') } });
    const fields = await createCardFields(
      options({
        fetch: api.fetcher,
        savedCardToken: 'card_saved12345',
        merchantId: undefined,
        checkoutJwt: 'jwt',
        origins: [API, 'https://shop.example'],
      }),
    );
    expect(api.requests[0]!.body).toEqual({ origins: [API, 'https://shop.example'], token: 'card_saved12345', checkoutJwt: 'jwt' });
    expect(fields.mode).toBe('cvv');
    expect(tokenizer.mounts).toEqual([{ container: cvvContainer, frameUrl: `${VAULT}/fields/cvv?cfg=signed`, placeholder: 'CVV' }]);
    expect(cardNumberContainer.childElementCount).toBe(0);

    tokenizer.emit('load');
    vi.advanceTimersByTime(CARD_LOADED_DELAY_MS);
    tokenizer.tokenize.mockRejectedValueOnce(new Error('Invalid CVV'));
    await expect(fields.tokenize()).rejects.toThrow('Invalid CVV');
    tokenizer.tokenize.mockResolvedValueOnce({ token: 'cvv_123', brand: '', last4: '' });
    await expect(fields.tokenize()).resolves.toEqual({ token: 'cvv_123', brand: '', last4: '', cardToken: 'card_saved12345' });
  });

  it("fails with the API's message and field when the config is refused, and loads nothing", async () => {
    const api = fakeApi({
      status: 403,
      body: { success: false, code: 'FORBIDDEN', message: 'Origin not allowed for this merchant: https://x.example', field: 'origins' },
    });
    const failure = await createCardFields(options({ fetch: api.fetcher })).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(CardFieldsConfigError);
    expect(failure).toMatchObject({ message: 'Origin not allowed for this merchant: https://x.example', status: 403, field: 'origins' });
    expect(scriptTags()).toHaveLength(0);
  });

  it('renews the frame session shortly before it runs out, and hands the frame the new one', async () => {
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    const api = fakeApi(
      { status: 200, body: { success: true, data: { ...configFor('card'), session: 'fs1.first', sessionExpiresAt: inMinutes(5) } } },
      { status: 200, body: { success: true, data: { ...configFor('card'), session: 'fs1.second', sessionExpiresAt: inMinutes(15) } } },
    );
    const fields = await createCardFields(options({ fetch: api.fetcher }));
    tokenizer.emit('load');
    vi.advanceTimersByTime(CARD_LOADED_DELAY_MS);

    // Fresh: the frame uses the session of its URL.
    tokenizer.tokenize.mockResolvedValueOnce({ token: 'card_1', brand: 'visa', last4: '1111', expiresAt: inMinutes(15) });
    await fields.tokenize();
    expect(tokenizer.tokenize).toHaveBeenLastCalledWith();
    expect(api.requests).toHaveLength(1);

    // Ten minutes on the page, an edit, Pay: the config is asked for again and its session handed over.
    vi.advanceTimersByTime(10 * 60_000);
    tokenizer.emit('change');
    tokenizer.tokenize.mockResolvedValueOnce({ token: 'card_2', brand: 'visa', last4: '1111' });
    expect((await fields.tokenize()).token).toBe('card_2');
    expect(api.requests).toHaveLength(2);
    expect(tokenizer.tokenize).toHaveBeenLastCalledWith({ session: 'fs1.second' });
    expect(fields.config.session).toBe('fs1.second');
  });

  it('renews the session once when the vault says it has run out, and asks again', async () => {
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    const later = new Date(Date.now() + 5 * 60_000).toISOString();
    const api = fakeApi(
      { status: 200, body: { success: true, data: { ...configFor('card'), session: 'fs1.first', sessionExpiresAt: later } } },
      { status: 200, body: { success: true, data: { ...configFor('card'), session: 'fs1.renewed', sessionExpiresAt: later } } },
    );
    const fields = await createCardFields(options({ fetch: api.fetcher }));
    tokenizer.emit('load');
    vi.advanceTimersByTime(CARD_LOADED_DELAY_MS);

    tokenizer.tokenize.mockRejectedValueOnce(Object.assign(new Error('The card form has timed out.'), { code: VAULT_SESSION_EXPIRED }));
    tokenizer.tokenize.mockResolvedValueOnce({ token: 'card_ok', brand: 'visa', last4: '1111' });
    await expect(fields.tokenize()).resolves.toMatchObject({ token: 'card_ok' });
    expect(tokenizer.tokenize.mock.calls).toEqual([[], [{ session: 'fs1.renewed' }]]);

    // Only once: a second refusal is the shopper's to see.
    tokenizer.emit('change');
    const expired = Object.assign(new Error('The card form has timed out.'), { code: VAULT_SESSION_EXPIRED });
    tokenizer.tokenize.mockRejectedValueOnce(expired).mockRejectedValueOnce(expired);
    await expect(fields.tokenize()).rejects.toThrow('The card form has timed out.');
  });

  it('stops answering after destroy', async () => {
    const tokenizer = fakeTokenizer();
    win.LuckyDragonTokenizer = tokenizer.global;
    const fields = await createCardFields(
      options({ fetch: fakeApi({ status: 200, body: { success: true, data: configFor('card') } }).fetcher }),
    );
    tokenizer.emit('load');
    vi.advanceTimersByTime(CARD_LOADED_DELAY_MS);
    fields.destroy();
    expect(tokenizer.destroy).toHaveBeenCalledTimes(1);
    expect(fields.ready).toBe(false);
    await expect(fields.tokenize()).rejects.toThrow(UNABLE_TO_GET_TOKEN);
  });
});

describe('loading the tokenizer script', () => {
  const config = () => options({ fetch: fakeApi({ status: 200, body: { success: true, data: configFor('card') } }).fetcher });

  it('adds the script from the config and waits for it, without a warning when it loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tokenizer = fakeTokenizer();
    const created = createCardFields(config());
    await settle(() => scriptTags().length === 1);
    expect(tokenizer.mounts).toHaveLength(0);
    win.LuckyDragonTokenizer = tokenizer.global;
    scriptTags()[0]!.dispatchEvent(new Event('load'));
    await created;
    expect(tokenizer.mounts).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns when the first attempt fails and waits for the load event of the script', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tokenizer = fakeTokenizer();
    const created = createCardFields(config());
    await settle(() => scriptTags().length === 1);
    const first = scriptTags()[0]!;
    first.dispatchEvent(new Event('error'));

    await settle(() => warn.mock.calls.length === 1 && scriptTags().length === 1 && scriptTags()[0] !== first);
    expect(warn).toHaveBeenCalledWith(TOKENIZER_LOAD_WARNING);
    // Still waiting: nothing is mounted until the script's load event.
    vi.advanceTimersByTime(1000);
    expect(tokenizer.mounts).toHaveLength(0);
    win.LuckyDragonTokenizer = tokenizer.global;
    scriptTags()[0]!.dispatchEvent(new Event('load'));
    await created;
    expect(tokenizer.mounts).toHaveLength(1);
  });

  it("gives up with 'Unable to get token' when the second attempt fails too", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const created = createCardFields(config());
    const outcome = created.catch((err: Error) => err);
    await settle(() => scriptTags().length === 1);
    const first = scriptTags()[0]!;
    first.dispatchEvent(new Event('error'));
    await settle(() => scriptTags().length === 1 && scriptTags()[0] !== first);
    scriptTags()[0]!.dispatchEvent(new Event('error'));
    expect(await outcome).toMatchObject({ message: UNABLE_TO_GET_TOKEN });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("uses the page's own script tag when it has one, warning while it is still loading", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const own = document.createElement('script');
    own.src = SCRIPT_URL;
    document.head.appendChild(own);
    const tokenizer = fakeTokenizer();
    const created = createCardFields(config());
    // The page (jsdom) is complete: the tag already had its chance; a fresh tag is the second attempt.
    await settle(() => scriptTags().length === 2);
    expect(warn).toHaveBeenCalledWith(TOKENIZER_LOAD_WARNING);
    expect(scriptTags()[0]).toBe(own);
    win.LuckyDragonTokenizer = tokenizer.global;
    scriptTags()[1]!.dispatchEvent(new Event('load'));
    await created;
    expect(tokenizer.mounts).toHaveLength(1);
  });
});
