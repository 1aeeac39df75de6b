// The worker thread that reads batches (batch-parser.ts starts it): each message is a batch's text, each
// answer its outcome, in order. What it does is batch-body.ts; here is only the wiring.
import { parentPort } from 'node:worker_threads';
import { parseBatchText } from './batch-body.ts';

export interface BatchJob {
  id: number;
  text: string;
}

parentPort?.on('message', (job: BatchJob) => {
  try {
    parentPort!.postMessage({ id: job.id, outcome: parseBatchText(job.text) });
  } catch (err) {
    // A fault of ours, not the batch's: the main thread answers 503 and logs it.
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
