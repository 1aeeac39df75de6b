// Delivery of the merchant webhook from the host's outbox (issue 11 contract): POST merchant.webhookUrl with
// `x-checkout-signature: t=<unix>,v1=<hex HMAC-SHA256("<t>.<raw body>")>` and `x-checkout-event-id`. A 2xx
// marks the event delivered; anything else (or no answer within the timeout) is retried with back-off.
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';
import * as repo from './repository.ts';
import { merchantCredentials } from './secret.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 60 * 60_000;

export function signWebhook(webhookSecret: string, rawBody: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', webhookSecret).update(`${t}.${rawBody}`).digest('hex')}`;
}

/** 5 s, 10 s, 20 s, … up to an hour between attempts. */
export const nextAttemptDelayMs = (attempts: number) => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

export function createWebhookDelivery({
  db,
  log,
  secret,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: {
  db: Db;
  log: FastifyBaseLogger;
  secret: Buffer;
  timeoutMs?: number;
}) {
  async function deliverOne(row: repo.OutboxRow): Promise<void> {
    const merchant = await repo.findMerchant(db, row.merchantId);
    if (!merchant?.webhookUrl) {
      await repo.markOutbox(db, row.eventId, { deliveredAt: new Date(), lastError: 'no webhook URL' });
      return;
    }
    const body = JSON.stringify(row.payload);
    const attempts = row.attempts + 1;
    try {
      const res = await fetch(merchant.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-checkout-signature': signWebhook(merchantCredentials(secret, merchant.id).webhookSecret, body),
          'x-checkout-event-id': row.eventId,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel().catch(() => {});
      if (res.status >= 200 && res.status < 300) {
        await repo.markOutbox(db, row.eventId, { attempts, deliveredAt: new Date(), lastError: null });
        return;
      }
      throw new Error(`answered ${res.status}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.warn({ eventId: row.eventId, attempts, err: message }, 'checkout webhook delivery failed; will retry');
      await repo.markOutbox(db, row.eventId, {
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + nextAttemptDelayMs(attempts)),
      });
    }
  }

  // One pass at a time: a kick while a pass runs queues one more pass.
  let running: Promise<void> | null = null;
  let again = false;
  async function deliverDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        for (const row of await repo.dueOutbox(db, 20)) await deliverOne(row);
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }
  return { deliverDue };
}
