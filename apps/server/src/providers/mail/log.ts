import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

/**
 * MAIL_TRANSPORT=log: each mail is written to the server log instead of being sent. An operator's
 * explicit choice (production has no default without SMTP_URL): the log then holds sign-up and
 * password-reset links, so it must be kept as private as a mailbox.
 */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    kind: 'log',
    async send({ to, subject, text }) {
      log.info({ mail: { to, subject, text } }, 'mail written to the log (MAIL_TRANSPORT=log)');
    },
  };
}
