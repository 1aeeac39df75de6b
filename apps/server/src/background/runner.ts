// The one background runner of an instance: the modules' periodic jobs and the delivery of the
// transactional outbox (ADR 003, ADR 007). It knows no module: app.ts hands it each module's work.
import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { createBackoff } from '../lib/backoff.ts';
import { claimOutboxRows, markOutboxDone, markOutboxFailed } from './outbox-repository.ts';
import type { TopicHandler } from './topics.ts';
import type { BackgroundJob, BackgroundWork, Wake } from './work.ts';

export interface BackgroundRunner extends Wake {
  /** Adds a module's jobs (run in the order added) and outbox topics. Before start() only. */
  add(work: BackgroundWork): void;
  /** Runs every job, then processes every due row; resolves when none is left (tests). */
  drain(): Promise<void>;
  /** A full pass, then polling. Wakes before it are ignored: the first pass picks their work up. */
  start(): Promise<void>;
  /** Stops taking work and lets the batch in hand finish. */
  stop(): Promise<void>;
}

const POLL_MS = 500;
/** While the work keeps failing (the database is down), polls back off from POLL_MS up to this. */
const MAX_POLL_MS = 30_000;
const BATCH = 20;
/** The jobs run this often (every 60 polls = 30 s when all is well) besides at start and when asked. */
const RUN_JOBS_EVERY_POLLS = 60;

export function createRunner({ db, log }: { db: Db; log: FastifyBaseLogger }): BackgroundRunner {
  const jobs: BackgroundJob[] = [];
  const topics = new Map<string, TopicHandler<unknown>>();
  const backoff = createBackoff({ baseMs: POLL_MS, maxMs: MAX_POLL_MS });
  let started = false;
  let closing = false;
  let jobsDue = false;
  let polls = 0;
  let timer: NodeJS.Timeout | undefined;
  let queuedPass: Promise<void> | undefined;

  // One pass at a time per instance: drains, polls and kicks queue behind each other.
  let chain: Promise<void> = Promise.resolve();
  const serial = (work: () => Promise<void>): Promise<void> => {
    const next = chain.then(work);
    chain = next.then(
      () => backoff.succeeded(),
      (err: unknown) => {
        const { failures, delayMs, worthLogging } = backoff.failed();
        if (worthLogging) log.error({ err, failures, retryInMs: delayMs }, 'outbox work failed');
      },
    );
    return next;
  };

  async function runJobs(): Promise<void> {
    for (const job of jobs) await job.run();
  }

  async function handleRow(topic: string, payload: unknown): Promise<void> {
    const handler = topics.get(topic);
    if (!handler) throw new Error(`unknown outbox topic ${topic}`);
    // Parsed once, here: the handler gets its topic's payload type. The issues name paths, not values.
    const parsed = handler.topic.schema.safeParse(payload);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`);
      throw new Error(`outbox payload of ${topic} does not match its topic: ${issues.join('; ')}`);
    }
    await handler.handle(parsed.data);
  }

  async function processBatch(): Promise<number> {
    const rows = await claimOutboxRows(db, BATCH);
    for (const row of rows) {
      try {
        await handleRow(row.topic, row.payload);
        await markOutboxDone(db, row.id, { forgetPayload: topics.get(row.topic)?.forgetPayload ?? false });
      } catch (err) {
        log.warn({ err, outboxId: row.id, topic: row.topic, attempts: row.attempts }, 'outbox row failed; will retry');
        await markOutboxFailed(db, row.id, row.attempts, err instanceof Error ? err.message : String(err));
      }
    }
    return rows.length;
  }

  async function drainRows(): Promise<void> {
    while ((await processBatch()) > 0) {
      // rows written while this ran are picked up too
    }
  }

  async function drainAll(): Promise<void> {
    await runJobs();
    await drainRows();
  }

  // Wakes coalesce: however many arrive while one pass is queued, that pass picks up all their work.
  const pass = (): Promise<void> => {
    if (closing) return Promise.resolve();
    queuedPass ??= serial(async () => {
      queuedPass = undefined;
      if (jobsDue) {
        jobsDue = false;
        await runJobs();
      }
      await drainRows();
    });
    return queuedPass;
  };

  // A failed pass is already reported by serial(); whoever woke it does not wait for it. The pass runs
  // in the runner's own async context, not in that of the request that woke it: work done for others
  // must not carry one request's context (its logger bindings, a trace) along.
  const ownContext = new AsyncResource('store-background');
  const kick = () => {
    if (!started) return;
    ownContext.runInAsyncScope(() => {
      pass().catch(() => {});
    });
  };

  // The next poll comes a backoff delay after the previous pass ended: POLL_MS while all is well.
  const schedulePoll = () => {
    if (closing) return;
    timer = setTimeout(() => {
      polls += 1;
      if (polls % RUN_JOBS_EVERY_POLLS === 0) jobsDue = true;
      pass()
        .catch(() => {})
        .finally(schedulePoll);
    }, backoff.delayMs);
    timer.unref();
  };

  return {
    add(work) {
      if (started) throw new Error('background work is added before the runner starts');
      jobs.push(...(work.jobs ?? []));
      for (const handler of work.topics ?? []) {
        const topic = handler.topic.name;
        if (topics.has(topic)) throw new Error(`outbox topic ${topic} has two handlers`);
        topics.set(topic, handler);
      }
    },
    kick,
    runJobsSoon() {
      if (!started) return;
      jobsDue = true;
      kick();
    },
    drain: () => serial(drainAll),
    async start() {
      await serial(drainAll).catch(() => {});
      started = true;
      schedulePoll();
    },
    async stop() {
      closing = true;
      if (timer) clearTimeout(timer);
      await chain;
    },
  };
}
