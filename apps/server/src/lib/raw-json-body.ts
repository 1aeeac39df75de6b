// Routes that check a signature over the exact bytes they were sent (webhooks, game-provider credits,
// identity callbacks) read their JSON body as text, in their own encapsulated instance, and parse it
// themselves once the signature holds.
import type { FastifyInstance } from 'fastify';

/** This instance's JSON bodies arrive as the raw text; bodyLimit in bytes (default: the server's). */
export function readJsonAsText(instance: FastifyInstance, opts: { bodyLimit?: number } = {}): void {
  instance.removeContentTypeParser('application/json');
  instance.addContentTypeParser('application/json', { parseAs: 'string', ...opts }, (_req, body, done) => done(null, body));
}
