// The only part of session recording in the browser's first load (ADR 028): when to load the rest.

/** Longest wait for an idle moment before starting anyway. */
const IDLE_TIMEOUT_MS = 5_000;

/** Runs `run` once the page has loaded and the browser is idle (or IDLE_TIMEOUT_MS later at most). */
export function whenIdle(run: () => void): void {
  if (typeof window === 'undefined') return;
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(run, 1_000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
