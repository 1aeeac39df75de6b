// The checkout module's background work: reservations of payments abandoned past
// ORDER_RESERVATION_MINUTES go back to stock (reservation-expiry.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { releaseExpiredReservations } from './reservation-expiry.ts';

export function checkoutBackground({
  db,
  log,
  reservationMinutes,
}: {
  db: Db;
  log: FastifyBaseLogger;
  reservationMinutes: number;
}): BackgroundWork {
  return {
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
