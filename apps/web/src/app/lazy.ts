import type { ComponentType } from 'react';
import { CHUNK_LOAD_FAILED_TEXT, CHUNK_LOAD_TIMEOUT_MS, CHUNK_RELOAD_KEY } from '@store/shared';

// SPEC §2 "Route behaviour": screens load lazily with a 120 s timeout; a chunk load failure reloads the
// page once per session (a new deploy replaced the old chunks), and after that the error is reported.

// How browsers word a failed dynamic import; all of them mean the same thing as webpack's old text.
const CHUNK_FAILURE_TEXTS = [
  CHUNK_LOAD_FAILED_TEXT,
  'Failed to fetch dynamically imported module', // Chromium (Vite)
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite, when a screen's stylesheet fails to load
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_FAILURE_TEXTS.some((text) => message.includes(text));
}

/** Every kind of chunk failure becomes one error whose message is 'Loading chunk failed'. */
export function normaliseChunkError(error: unknown): unknown {
  return isChunkLoadError(error) ? new Error(CHUNK_LOAD_FAILED_TEXT, { cause: error }) : error;
}

export interface ChunkLoadEnv {
  timeoutMs: number;
  session: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

function browserEnv(): ChunkLoadEnv {
  return { timeoutMs: CHUNK_LOAD_TIMEOUT_MS, session: window.sessionStorage, reload: () => window.location.reload() };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${CHUNK_LOAD_FAILED_TEXT}: no answer within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export async function loadChunk<T>(load: () => Promise<T>, given?: ChunkLoadEnv): Promise<T> {
  // On the server (a page rendered for a guest) a chunk is a file next to the bundle: no timeout, no reload.
  if (!given && typeof window === 'undefined') return load();
  const env = given ?? browserEnv();
  try {
    return await withTimeout(load(), env.timeoutMs);
  } catch (error) {
    const normalised = normaliseChunkError(error);
    if (isChunkLoadError(normalised) && !env.session.getItem(CHUNK_RELOAD_KEY)) {
      env.session.setItem(CHUNK_RELOAD_KEY, '1');
      env.reload();
      // The page is going away; settling would flash the error screen first.
      return new Promise<T>(() => {});
    }
    throw normalised;
  }
}

/** A route `lazy` for a page module with a default export. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await loadChunk(load);
    return { Component: module.default };
  };
}
