import fp from 'fastify-plugin';
import type { Mailer } from './mailer.ts';
import { createLocalMailer } from './local.ts';
import { createSmtpMailer } from './smtp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** `app.mailer`: SMTP when SMTP_URL is set, otherwise the local mailbox (read at /mailbox). */
export default fp(
  async (app) => {
    const mailer = app.config.SMTP_URL ? createSmtpMailer(app.config.SMTP_URL, app.config.MAIL_FROM) : createLocalMailer(app.db);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close?.();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
