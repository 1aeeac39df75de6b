// The recorder (ADR 028), loaded only for a sampled session (start.ts): rrweb records the page, the queue
// keeps the events (SPEC §9: at most 1000, the oldest dropped), and batches go to the server every few
// seconds and when the page is hidden.
import { record } from 'rrweb';
import {
  AUTH_HEADER,
  CHAT_CONVERSATION_KEY,
  RECORDING_BATCH_MAX_BYTES,
  RECORDING_OPT_OUT_EVENT,
  RECORDING_QUEUE_LIMIT,
} from '@store/shared';
import { batchBody, RecordingQueue, type Batch, type TakeLimits } from './queue.ts';
import { takeSequence, type RecordingEnvironment, type RecordingSession } from './session.ts';
import { scrubHref } from './scrub.ts';

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

export function startRecorder(session: RecordingSession, env: RecordingEnvironment): void {
  const queue = new RecordingQueue(() => takeSequence(session));
  let chatId = readChatId();
  let sending = false;
  let lastHref = window.location.href;

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
    if (sending) return;
    const batch: Batch | null = queue.take(limits);
    if (!batch) return;
    sending = true;
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const token = env.getToken();
      if (token) headers[AUTH_HEADER] = token;
      const res = await fetch('/api/v1/recordings/batches', {
        method: 'POST',
        headers,
        body: batchBody(session.id, batch, chatId),
        keepalive,
      });
      // Stored, or refused for what it is (too large, malformed): either way sending it again would not help.
      if (res.ok || res.status === 400 || res.status === 413) queue.sent(batch);
    } catch {
      // Offline or the server is away: the batch stays in the queue and goes with the next send.
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
  const timers = [
    window.setInterval(() => void send(NORMAL, false), SEND_EVERY_MS),
    window.setInterval(checkLocation, CHECK_LOCATION_EVERY_MS),
  ];
  window.addEventListener(CHAT_CONVERSATION_KEY, onChat);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);

  // Opting out stops everything at once; what was not sent yet is forgotten.
  window.addEventListener(RECORDING_OPT_OUT_EVENT, function onOptOut(event) {
    if ((event as CustomEvent<boolean>).detail !== true) return;
    stopRecording?.();
    timers.forEach((timer) => window.clearInterval(timer));
    window.removeEventListener(CHAT_CONVERSATION_KEY, onChat);
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener(RECORDING_OPT_OUT_EVENT, onOptOut);
    queue.clear();
  });
}
