// Work the first load leaves for later (issue 8, 26): session recording's start (main.tsx) and a chat widget
// that has something to show (features/chat/ChatLauncher.tsx) load once the page is loaded and quiet.

/** Longest wait for an idle moment before running anyway. */
const IDLE_TIMEOUT_MS = 5_000;

/** Runs `run` once the page has loaded and the browser is idle (IDLE_TIMEOUT_MS later at most); answers a cancel. */
export function whenIdle(run: () => void): () => void {
  let cancelled = false;
  if (typeof window === 'undefined') return () => {};
  const go = () => {
    if (!cancelled) run();
  };
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(go, 1_000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
  };
}
