// The Square sandbox's webhook deliveries: each event signed as Square signs it (base64 HMAC-SHA256 of
// the notification URL followed by the raw body) and delivered to the store's webhook; a delivery that
// is not answered 2xx is tried again later, as Square does (Square for up to 72 hours; the sandbox a
// few times within a minute: the store answers 404 while its own record of the payment is not written).
import { randomUUID } from 'node:crypto';
import { signSquareWebhook } from '../webhook.ts';

export interface WebhookSender {
  /** Sends an event about an object in the background. */
  queue(type: string, dataType: string, id: string, object: Record<string, unknown>): void;
  /** Sends an event body as it is, in the background. */
  send(rawBody: string): void;
  /** Signs an event body (tests forge, replay and age events with it). */
  sign(rawBody: string): string;
  /** The event's body, as queue would send it. */
  eventBody(type: string, dataType: string, id: string, object: Record<string, unknown>, createdAt?: Date): string;
  /** Stops retrying and waits for the deliveries in flight. */
  close(): Promise<void>;
}

/** Waits before each further try. */
const RETRY_DELAYS_MS = [500, 2_000, 5_000, 15_000, 30_000];

export function createWebhookSender(options: {
  deliver: (rawBody: string, signature: string) => Promise<number>;
  signatureKey: string;
  notificationUrl: string;
}): WebhookSender {
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const sign = (rawBody: string) => signSquareWebhook(options.signatureKey, options.notificationUrl, rawBody);

  const eventBody = (type: string, dataType: string, id: string, object: Record<string, unknown>, createdAt = new Date()) =>
    JSON.stringify({
      merchant_id: 'SANDBOX_MERCHANT',
      type,
      event_id: randomUUID(),
      created_at: createdAt.toISOString(),
      data: { type: dataType, id, object },
    });

  function attempt(rawBody: string, tries: number): void {
    if (closed) return;
    const run = (async () => {
      let status = 0;
      try {
        status = await options.deliver(rawBody, sign(rawBody));
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) return;
      const delay = RETRY_DELAYS_MS[tries];
      if (delay === undefined || closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        attempt(rawBody, tries + 1);
      }, delay);
      timer.unref();
      timers.add(timer);
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  return {
    queue: (type, dataType, id, object) => send(eventBody(type, dataType, id, object)),
    send,
    sign,
    eventBody,
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };

  /** After the answer that created the object has gone out, as Square's events follow its answers. */
  function send(rawBody: string): void {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      attempt(rawBody, 0);
    }, 0);
    timer.unref();
    timers.add(timer);
  }
}
