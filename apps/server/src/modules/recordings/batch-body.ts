// A batch body, read from its text into what the database stores, each step linear in the text's length:
// nesting bounded (one pass, before parsing), then JSON, then one walk for text PostgreSQL cannot keep, then
// the shared schema; then what the batch tells about its session, and its events compressed. Pure, so the
// worker (batch-worker.ts) runs it off the main thread; every refusal is a 400 naming the field.
import { gzipSync } from 'node:zlib';
import { recordingBatchBody } from '@store/shared';
import { scanJsonNesting } from '../../lib/json-nesting.ts';
import { batchFacts, type BatchFacts } from './session-facts.ts';

/**
 * A full page snapshot nests two levels per element of the page (the node and its childNodes), so the API's
 * usual bound (32) is too low; this one leaves room for a page 120 elements deep and still bounds the work
 * of every later step (parse, validation, replay).
 */
export const RECORDING_MAX_NESTING = 256;

export interface ParsedBatch {
  sequence: number;
  chatId: string | null;
  eventCount: number;
  /** The events' JSON text in UTF-8 bytes, uncompressed. */
  eventBytes: number;
  /** The events' JSON text (an array), gzip-compressed, as base64. */
  eventsGzipBase64: string;
  /** The compressed bytes. */
  storedBytes: number;
  facts: BatchFacts;
}

export interface BatchRefusal {
  code: 'BODY_TOO_DEEP' | 'VALIDATION_FAILED';
  message: string;
  field: string;
}

export type BatchOutcome = { ok: true; batch: ParsedBatch } | { ok: false; refusal: BatchRefusal };

/** A NUL, or half of a surrogate pair: jsonb refuses both (`\u0000`, an unpaired `\ud800`), bytea would keep what no replay can use. */
// eslint-disable-next-line no-control-regex -- the NUL is exactly what this looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** A key as the envelope names it: what cannot be printed written as its JSON escape. */
const printable = (key: string) => (UNSTORABLE.test(key) ? JSON.stringify(key).slice(1, -1) : key);

interface Pending {
  value: unknown;
  key: string | null;
  parent: Pending | null;
}

function pathOf(entry: Pending | null, lastKey?: string): string {
  const path: string[] = lastKey === undefined ? [] : [printable(lastKey)];
  for (let at = entry; at && at.key !== null; at = at.parent) path.push(printable(at.key));
  return path.reverse().join('.');
}

/**
 * The first string or key holding text that cannot be stored, with what is wrong; null when all is clean.
 * Iterative (a deep body cannot overflow the stack) and linear: each value is visited once, and a path is
 * built only for the one refused.
 */
export function findUnstorableText(value: unknown): { field: string; problem: string } | null {
  const problem = (text: string) =>
    text.includes('\u0000') ? 'must not contain a NUL character' : 'must not contain an unpaired surrogate (malformed Unicode)';
  const pending: Pending[] = [{ value, key: null, parent: null }];
  while (pending.length) {
    const entry = pending.pop()!;
    const current = entry.value;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return { field: pathOf(entry) || 'body', problem: problem(current) };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], key: String(i), parent: entry });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (UNSTORABLE.test(key)) return { field: pathOf(entry, key), problem: `its name ${problem(key)}` };
        pending.push({ value: (current as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return null;
}

const refuse = (code: BatchRefusal['code'], message: string, field: string): BatchOutcome => ({
  ok: false,
  refusal: { code, message, field },
});

export function parseBatchText(text: string): BatchOutcome {
  if (scanJsonNesting(text, RECORDING_MAX_NESTING).tooDeep) {
    return refuse('BODY_TOO_DEEP', `The batch is nested too deeply (more than ${RECORDING_MAX_NESTING} levels).`, 'events');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('VALIDATION_FAILED', 'The body must be JSON.', 'body');
  }
  const unstorable = findUnstorableText(json);
  if (unstorable) return refuse('VALIDATION_FAILED', `Invalid field '${unstorable.field}': ${unstorable.problem}`, unstorable.field);
  const parsed = recordingBatchBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.code === 'unrecognized_keys' ? issue.keys[0]! : issue.path.join('.') || 'body';
    const message = issue.code === 'unrecognized_keys' ? `Unknown field '${field}' in body` : `Invalid field '${field}': ${issue.message}`;
    return refuse('VALIDATION_FAILED', message, field);
  }
  const { sequence, events, chatId } = parsed.data;
  const eventsText = JSON.stringify(events);
  const compressed = gzipSync(eventsText);
  return {
    ok: true,
    batch: {
      sequence,
      chatId: chatId ?? null,
      eventCount: events.length,
      eventBytes: Buffer.byteLength(eventsText),
      eventsGzipBase64: compressed.toString('base64'),
      storedBytes: compressed.length,
      facts: batchFacts(events),
    },
  };
}
