// Security headers (helmet) on every answer of the store and the hosted checkout. @fastify/helmet 13 builds
// helmet's middleware again on each request (its buildHelmetOnRoutes calls helmet(options) per request,
// parsing and checking every CSP directive: about 7% of the store's CPU in a getuser benchmark, every route
// paying it). Here it is built once, at registration. A directive given as a function (the card vault's
// origin, the hosted checkout's) is still asked on each request, by helmet itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export default fp<HelmetOptions>(
  async (app, options) => {
    const setHeaders: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      // Helmet sets the headers synchronously and throws on a bad directive value (since 8.1) rather than passing it on.
      setHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers' },
);
