import type { Id, ToastContent, ToastOptions } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT, TOAST_POSITION, TOAST_THEME } from '@store/shared';

/** SPEC §2/§4/§9: notifications top-right, dark, auto-close 5000 ms, a drag of 80 % dismisses. */
export const toastDefaults = {
  position: TOAST_POSITION,
  theme: TOAST_THEME,
  autoClose: TOAST_AUTO_CLOSE_MS,
  draggablePercent: TOAST_DRAG_PERCENT,
} satisfies ToastOptions;

// react-toastify is loaded with the first notification, not with the page: most visits show none, and
// the first load of a public page stays small (issue 8). Toasts asked for before the container is
// mounted wait in react-toastify's own queue and show as soon as it is.
export type Toastify = typeof import('react-toastify');

let loaded: Toastify | null = null;
let loading: Promise<Toastify> | null = null;
const listeners = new Set<(toastify: Toastify) => void>();

/** Loads react-toastify once and tells whoever waits for it (the app's container). */
export function loadToasts(): Promise<Toastify> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('react-toastify').then(
    (toastify) => {
      loaded = toastify;
      listeners.forEach((listener) => listener(toastify));
      return toastify;
    },
    (error: unknown) => {
      // A failed load (say a new deploy replaced the chunk) lets the next notification try again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * For the app's container: calls `listener` once react-toastify is loaded (at once if it already is);
 * returns the unsubscribe. While someone listens, notifications wait for the container to mount.
 */
export function whenToastsLoaded(listener: (toastify: Toastify) => void): () => void {
  listeners.add(listener);
  if (loaded) listener(loaded);
  return () => {
    listeners.delete(listener);
  };
}

// A toast handed to react-toastify before its container subscribes waits in a queue that the first
// subscription takes; StrictMode's mount, unmount, mount in development would drop it with that first
// subscription. So a notification waits until the container says it is mounted.
let containersMounted = 0;
const mountWaiters = new Set<() => void>();

/** For the app's container, once it is mounted; returns what to call when it unmounts. */
export function toastContainerMounted(): () => void {
  containersMounted += 1;
  mountWaiters.forEach((resolve) => resolve());
  mountWaiters.clear();
  return () => {
    containersMounted -= 1;
  };
}

function containerReady(): Promise<void> {
  // Nobody waits to mount a container (a test of notify alone): react-toastify's own queue it is.
  if (containersMounted > 0 || listeners.size === 0) return Promise.resolve();
  return new Promise((resolve) => mountWaiters.add(resolve));
}

type Kind = 'success' | 'error' | 'warning' | 'info';

async function show(kind: Kind, content: ToastContent, options?: ToastOptions): Promise<Id | undefined> {
  // A page rendered on the server shows no notification; the browser shows its own.
  if (typeof window === 'undefined') return undefined;
  const toastify = await loadToasts().catch(() => null);
  if (!toastify) return undefined;
  await containerReady();
  // The same text of the same kind replaces itself instead of stacking (several calls failing at once).
  const toastId = typeof content === 'string' ? `${kind}:${content}` : undefined;
  return toastify.toast[kind](content, { ...toastDefaults, toastId, ...options });
}

// Fire and forget: a notification shows when react-toastify and the container are ready, and `show`
// never rejects (a failed load of react-toastify drops the notification, the next one tries again).
export const notify = {
  success: (content: ToastContent, options?: ToastOptions): void => void show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions): void => void show('error', content, options),
  warning: (content: ToastContent, options?: ToastOptions): void => void show('warning', content, options),
  info: (content: ToastContent, options?: ToastOptions): void => void show('info', content, options),
};
