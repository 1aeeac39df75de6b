// Uploads over their size limit (a picture, a CSV of codes) are refused by their declared Content-Length,
// with a 413 the client can show, and the body is never kept. It is still read, and thrown away, before
// the answer goes out: a server that answers and closes while the body is arriving resets the connection,
// and a browser, which reads the answer only once its upload is written, then sees a network error
// instead of the 413 (issue 21). Past DRAIN_MAX_BYTES the 413 is sent at once and the connection closed:
// what such a client sees is its own affair.
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** What is read and discarded at most to deliver a 413: a mistaken upload of a big file, not a flood. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** Reads the body to its end, keeping nothing; a client that gives up ends it too. */
async function discard(body: Readable): Promise<void> {
  try {
    for await (const chunk of body) void chunk;
  } catch {
    // The client went away: there is nobody left to answer.
  }
}

/**
 * A preParsing hook (after the session, role and rate-limit checks of onRequest, before the body is read):
 * a declared Content-Length over `limit` is a 413 PAYLOAD_TOO_LARGE with `message`, naming `field`, sent
 * once the body has arrived (Node holds it to the Content-Length, so the wait is bounded by DRAIN_MAX_BYTES).
 */
export function refuseLargerThan(limit: number, message: string, field: string) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: Readable) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > limit) {
      if (length > DRAIN_MAX_BYTES) reply.header('connection', 'close');
      else await discard(payload);
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', message, field);
    }
    return payload;
  };
}
