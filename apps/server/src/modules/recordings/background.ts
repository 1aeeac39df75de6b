// The recordings module's background work: recorded sessions older than the retention setting are deleted.
import type { BackgroundJob, BackgroundWork } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { deleteExpiredRecordings } from './service.ts';

/** The runner's jobs pass comes every half minute or so; a retention counted in days needs far fewer deletes. */
const PRUNE_EVERY_MS = 10 * 60_000;

export function recordingsBackground(deps: { db: Db; log: { info(obj: object, msg: string): void } }): BackgroundWork {
  let lastRun = -Infinity;
  const prune: BackgroundJob = {
    name: 'recordings.delete-expired',
    async run() {
      if (Date.now() - lastRun < PRUNE_EVERY_MS) return;
      const deleted = await deleteExpiredRecordings(deps.db);
      lastRun = Date.now();
      if (deleted > 0) deps.log.info({ deleted }, 'expired session recordings deleted');
    },
  };
  return { jobs: [prune] };
}
