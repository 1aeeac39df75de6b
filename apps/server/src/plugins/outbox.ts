import { AsyncResource } from 'node:async_hooks';
import fp from 'fastify-plugin';
import { createBackoff } from '../lib/backoff.ts';
import { listPaidOrderIds } from '../modules/checkout/repository.ts';
import { releaseExpiredReservations } from '../modules/checkout/reservation-expiry.ts';
import { fulfilOrder } from '../modules/fulfilment/service.ts';
import { handleOutboxRow, type OutboxDeps } from '../modules/fulfilment/outbox-handlers.ts';
import { claimOutboxRows, markOutboxDone, markOutboxFailed } from '../modules/fulfilment/outbox-repository.ts';
import { onOutboxRows, onRecoveryRequest } from '../modules/fulfilment/outbox-signal.ts';
import { reconcilePayments } from '../modules/payments/reconcile.ts';
import { PASSWORD_RESET_TOPIC, sendPasswordReset } from '../modules/auth/service.ts';

export interface Outbox {
  /** Processes due rows soon, without waiting for the next poll. */
  kick(): void;
  /** Fulfils orders left paid, then processes every due row; resolves when none is left (tests). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

const POLL_MS = 500;
/** While the work keeps failing (the database is down), polls back off from POLL_MS up to this. */
const MAX_POLL_MS = 30_000;
const BATCH = 20;
/** Orders found still 'paid' are retried this often (every 60 polls = 30 s when all is well) besides at start. */
const RECOVERY_EVERY_POLLS = 60;

/**
 * Delivers the transactional outbox (receipt and password-reset mail, live wallet and cart updates) at least once, and
 * finishes what a crash left undone: card payments approved or in flight (reconciled with the
 * provider), then fulfilment of orders whose approval was recorded but whose fulfilment did not
 * complete. At start, and now and then while running.
 */
export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let stopSignal: (() => void) | undefined;
    let polls = 0;
    let queuedPass: Promise<void> | undefined;
    const backoff = createBackoff({ baseMs: POLL_MS, maxMs: MAX_POLL_MS });
    // One batch at a time per instance: drains, polls and kicks queue behind each other.
    let chain: Promise<void> = Promise.resolve();
    const serial = (work: () => Promise<void>): Promise<void> => {
      const next = chain.then(work);
      chain = next.then(
        () => backoff.succeeded(),
        (err: unknown) => {
          const { failures, delayMs, worthLogging } = backoff.failed();
          if (worthLogging) app.log.error({ err, failures, retryInMs: delayMs }, 'outbox work failed');
        },
      );
      return next;
    };

    const deps = (): OutboxDeps => ({ db: app.db, mailer: app.mailer, live: app.live, publicUrl: app.config.PUBLIC_URL });

    /** Auth's work done after answering (the password-reset mail); everything else is fulfilment's. */
    async function handleRow(topic: string, payload: unknown): Promise<void> {
      if (topic === PASSWORD_RESET_TOPIC) return sendPasswordReset({ db: app.db, mailer: app.mailer, config: app.config, log: app.log }, payload);
      return handleOutboxRow(deps(), topic, payload);
    }

    async function processBatch(): Promise<number> {
      const rows = await claimOutboxRows(app.db, BATCH);
      for (const row of rows) {
        try {
          await handleRow(row.topic, row.payload);
          // A reset request names an address someone typed, perhaps nobody's: it is not kept once handled.
          await markOutboxDone(app.db, row.id, { forgetPayload: row.topic === PASSWORD_RESET_TOPIC });
        } catch (err) {
          app.log.warn({ err, outboxId: row.id, topic: row.topic, attempts: row.attempts }, 'outbox row failed; will retry');
          await markOutboxFailed(app.db, row.id, row.attempts, err instanceof Error ? err.message : String(err));
        }
      }
      return rows.length;
    }

    async function recoverPaidOrders(): Promise<void> {
      // First the card payments a crash or a lost notification left unfinished: approvals become paid orders.
      await reconcilePayments({ db: app.db, provider: app.paymentProvider, log: app.log }).catch((err: unknown) => {
        app.log.error({ err }, 'reconciling card payments failed; will retry');
      });
      // Same rhythm as recovery: reservations of payments abandoned past ORDER_RESERVATION_MINUTES go back.
      await releaseExpiredReservations(app.db, app.config.ORDER_RESERVATION_MINUTES).catch((err: unknown) => {
        app.log.error({ err }, 'releasing expired order reservations failed; will retry');
      });
      for (const orderId of await listPaidOrderIds(app.db)) {
        try {
          await fulfilOrder(app.db, orderId);
        } catch (err) {
          app.log.error({ err, orderId }, 'fulfilment of a paid order failed; will retry');
        }
      }
    }

    async function drainAll(): Promise<void> {
      await recoverPaidOrders();
      await drainRows();
    }

    async function drainRows(): Promise<void> {
      while ((await processBatch()) > 0) {
        // rows written while this ran are picked up too
      }
    }

    let closing = false;
    let recoveryDue = false;
    // Kicks coalesce: however many arrive while one is queued, one pass picks up all their rows.
    const pass = (): Promise<void> => {
      if (closing) return Promise.resolve();
      queuedPass ??= serial(async () => {
        queuedPass = undefined;
        if (recoveryDue) {
          recoveryDue = false;
          await recoverPaidOrders();
        }
        await drainRows();
      });
      return queuedPass;
    };
    // A failed pass is already reported by serial(); the caller of kick() does not wait for it. The pass
    // runs in the outbox's own async context, not in that of the request that woke it: work done for
    // others must not carry one request's context (its logger bindings, a trace) along.
    const ownContext = new AsyncResource('store-outbox');
    const kick = () => {
      ownContext.runInAsyncScope(() => {
        pass().catch(() => {});
      });
    };

    // The next poll comes a backoff delay after the previous pass ended: POLL_MS while all is well.
    const schedulePoll = () => {
      if (closing) return;
      timer = setTimeout(() => {
        polls += 1;
        if (polls % RECOVERY_EVERY_POLLS === 0) recoveryDue = true;
        pass()
          .catch(() => {})
          .finally(schedulePoll);
      }, backoff.delayMs);
      timer.unref();
    };

    app.decorate<Outbox>('outbox', { kick, drain: () => serial(drainAll) });

    app.addHook('onReady', async () => {
      await serial(drainAll).catch(() => {});
      const stopRows = onOutboxRows((db) => {
        if (db === app.db) kick();
      });
      const stopRecovery = onRecoveryRequest((db) => {
        if (db !== app.db) return;
        recoveryDue = true;
        kick();
      });
      stopSignal = () => {
        stopRows();
        stopRecovery();
      };
      schedulePoll();
    });

    // Before anything closes (database, mailer): stop taking work and let the batch in hand finish.
    app.addHook('preClose', async () => {
      closing = true;
      if (timer) clearTimeout(timer);
      stopSignal?.();
      await chain;
    });
  },
  { name: 'outbox', dependencies: ['db', 'mail', 'live', 'payments-provider'] },
);
