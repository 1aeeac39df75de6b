import fp from 'fastify-plugin';
import { createRunner, type BackgroundRunner } from './runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The background runner (runner.ts). Named after what it began as: it delivers the outbox, and runs
     * the modules' periodic jobs. app.ts adds each module's work; services get it as their Wake.
     */
    outbox: BackgroundRunner;
  }
}

/** `app.outbox`: starts once the app is ready (after the plugins registered before it), stops before anything closes. */
export default fp(
  async (app) => {
    const runner = createRunner({ db: app.db, log: app.log });
    app.decorate('outbox', runner);
    app.addHook('onReady', () => runner.start());
    // Before anything closes (database, mailer): stop taking work and let the batch in hand finish.
    app.addHook('preClose', () => runner.stop());
  },
  { name: 'background', dependencies: ['db'] },
);
