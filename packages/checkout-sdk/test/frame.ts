/** Test helpers: messages as the hosted page (or an impostor) would post them to the merchant window. */
import { vi } from 'vitest';
import type { FrameMessage } from '../src/protocol.ts';

export const CHECKOUT_ORIGIN = 'http://localhost:3002';

/** Dispatches a message event on the merchant window as a browser does for a frame's postMessage. */
export function postToHost(data: unknown, from: { origin?: string; source?: Window | null } = {}): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? CHECKOUT_ORIGIN, source: from.source ?? null }));
}

/** Posts a §4 message from the given frame, with the checkout's origin unless told otherwise. */
export function postFromFrame(iframe: HTMLIFrameElement, message: FrameMessage, origin = CHECKOUT_ORIGIN): void {
  postToHost(JSON.stringify(message), { origin, source: iframe.contentWindow });
}

/** Records what the SDK posts back into a frame (its replies and their target origin). */
export function spyReplies(iframe: HTMLIFrameElement) {
  const target = iframe.contentWindow;
  if (!target) throw new Error('the frame has no window (is it attached?)');
  return vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
}
