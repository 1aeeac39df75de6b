// Loading a third-party script tag the way both the card fields and the device id need it: once per
// page, with a time limit, and telling a script that failed apart from one that loaded.

export type ScriptOutcome = 'load' | 'error' | 'timeout';

/** The page's script tag for this URL (the merchant's own or one we added), if any. */
export function findScript(url: string): HTMLScriptElement | null {
  const wanted = new URL(url, document.baseURI).href;
  for (const script of Array.from(document.getElementsByTagName('script'))) {
    if (script.src && new URL(script.src, document.baseURI).href === wanted) return script;
  }
  return null;
}

export function appendScript(url: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  document.head.appendChild(script);
  return script;
}

/** Resolves with the first of the tag's load event, its error event, or the time limit. */
export function scriptSettled(script: HTMLScriptElement, timeoutMs: number): Promise<ScriptOutcome> {
  return new Promise((resolve) => {
    const done = (outcome: ScriptOutcome) => {
      clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
      resolve(outcome);
    };
    const onLoad = () => done('load');
    const onError = () => done('error');
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
  });
}

/** fetch with a time limit; the limit's timer runs on the page's clock (fake timers in tests). */
export async function fetchWithTimeout(fetcher: typeof fetch, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetcher(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
