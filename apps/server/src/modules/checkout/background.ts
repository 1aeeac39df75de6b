// The checkout module's background work: reservations of payments abandoned past
// ORDER_RESERVATION_MINUTES go back to stock (reservation-expiry.ts), and every change of an order's
// state reaches its shopper live (order-state-events.ts).
import type { FastifyBaseLogger } from 'fastify';
import { handleTopic } from '../../background/topics.ts';
import type { BackgroundWork } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../../plugins/live.ts';
import { pushOrderState } from './order-state-events.ts';
import { releaseExpiredReservations } from './reservation-expiry.ts';
import { OUTBOX_TOPICS } from '@store/shared';

export function checkoutBackground({
  db,
  log,
  live,
  reservationMinutes,
}: {
  db: Db;
  log: FastifyBaseLogger;
  live: Live;
  reservationMinutes: number;
}): BackgroundWork {
  return {
    topics: [handleTopic(OUTBOX_TOPICS.orderState, (payload) => pushOrderState({ db, live }, payload))],
    jobs: [
      {
        name: 'checkout.expire-reservations',
        // A failure waits for the next pass; the jobs after this one still run.
        run: async () => {
          await releaseExpiredReservations(db, reservationMinutes).catch((err: unknown) => {
            log.error({ err }, 'releasing expired order reservations failed; will retry');
          });
        },
      },
    ],
  };
}
