import type { Db } from '../../db/client.ts';
import { mailbox } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { Mailer } from './mailer.ts';

/** Keeps mail in the `mailbox` table so sign-up and password reset work without an SMTP server. */
export function createLocalMailer(db: Db): Mailer {
  return {
    kind: 'local',
    async send({ to, subject, text, html }) {
      await db.insert(mailbox).values({ id: newId(), toAddress: to.toLowerCase(), subject, textBody: text, htmlBody: html });
    },
  };
}
