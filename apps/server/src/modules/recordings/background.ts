// The recordings module's background work: recorded sessions older than the retention setting are deleted
// (and recordings issued but never sent to), and the total storage cap is held (ADR 033).
import type { BackgroundJob, BackgroundWork } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { deleteExpiredRecordings } from './service.ts';
import { enforceStorageCap } from './storage-cap.ts';

/** The runner's jobs pass comes every half minute or so; a retention counted in days needs far fewer deletes. */
const PRUNE_EVERY_MS = 10 * 60_000;

export function recordingsBackground(deps: {
  db: Db;
  log: { info(obj: object, msg: string): void };
  maxTotalBytes: number;
}): BackgroundWork {
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
  // Every pass: the instances check after storing a share of the cap each, and this catches what their
  // checks left (several instances, a cap lowered at a restart).
  const cap: BackgroundJob = {
    name: 'recordings.storage-cap',
    async run() {
      const deleted = await enforceStorageCap(deps.db, deps.maxTotalBytes);
      if (deleted > 0) deps.log.info({ deleted }, 'oldest session recordings deleted to hold the storage cap');
    },
  };
  return { jobs: [prune, cap] };
}
