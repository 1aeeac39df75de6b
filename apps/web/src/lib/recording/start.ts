// Session recording (issue 12, ADR 028), started with the app. None of it is in the first load: main.tsx
// loads this file once the page is loaded and the browser idle (lib/when-idle.ts); the config is then asked
// for, and only a sampled session of a shopper who did not opt out loads the recorder (rrweb, a chunk of its
// own), at their first action; the recorder then asks the server for a recording (ADR 033).
import { AUTH_HEADER, NGROK_HEADER, type RecordingConfig } from '@store/shared';
import { decideSession, isHeld, isOptedOut, setOptedOut, type RecordingEnvironment } from './session.ts';

export type { RecordingEnvironment };

async function fetchConfig(token: string | null): Promise<RecordingConfig | null> {
  const headers: Record<string, string> = { [NGROK_HEADER]: '1' };
  if (token) headers[AUTH_HEADER] = token;
  try {
    const res = await fetch('/api/v1/recordings/config', { headers });
    if (!res.ok) return null;
    return ((await res.json()) as { data: RecordingConfig }).data;
  } catch {
    return null;
  }
}

/** Decides this browser session and arms the recorder; main.tsx calls it once the page is idle. */
export async function startRecording(env: RecordingEnvironment): Promise<void> {
  if (isOptedOut()) return;
  const config = await fetchConfig(env.getToken());
  if (!config) return;
  // The signed-in shopper opted out on another device: this browser keeps the choice too.
  if (config.optedOut) {
    setOptedOut(true);
    return;
  }
  const session = decideSession(config.samplePercent);
  // Not sampled, or the server asked this browser session to hold off (ADR 033).
  if (!session.sampled || isHeld()) return;
  onFirstInteraction(() => {
    if (isOptedOut() || isHeld()) return;
    import('./recorder.ts').then(
      ({ startRecorder }) => startRecorder(env),
      // The recorder's chunk did not load (offline, a release replaced it): this page is not recorded.
      () => {},
    );
  });
}

/**
 * The recorder (rrweb, tens of kilobytes) loads when the visitor first does something on the page: a page
 * only loaded and looked at (a crawler, a speed audit) never pays for it, and the recording starts with a
 * snapshot of the page as it was then.
 */
function onFirstInteraction(run: () => void): void {
  const events = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
  const once = () => {
    events.forEach((name) => window.removeEventListener(name, once, true));
    run();
  };
  events.forEach((name) => window.addEventListener(name, once, { capture: true, passive: true }));
}
