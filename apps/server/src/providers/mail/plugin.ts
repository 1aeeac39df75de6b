import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer.ts';
import { createLogMailer } from './log.ts';
import { createLocalMailer } from './local.ts';
import { createSmtpMailer } from './smtp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

function createMailer(app: FastifyInstance): Mailer {
  const { MAIL_TRANSPORT, SMTP_URL, MAIL_FROM } = app.config;
  switch (MAIL_TRANSPORT) {
    case 'smtp':
      // config.ts refuses MAIL_TRANSPORT=smtp without SMTP_URL.
      return createSmtpMailer(SMTP_URL!, MAIL_FROM);
    case 'mailbox':
      return createLocalMailer(app.db);
    case 'log':
      return createLogMailer(app.log);
  }
}

/** `app.mailer`, by MAIL_TRANSPORT: SMTP, the local mailbox (read at /mailbox in demo mode) or the log. */
export default fp(
  async (app) => {
    const mailer = createMailer(app);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close?.();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
