// The total storage cap (ADR 033): all recordings together take at most RECORDING_MAX_TOTAL_BYTES in the
// table (compressed); beyond it the least recently written recordings are deleted, whole, until the rest
// fits. Each recording keeps a running count of its bytes, so the check is one sum over the recordings,
// never a measure of the events. It runs in the background job's every pass and, on each instance, after
// every fiftieth of the cap that instance stored: between two checks the total can pass the cap by at most
// a fiftieth per instance. Checks take a transaction-scoped advisory lock, so two never delete for the
// same excess.
import type { Db } from '../../db/client.ts';
import { deleteOldestOverTotal } from './repository.ts';

/** Checks per cap's worth of bytes stored by one instance. */
const CHECKS_PER_CAP = 50;

export interface StorageCap {
  /** A batch of `bytes` (compressed) was stored: checks the total when this instance stored enough since the last check. */
  stored(bytes: number): Promise<void>;
}

/** Deletes the least recently written recordings while the total is over the cap; how many were deleted. */
export const enforceStorageCap = (db: Db, maxTotalBytes: number): Promise<number> => deleteOldestOverTotal(db, maxTotalBytes);

export function storageCap(db: Db, maxTotalBytes: number, log: { error(obj: object, msg: string): void }): StorageCap {
  const checkEvery = Math.max(1, Math.floor(maxTotalBytes / CHECKS_PER_CAP));
  let sinceCheck = 0;
  return {
    async stored(bytes) {
      sinceCheck += bytes;
      if (sinceCheck < checkEvery) return;
      sinceCheck = 0;
      // The batch is stored whatever happens here; a failed check is the background job's to redo.
      await enforceStorageCap(db, maxTotalBytes).catch((err: unknown) => {
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'recording storage cap check failed');
      });
    },
  };
}
