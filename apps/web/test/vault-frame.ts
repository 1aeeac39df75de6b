import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';

// The card vault's hosted frame, played by a test: it says it has loaded, then answers every tokenize request
// the page posts it (hosted-fields.ts's protocol), as the vault at `origin` would.

/** The frame `testId` has loaded; each tokenize is answered with what `answer` gives for its request id. */
export async function vaultFrameReplies(testId: string, origin: string, answer: (requestId: string) => object) {
  const iframe = await screen.findByTestId<HTMLIFrameElement>(testId);
  const frameWindow = iframe.contentWindow!;
  vi.spyOn(frameWindow, 'postMessage').mockImplementation(((message: { requestId: string }) => {
    queueMicrotask(() =>
      window.dispatchEvent(new MessageEvent('message', { origin, source: frameWindow, data: answer(message.requestId) })),
    );
  }) as typeof frameWindow.postMessage);
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, source: frameWindow, data: { type: 'loaded' } }));
  });
}

/** The frame answers every tokenize with `token` (a Visa ending `last4`). */
export const vaultFrameAnswers = (testId: string, origin: string, token: string, last4 = '4242') =>
  vaultFrameReplies(testId, origin, (requestId) => ({ type: 'token', requestId, token, brand: 'visa', last4 }));
