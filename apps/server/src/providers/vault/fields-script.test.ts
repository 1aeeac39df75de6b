// @vitest-environment jsdom
// The hosted card field page's own script, run in a DOM: what it tells the store page, and when.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_FRAME_LOADED_DELAY_MS, VAULT_INVALID_CVV } from '@store/shared';
import { FIELDS_SCRIPT, fieldPage } from './pages.ts';

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
}

const STORE = 'http://store.test:3000';
const frame = globalThis as unknown as FieldWindow;

/** Puts the field page in the document (without its script tag) and runs its script, as the frame would. */
function openFieldPage(kind: 'card' | 'cvv') {
  const html = fieldPage(kind, STORE).replace(/<script[^>]*><\/script>/, '');
  const parsed = new frame.DOMParser().parseFromString(html, 'text/html');
  frame.document.replaceChild(frame.document.adoptNode(parsed.documentElement), frame.document.documentElement);
  const sent: { message: { type: string; [key: string]: unknown }; targetOrigin: string }[] = [];
  vi.spyOn(frame.parent, 'postMessage').mockImplementation((message, targetOrigin) => {
    sent.push({ message: message as { type: string }, targetOrigin });
  });
  new Function(FIELDS_SCRIPT)();
  return { sent, loaded: () => sent.filter((entry) => entry.message.type === 'loaded') };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
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
