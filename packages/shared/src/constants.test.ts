import { describe, expect, it } from 'vitest';
import * as shared from './index.ts';

// Pins the SPEC §9 numbers as literals: a constant that drifts from the spec fails here, not in a
// screen far away. Imported through the package's entry point, so each one is also exported.
describe('SPEC §9 constants', () => {
  it('embedded checkout: overlay hides 2000 ms after loaded, fade 300 ms, card loaded delay 350 ms', () => {
    expect(shared.EMBEDDED_CHECKOUT_OVERLAY_HIDE_MS).toBe(2000);
    expect(shared.EMBEDDED_CHECKOUT_FADE_MS).toBe(300);
    expect(shared.CARD_FRAME_LOADED_DELAY_MS).toBe(350);
  });

  it('blockchain: packet 1232 bytes, signature 64, public key 32, max seed 32, version prefix mask 127, close code 1000', () => {
    expect(shared.BLOCKCHAIN_PACKET_BYTES).toBe(1232);
    expect(shared.BLOCKCHAIN_SIGNATURE_BYTES).toBe(64);
    expect(shared.BLOCKCHAIN_PUBLIC_KEY_BYTES).toBe(32);
    expect(shared.BLOCKCHAIN_MAX_SEED_BYTES).toBe(32);
    expect(shared.BLOCKCHAIN_VERSION_PREFIX_MASK).toBe(0x7f);
    expect(shared.BLOCKCHAIN_CLOSE_CODE).toBe(1000);
  });

  it('recording: queue limit 1000 events, 25 percent diagnostic sampling', () => {
    expect(shared.RECORDING_QUEUE_LIMIT_EVENTS).toBe(1000);
    expect(shared.RECORDING_DIAGNOSTIC_SAMPLING_PERCENT).toBe(25);
  });

  it('the token cookie is cleared with an expiry one day in the past', () => {
    expect(shared.TOKEN_COOKIE_EXPIRY_PAST_MS).toBe(86_400_000);
  });

  it('toasts, route loader and chunk timeout', () => {
    expect(shared.TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(shared.TOAST_DRAG_PERCENT).toBe(80);
    expect(shared.TOAST_POSITION).toBe('top-right');
    expect(shared.ROUTE_CHANGE_LOADER_MS).toBe(1500);
    expect(shared.CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});
