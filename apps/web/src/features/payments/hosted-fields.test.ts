import { afterEach, describe, expect, it, vi } from 'vitest';
import { VAULT_SESSION_EXPIRED, type VaultFrameSession } from '@store/shared';
import { mountCardFields, UNABLE_TO_GET_TOKEN } from './hosted-fields.ts';

const VAULT = 'http://localhost:3001';

/** Plays the vault frame: sees what the store posts, and answers as the frame from its origin. */
function fakeFrame(container: HTMLElement) {
  const iframe = container.querySelector('iframe');
  if (!iframe?.contentWindow) throw new Error('no frame mounted');
  const frameWindow = iframe.contentWindow;
  const posted: { message: { type: string; requestId: string; session?: string }; targetOrigin: string }[] = [];
  vi.spyOn(frameWindow, 'postMessage').mockImplementation(((message: { type: string; requestId: string }, targetOrigin: string) => {
    posted.push({ message, targetOrigin });
  }) as typeof frameWindow.postMessage);
  const send = (data: unknown, origin = VAULT, source: Window | null = frameWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  return { iframe, posted, send };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function mount(field: 'card-number' | 'cvv' = 'card-number') {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const fields = mountCardFields(container, { vaultOrigin: VAULT, field, timeoutMs: 50 });
  return { container, fields, frame: fakeFrame(container) };
}

describe('hosted card fields', () => {
  it('loads the field page from the vault origin', () => {
    const { frame } = mount('cvv');
    const src = new URL(frame.iframe.src);
    expect(src.origin).toBe(VAULT);
    expect(src.pathname).toBe('/fields/cvv');
    expect(src.searchParams.get('origin')).toBe(window.location.origin);
    // Styled as the store's own inputs (issue 24).
    expect(src.searchParams.get('theme')).toBe('dark');
  });

  it("fails with 'Unable to get token' before the frame reports it has loaded", async () => {
    const { fields, frame } = mount();
    await expect(fields.tokenize()).rejects.toThrow(UNABLE_TO_GET_TOKEN);
    expect(frame.posted).toEqual([]);
  });

  it('asks the frame for a token (to its origin only) and resolves with the answer', async () => {
    const { fields, frame } = mount();
    frame.send({ type: 'loaded' });
    const pending = fields.tokenize();
    expect(frame.posted).toHaveLength(1);
    const { message, targetOrigin } = frame.posted[0]!;
    expect(targetOrigin).toBe(VAULT);
    expect(message.type).toBe('tokenize');
    frame.send({ type: 'token', requestId: message.requestId, token: 'vt_123', brand: 'visa', last4: '1111' });
    await expect(pending).resolves.toEqual({ token: 'vt_123', brand: 'visa', last4: '1111' });
  });

  it('gives a token once: a second tokenize without an edit (Pay again after a decline) asks the frame for a new one', async () => {
    const { fields, frame } = mount();
    frame.send({ type: 'loaded' });
    const first = fields.tokenize();
    frame.send({ type: 'token', requestId: frame.posted[0]!.message.requestId, token: 'vt_1', brand: 'visa', last4: '1111' });
    await expect(first).resolves.toMatchObject({ token: 'vt_1' });

    const again = fields.tokenize();
    expect(frame.posted).toHaveLength(2);
    expect(frame.posted[1]!.message.type).toBe('tokenize');
    frame.send({ type: 'token', requestId: frame.posted[1]!.message.requestId, token: 'vt_2', brand: 'visa', last4: '1111' });
    await expect(again).resolves.toMatchObject({ token: 'vt_2' });
  });

  it('shares one request between calls made while it is out, unless the card is edited meanwhile', async () => {
    const { fields, frame } = mount();
    frame.send({ type: 'loaded' });
    const first = fields.tokenize();
    const racing = fields.tokenize();
    expect(frame.posted).toHaveLength(1);
    frame.send({ type: 'token', requestId: frame.posted[0]!.message.requestId, token: 'vt_1', brand: 'visa', last4: '1111' });
    await expect(first).resolves.toMatchObject({ token: 'vt_1' });
    await expect(racing).resolves.toMatchObject({ token: 'vt_1' });

    const before = fields.tokenize();
    frame.send({ type: 'change' });
    const after = fields.tokenize();
    expect(frame.posted).toHaveLength(3);
    frame.send({ type: 'token', requestId: frame.posted[2]!.message.requestId, token: 'vt_3', brand: 'visa', last4: '4242' });
    frame.send({ type: 'token', requestId: frame.posted[1]!.message.requestId, token: 'vt_2', brand: 'visa', last4: '1111' });
    await expect(before).resolves.toMatchObject({ token: 'vt_2' });
    await expect(after).resolves.toMatchObject({ token: 'vt_3' });
  });

  it('rejects when the frame reports an invalid card', async () => {
    const { fields, frame } = mount();
    frame.send({ type: 'loaded' });
    const pending = fields.tokenize();
    frame.send({ type: 'error', requestId: frame.posted[0]!.message.requestId, message: 'Invalid card number' });
    await expect(pending).rejects.toThrow('Invalid card number');
  });

  it('rejects when the CVV frame reports an invalid CVV, and asks again after the shopper edits it', async () => {
    const { fields, frame } = mount('cvv');
    frame.send({ type: 'loaded' });
    const pending = fields.tokenize();
    frame.send({ type: 'error', requestId: frame.posted[0]!.message.requestId, message: 'Invalid CVV' });
    await expect(pending).rejects.toThrow('Invalid CVV');

    // No token was cached from the failure: the next try asks the frame again.
    frame.send({ type: 'change' });
    const retry = fields.tokenize();
    expect(frame.posted).toHaveLength(2);
    frame.send({ type: 'token', requestId: frame.posted[1]!.message.requestId, token: 'cvv_ok', brand: '', last4: '' });
    await expect(retry).resolves.toMatchObject({ token: 'cvv_ok' });
  });

  it('ignores messages from another origin or another window', async () => {
    const { fields, frame } = mount();
    frame.send({ type: 'loaded' }, 'https://evil.example');
    frame.send({ type: 'loaded' }, VAULT, window);
    await expect(fields.tokenize()).rejects.toThrow(UNABLE_TO_GET_TOKEN);

    frame.send({ type: 'loaded' });
    const pending = fields.tokenize();
    const { requestId } = frame.posted[0]!.message;
    frame.send({ type: 'token', requestId, token: 'forged', brand: 'visa', last4: '0000' }, 'https://evil.example');
    frame.send({ type: 'token', requestId, token: 'vt_real', brand: 'visa', last4: '1111' });
    await expect(pending).resolves.toMatchObject({ token: 'vt_real' });
  });

  it('gives up with "Unable to get token" when the frame never answers, and removes the frame on destroy', async () => {
    const { fields, frame, container } = mount();
    frame.send({ type: 'loaded' });
    await expect(fields.tokenize()).rejects.toThrow(UNABLE_TO_GET_TOKEN);
    fields.destroy();
    await flush();
    expect(container.querySelector('iframe')).toBeNull();
    await expect(fields.tokenize()).rejects.toThrow(UNABLE_TO_GET_TOKEN);
  });
});

describe('hosted card fields and the frame session (ADR 032)', () => {
  const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

  function mountWithSessions(initial: VaultFrameSession | null, ...renewals: VaultFrameSession[]) {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const renew = vi.fn(async () => renewals.shift()!);
    const fields = mountCardFields(container, { vaultOrigin: VAULT, field: 'card-number', timeoutMs: 5000, session: { initial, renew } });
    const frame = fakeFrame(container);
    frame.send({ type: 'loaded' });
    return { fields, frame, renew };
  }
  /** Answers the newest tokenize request the frame got. */
  const answerLast = (frame: ReturnType<typeof fakeFrame>, data: object) =>
    frame.send({ requestId: frame.posted.at(-1)!.message.requestId, ...data });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the frame with the session and hands it over with each tokenize', async () => {
    const { fields, frame, renew } = mountWithSessions({ session: 'fs1.first', expiresAt: minutesFromNow(5) });
    expect(new URL(frame.iframe.src).searchParams.get('session')).toBe('fs1.first');
    const pending = fields.tokenize();
    expect(frame.posted[0]!.message).toMatchObject({ type: 'tokenize', session: 'fs1.first' });
    answerLast(frame, { type: 'token', token: 'card_1', brand: 'visa', last4: '1111', expiresAt: minutesFromNow(15) });
    await expect(pending).resolves.toEqual({ token: 'card_1', brand: 'visa', last4: '1111' });
    expect(renew).not.toHaveBeenCalled();
  });

  it('gets a new session when the shopper has waited on the page until it is about to run out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { fields, frame, renew } = mountWithSessions(
      { session: 'fs1.first', expiresAt: minutesFromNow(5) },
      { session: 'fs1.second', expiresAt: minutesFromNow(15) },
    );
    // Ten minutes later, Pay.
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const pending = fields.tokenize();
    await vi.waitFor(() => expect(frame.posted).toHaveLength(1));
    expect(renew).toHaveBeenCalledTimes(1);
    expect(frame.posted[0]!.message).toMatchObject({ session: 'fs1.second' });
    answerLast(frame, { type: 'token', token: 'card_2', brand: 'visa', last4: '1111' });
    await expect(pending).resolves.toMatchObject({ token: 'card_2' });
  });

  it('renews once and asks again when the vault says the session has run out', async () => {
    const { fields, frame, renew } = mountWithSessions(
      { session: 'fs1.first', expiresAt: minutesFromNow(5) },
      { session: 'fs1.renewed', expiresAt: minutesFromNow(5) },
    );
    const pending = fields.tokenize();
    answerLast(frame, { type: 'error', message: 'The card form has timed out. Please try again.', code: VAULT_SESSION_EXPIRED });
    await vi.waitFor(() => expect(frame.posted).toHaveLength(2));
    expect(renew).toHaveBeenCalledTimes(1);
    expect(frame.posted[1]!.message).toMatchObject({ session: 'fs1.renewed' });
    answerLast(frame, { type: 'token', token: 'card_ok', brand: 'visa', last4: '1111' });
    await expect(pending).resolves.toMatchObject({ token: 'card_ok' });
  });

  it('gets a session at the first tokenize when the frame opened without one', async () => {
    const { fields, frame, renew } = mountWithSessions(null, { session: 'fs1.late', expiresAt: minutesFromNow(5) });
    expect(new URL(frame.iframe.src).searchParams.has('session')).toBe(false);
    const pending = fields.tokenize();
    await vi.waitFor(() => expect(frame.posted).toHaveLength(1));
    expect(renew).toHaveBeenCalledTimes(1);
    expect(frame.posted[0]!.message).toMatchObject({ session: 'fs1.late' });
    answerLast(frame, { type: 'token', token: 'card_late', brand: 'visa', last4: '1111' });
    await expect(pending).resolves.toMatchObject({ token: 'card_late' });
  });

  it('asks the frame again, with the current session, after a token was given', async () => {
    const { fields, frame } = mountWithSessions({ session: 'fs1.first', expiresAt: minutesFromNow(60) });
    const first = fields.tokenize();
    answerLast(frame, { type: 'token', token: 'card_old', brand: 'visa', last4: '1111', expiresAt: minutesFromNow(15) });
    await first;
    const second = fields.tokenize();
    expect(frame.posted).toHaveLength(2);
    expect(frame.posted[1]!.message).toMatchObject({ type: 'tokenize', session: 'fs1.first' });
    answerLast(frame, { type: 'token', token: 'card_new', brand: 'visa', last4: '1111' });
    await expect(second).resolves.toMatchObject({ token: 'card_new' });
  });
});
