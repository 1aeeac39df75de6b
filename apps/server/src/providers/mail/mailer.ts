/** One outgoing e-mail. `html` is a complete document; `text` is the plain-text alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Mail adapter: SMTP in production, the local mailbox table in demo mode, or the log (MAIL_TRANSPORT). */
export interface Mailer {
  readonly kind: 'smtp' | 'local' | 'log';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
