// What a module hands the background runner (runner.ts), and what its services get to wake it. Types
// only: modules depend on this contract, never on the runner itself.
import type { TopicHandler } from './topics.ts';

/**
 * Work a periodic pass runs: at start, every RUN_JOBS_EVERY_POLLS polls, soon after a service asks for
 * it (Wake.runJobsSoon) and on drain(). A job that throws ends the pass and counts towards the backoff;
 * a job that must not hold the others up catches and logs its own failures.
 */
export interface BackgroundJob {
  /** For people reading the code and the ADR: 'payments.reconcile', 'checkout.expire-reservations', ... */
  name: string;
  run(): Promise<void>;
}

/** A module's share of the background work. */
export interface BackgroundWork {
  jobs?: BackgroundJob[];
  /** The outbox topics this module writes and delivers (handleTopic in topics.ts). */
  topics?: TopicHandler<unknown>[];
}

/** How a service that left work behind asks for it now instead of at the next poll. */
export interface Wake {
  /** Outbox rows were committed: deliver them soon. */
  kick(): void;
  /** Something a periodic job finishes was left undone (a fulfilment failed): run the jobs soon. */
  runJobsSoon(): void;
}
