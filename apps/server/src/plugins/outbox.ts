import fp from 'fastify-plugin';
import { listPaidOrderIds } from '../modules/checkout/repository.ts';
import { releaseExpiredReservations } from '../modules/checkout/reservation-expiry.ts';
import { fulfilOrder } from '../modules/fulfilment/service.ts';
import { handleOutboxRow, type OutboxDeps } from '../modules/fulfilment/outbox-handlers.ts';
import { claimOutboxRows, markOutboxDone, markOutboxFailed } from '../modules/fulfilment/outbox-repository.ts';
import { onOutboxRows, onRecoveryRequest } from '../modules/fulfilment/outbox-signal.ts';
import { reconcilePayments } from '../modules/payments/reconcile.ts';

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
const BATCH = 20;
/** Orders found still 'paid' are retried this often (every 60 polls = 30 s) besides at start. */
const RECOVERY_EVERY_POLLS = 60;

/**
 * Delivers the transactional outbox (receipt mail, live wallet and cart updates) at least once, and
 * finishes what a crash left undone: card payments approved or in flight (reconciled with the
 * provider), then fulfilment of orders whose approval was recorded but whose fulfilment did not
 * complete. At start, and now and then while running.
 */
export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let stopSignal: (() => void) | undefined;
    let polls = 0;
    let kickQueued = false;
    // One batch at a time per instance: drains, polls and kicks queue behind each other.
    let chain: Promise<void> = Promise.resolve();
    const serial = (work: () => Promise<void>): Promise<void> => {
      const next = chain.then(work);
      chain = next.catch((err: unknown) => app.log.error({ err }, 'outbox work failed'));
      return next;
    };

    const deps = (): OutboxDeps => ({ db: app.db, mailer: app.mailer, live: app.live, publicUrl: app.config.PUBLIC_URL });

    async function processBatch(): Promise<number> {
      const rows = await claimOutboxRows(app.db, BATCH);
      for (const row of rows) {
        try {
          await handleOutboxRow(deps(), row.topic, row.payload);
          await markOutboxDone(app.db, row.id);
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
    const kick = () => {
      if (kickQueued || closing) return;
      kickQueued = true;
      void serial(async () => {
        kickQueued = false;
        if (recoveryDue) {
          recoveryDue = false;
          await recoverPaidOrders();
        }
        await drainRows();
      });
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
      timer = setInterval(() => {
        polls += 1;
        if (polls % RECOVERY_EVERY_POLLS === 0) recoveryDue = true;
        kick();
      }, POLL_MS);
      timer.unref();
    });

    // Before anything closes (database, mailer): stop taking work and let the batch in hand finish.
    app.addHook('preClose', async () => {
      closing = true;
      if (timer) clearInterval(timer);
      stopSignal?.();
      await chain;
    });
  },
  { name: 'outbox', dependencies: ['db', 'mail', 'live', 'payments-provider'] },
);
