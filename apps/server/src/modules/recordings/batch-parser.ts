// Batches are read on a worker thread (ADR 033): parsing, checking and compressing a 512 KB batch takes tens
// of milliseconds of CPU, and ten at once held every other request (a ping waited over a second). One
// worker reads them one after another; the main thread only posts the text and gets back what to store.
// At most PARSE_QUEUE_LIMIT batches wait: beyond that the answer is 503 with Retry-After, and the browser
// sends the batch again later. The worker is its own file, bundled by `npm run build` (ADR 051: a worker thread
// does not inherit the loader that runs the server), started at the first batch, and started again after it
// fails or hangs.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { BATCH_WORKER_BUNDLE } from '../../build-outputs.ts';
import type { BatchOutcome } from './batch-body.ts';
import type { BatchJob } from './batch-worker.ts';
import { recordingBusy } from './refusals.ts';

/** Batches waiting or being read: about 8 MB of text at most, a few hundred milliseconds of work. */
export const PARSE_QUEUE_LIMIT = 16;
/** A batch takes tens of milliseconds; one unanswered this long means the worker is stuck. */
export const PARSE_TIMEOUT_MS = 10_000;
/** The worker's heap: a 512 KB batch parses into a few megabytes; a fault stays in the worker. */
const WORKER_HEAP_MB = 256;

export interface BatchParser {
  /** The batch's outcome; throws 503 RECORDING_BUSY when too many wait or the worker failed. */
  parse(text: string): Promise<BatchOutcome>;
  close(): Promise<void>;
}

type Answer = { id: number; outcome: BatchOutcome } | { id: number; error: string };

interface Waiting {
  resolve(outcome: BatchOutcome): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export function createBatchParser(
  log: Pick<FastifyBaseLogger, 'error'>,
  opts: { queueLimit?: number; timeoutMs?: number } = {},
): BatchParser {
  const queueLimit = opts.queueLimit ?? PARSE_QUEUE_LIMIT;
  const timeoutMs = opts.timeoutMs ?? PARSE_TIMEOUT_MS;
  const waiting = new Map<number, Waiting>();
  let worker: Worker | null = null;
  let starting: Promise<Worker> | null = null;
  let nextId = 0;
  let closed = false;

  function failAll(): void {
    for (const job of waiting.values()) {
      clearTimeout(job.timer);
      job.reject(recordingBusy());
    }
    waiting.clear();
  }

  /** The worker failed or hangs: what it held is answered 503, and the next batch starts a new one. */
  function discard(w: Worker, why: string, err?: unknown): void {
    if (worker !== w) return;
    worker = null;
    starting = null;
    log.error({ err: err instanceof Error ? err.message : err }, `recording batch worker ${why}; restarting it at the next batch`);
    failAll();
    void w.terminate();
  }

  async function start(): Promise<Worker> {
    if (closed) throw new Error('closed');
    if (!fs.existsSync(BATCH_WORKER_BUNDLE)) throw new Error(`${BATCH_WORKER_BUNDLE} is missing: run \`npm run build\``);
    const w = new Worker(BATCH_WORKER_BUNDLE, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // A worker never keeps the process alive: close() ends it, and so does the process.
    w.unref();
    w.on('message', (answer: Answer) => {
      const job = waiting.get(answer.id);
      if (!job) return;
      waiting.delete(answer.id);
      clearTimeout(job.timer);
      if ('outcome' in answer) return job.resolve(answer.outcome);
      log.error({ err: answer.error }, 'recording batch worker failed on a batch');
      job.reject(recordingBusy());
    });
    w.on('error', (err) => discard(w, 'failed', err));
    w.on('exit', (code) => discard(w, `exited (${code})`));
    worker = w;
    return w;
  }

  return {
    async parse(text) {
      if (closed || waiting.size >= queueLimit) throw recordingBusy();
      const id = nextId++;
      const outcome = new Promise<BatchOutcome>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (worker) return discard(worker, `did not answer within ${timeoutMs} ms`);
          // Still starting: this batch alone gives up.
          waiting.delete(id);
          reject(recordingBusy());
        }, timeoutMs);
        timer.unref();
        waiting.set(id, { resolve, reject, timer });
      });
      try {
        const w = worker ?? (await (starting ??= start()));
        w.postMessage({ id, text } satisfies BatchJob);
      } catch (err) {
        starting = null;
        if (!closed) log.error({ err: err instanceof Error ? err.message : err }, 'recording batch worker could not start');
        const job = waiting.get(id);
        waiting.delete(id);
        if (job) clearTimeout(job.timer);
        // The promise above is settled by nobody now; nothing waits on it.
        outcome.catch(() => {});
        throw recordingBusy();
      }
      return outcome;
    },
    async close() {
      closed = true;
      failAll();
      const w = worker;
      worker = null;
      starting = null;
      if (w) await w.terminate();
    },
  };
}
