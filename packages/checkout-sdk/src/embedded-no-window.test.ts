// @vitest-environment node
// Server rendering: no window at all.
import { expect, it } from 'vitest';
import { createEmbeddedCheckout } from './embedded.ts';

it("throws 'Window not defined' without a browser window", () => {
  expect(() => createEmbeddedCheckout({ merchantId: 'm', container: {} as HTMLElement })).toThrow('Window not defined');
});
