import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY } from '@store/shared';
import { lazyPage, loadChunk, normaliseChunkError, type ChunkLoadEnv } from './lazy.ts';

function env(overrides: Partial<ChunkLoadEnv> = {}): ChunkLoadEnv & { reload: ReturnType<typeof vi.fn> } {
  return { timeoutMs: 120_000, session: sessionStorage, reload: vi.fn(), ...overrides } as ChunkLoadEnv & {
    reload: ReturnType<typeof vi.fn>;
  };
}

const viteFailure = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/AboutPage-x1.js'));

describe('lazy screens (SPEC §2 route behaviour)', () => {
  it('resolves with the module when it loads', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 'page' }), env())).resolves.toEqual({ default: 'page' });
  });

  it("normalises Vite's failed dynamic import to 'Loading chunk failed'", () => {
    const error = normaliseChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Loading chunk failed');
  });

  it('reloads the page on the first chunk failure of the session and remembers it', async () => {
    const e = env();
    void loadChunk(viteFailure, e);
    await vi.waitFor(() => expect(e.reload).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeTruthy();
  });

  it('reports the error instead of reloading again later in the session', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    const e = env();
    await expect(loadChunk(viteFailure, e)).rejects.toThrow('Loading chunk failed');
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('passes other errors through without reloading', async () => {
    const e = env();
    await expect(loadChunk(() => Promise.reject(new Error('boom in module')), e)).rejects.toThrow('boom in module');
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('gives a lazy screen 120 s by default, then treats it as a chunk failure', async () => {
    vi.useFakeTimers();
    try {
      // Already reloaded once this session, so the failure is reported instead of reloading.
      sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
      // The route's own lazy loader with the app's defaults: no timeout handed in.
      let settled: 'pending' | 'resolved' | Error = 'pending';
      lazyPage(() => new Promise(() => {}))().then(
        () => (settled = 'resolved'),
        (error: Error) => (settled = error),
      );
      await vi.advanceTimersByTimeAsync(119_999);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBeInstanceOf(Error);
      expect((settled as unknown as Error).message).toBe('Loading chunk failed');
    } finally {
      vi.useRealTimers();
    }
  });
});
