import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY } from '@store/shared';
import { loadChunk, normaliseChunkError, type ChunkLoadEnv } from './lazy.ts';

function env(overrides: Partial<ChunkLoadEnv> = {}): ChunkLoadEnv & { reload: ReturnType<typeof vi.fn> } {
  return { timeoutMs: 120_000, session: sessionStorage, reload: vi.fn(), ...overrides } as ChunkLoadEnv & {
    reload: ReturnType<typeof vi.fn>;
  };
}

const viteFailure = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/AboutPage-x1.js'));

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
    await vi.waitFor(() => expect(e.reload).toHaveBeenCalledTimes(1));
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

  it('treats a chunk that does not arrive within the timeout as a chunk failure', async () => {
    vi.useFakeTimers();
    try {
      sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
      const result = loadChunk(() => new Promise(() => {}), env({ timeoutMs: 120_000 }));
      const assertion = expect(result).rejects.toThrow('Loading chunk failed');
      await vi.advanceTimersByTimeAsync(120_000);
      await assertion;
    } finally {
      vi.useRealTimers();
    }
  });
});
