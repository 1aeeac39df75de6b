// The recorder (ADR 028), loaded only for a sampled session (start.ts): rrweb records the page, the queue
// keeps the events (SPEC §9: at most 1000, the oldest dropped), and batches go to the server every few
// seconds and when the page is hidden, to the recording the server issued this browser session (ADR 033).
import { record } from 'rrweb';
import {
  CHAT_CONVERSATION_KEY,
  RECORDING_BATCH_MAX_BYTES,
  RECORDING_OPT_OUT_EVENT,
  RECORDING_QUEUE_LIMIT,
  type RecordingStart,
} from '@store/shared';
import { batchBody, RecordingQueue, type Batch, type TakeLimits } from './queue.ts';
import { forgetRecording, holdRecording, keepRecording, storedRecording, takeSequence, type RecordingEnvironment } from './session.ts';
import { scrubHref } from './scrub.ts';
import { requestRecording, sendBatch } from './transport.ts';

const SEND_EVERY_MS = 5_000;
const CHECK_LOCATION_EVERY_MS = 1_000;
/** A new full snapshot now and then: a queue that dropped its oldest events still holds a page to replay. */
const FULL_SNAPSHOT_EVERY_MS = 5 * 60_000;
/** rrweb's Meta event (EventType.Meta): it names the page's address. */
const META = 4;
/** Room for the batch's envelope under the server's limit. */
const NORMAL: TakeLimits = { maxEvents: RECORDING_QUEUE_LIMIT, maxBytes: RECORDING_BATCH_MAX_BYTES - 4 * 1024 };
/** A request sent as the page goes away (keepalive) may carry 64 KB at most, all such requests together. */
const ON_HIDE: TakeLimits = { maxEvents: RECORDING_QUEUE_LIMIT, maxBytes: 60 * 1024 };

function readChatId(): string | null {
  try {
    const raw = window.localStorage.getItem(CHAT_CONVERSATION_KEY);
    return raw && /^[A-Za-z0-9_-]{1,100}$/.test(raw) ? raw : null;
  } catch {
    return null;
  }
}

/** The recording this browser session sends to: the one it has, else one the server issues now. */
async function obtainRecording(env: RecordingEnvironment): Promise<RecordingStart | null> {
  const stored = storedRecording();
  if (stored) return stored;
  const issued = await requestRecording(env.getToken());
  if (!issued) return null;
  if ('holdUntil' in issued) {
    holdRecording(issued.holdUntil);
    return null;
  }
  keepRecording(issued);
  return issued;
}

export function startRecorder(env: RecordingEnvironment): void {
  const queue = new RecordingQueue(takeSequence);
  let chatId = readChatId();
  let sending = false;
  let stopped = false;
  let lastHref = window.location.href;
  // Events are queued from the start; the first send waits for the recording.
  const recordingReady = obtainRecording(env);

  const stopRecording = record({
    emit(event) {
      if (event.type === META) {
        const data = event.data as { href?: string };
        if (typeof data.href === 'string') data.href = scrubHref(data.href);
      }
      queue.push(JSON.stringify(event));
    },
    // Whatever is typed is masked (asterisks), every kind of field; text in .rr-mask elements too, and
    // .rr-block elements are left out whole.
    maskAllInputs: true,
    maskTextClass: 'rr-mask',
    blockClass: 'rr-block',
    // Card and bank fields are frames on the vault's origin; the identity check's page is a frame too. No
    // frame's content is recorded, whatever its origin.
    blockSelector: 'iframe',
    recordCrossOriginIframes: false,
    recordCanvas: false,
    collectFonts: false,
    inlineImages: false,
    checkoutEveryNms: FULL_SNAPSHOT_EVERY_MS,
    sampling: { mousemove: 100, scroll: 150 },
  });

  async function send(limits: TakeLimits, keepalive: boolean): Promise<void> {
    if (sending || stopped) return;
    sending = true;
    try {
      const recording = await recordingReady;
      if (!recording || stopped) return;
      const batch: Batch | null = queue.take(limits);
      if (!batch) return;
      const verdict = await sendBatch(recording, batchBody(batch, chatId), env.getToken(), keepalive);
      if (verdict.kind === 'sent' || verdict.kind === 'drop') queue.sent(batch);
      else if (verdict.kind === 'full') stop(() => holdRecording());
      else if (verdict.kind === 'lost') stop(forgetRecording);
      else if (verdict.kind === 'hold') stop(() => holdRecording(verdict.until));
      // 'retry': the batch stays pinned and goes with the next send.
    } finally {
      sending = false;
    }
  }

  /** An in-app navigation (no page load, so no Meta event): a custom event names the new address. */
  function checkLocation(): void {
    if (window.location.href === lastHref) return;
    lastHref = window.location.href;
    record.addCustomEvent('navigation', { href: scrubHref(lastHref) });
  }

  const onChat = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    chatId = typeof detail === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(detail) ? detail : readChatId();
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') void send(ON_HIDE, true);
  };
  const onPageHide = () => void send(ON_HIDE, true);
  const onOptOut = (event: Event) => {
    if ((event as CustomEvent<boolean>).detail === true) stop();
  };
  const timers = [
    window.setInterval(() => void send(NORMAL, false), SEND_EVERY_MS),
    window.setInterval(checkLocation, CHECK_LOCATION_EVERY_MS),
  ];
  window.addEventListener(CHAT_CONVERSATION_KEY, onChat);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  // Opting out stops everything at once; what was not sent yet is forgotten.
  window.addEventListener(RECORDING_OPT_OUT_EVENT, onOptOut);

  /** Stops recording this page and forgets what was not sent; `remember` tells the session why (the server's word). */
  function stop(remember?: () => void): void {
    if (stopped) return;
    stopped = true;
    remember?.();
    stopRecording?.();
    timers.forEach((timer) => window.clearInterval(timer));
    window.removeEventListener(CHAT_CONVERSATION_KEY, onChat);
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener(RECORDING_OPT_OUT_EVENT, onOptOut);
    queue.clear();
  }

  // No recording to send to (the server unreachable, or asking to wait): this page is not recorded.
  void recordingReady.then((recording) => {
    if (!recording) stop();
  });
}
