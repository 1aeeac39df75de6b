// The app's one password gate (lib/password-gate.ts): every argon2 hash and verification a request
// causes goes through it, so their number at once is bounded for the whole instance (ADR 034).
import fp from 'fastify-plugin';
import { passwordGate, type PasswordGate } from '../lib/password-gate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    passwordGate: PasswordGate;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'passwordGate',
      passwordGate({ maxConcurrent: app.config.PASSWORD_HASH_MAX_CONCURRENT, queueMax: app.config.PASSWORD_HASH_QUEUE_MAX }),
    );
  },
  { name: 'password-hashing' },
);
