// Writing and handling outbox topics (ADR 003, issue 25). The topics and their payloads' schemas are
// declared once in @store/shared (OUTBOX_TOPICS). A writer enqueues a typed payload inside its own
// transaction; the runner parses each row with its topic's schema before the handler sees it, so no
// handler reads `unknown` by hand and no module writes the outbox table itself (lint).
import type { Topic } from '@store/shared';
import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/**
 * Writes one outbox row per payload, in the caller's transaction: delivered once it commits, never if it
 * rolls back. A payload its schema refuses throws here, in the writer's transaction, not at delivery.
 */
export async function enqueue<Payload>(conn: Db | Tx, topic: Topic<Payload>, ...payloads: Payload[]): Promise<void> {
  if (payloads.length === 0) return;
  const rows = payloads.map((payload) => ({ topic: topic.name, payload: topic.schema.parse(payload) }));
  await conn.insert(outbox).values(rows);
}

/**
 * Delivers one outbox row of a topic. Throwing keeps the row for a later attempt (with backoff). `handle`
 * is a method so that a module's list of handlers of different topics is a `TopicHandler<unknown>[]`; the
 * runner hands each the payload its own topic's schema parsed.
 */
export interface TopicHandler<Payload> {
  topic: Topic<Payload>;
  handle(payload: Payload): Promise<void>;
  /** The row keeps its topic and times once handled, but not its payload (an address someone typed). */
  forgetPayload?: boolean;
}

/** A topic's handler, typed by its topic. */
export function handleTopic<Payload>(
  topic: Topic<Payload>,
  handle: (payload: Payload) => Promise<void>,
  options: { forgetPayload?: boolean } = {},
): TopicHandler<Payload> {
  return { topic, handle, ...options };
}
