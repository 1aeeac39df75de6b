// What production mode demands of the configuration, checked once at start. The demo conveniences
// (password-free test-login, a mailbox anyone can read, a card gateway that approves test cards) are
// right on a developer's machine and a hole anywhere else, so production refuses them unless an
// operator asks for them by name. In every mode, card data travels over https only (ADR 010).
import { isSecureOrLoopback } from './lib/loopback.ts';

export type MailTransport = 'smtp' | 'mailbox' | 'log';

/** A configuration the store will not start with; server.ts prints its message as one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

interface ModeSettings {
  NODE_ENV: string;
  DEMO_DATA: boolean;
  ALLOW_DEMO_IN_PRODUCTION: boolean;
  SMTP_URL?: string;
  MAIL_TRANSPORT?: MailTransport;
  PAYMENTS_PROVIDER?: 'sandbox' | 'nuvei';
  NUVEI_MERCHANT_ID?: string;
  NUVEI_MERCHANT_SITE_ID?: string;
  NUVEI_SECRET_KEY?: string;
  NUVEI_BASE_URL?: string;
}

const isProduction = (s: Pick<ModeSettings, 'NODE_ENV'>) => s.NODE_ENV === 'production';

/**
 * Where mail goes: the explicit MAIL_TRANSPORT, else SMTP when SMTP_URL is set, else the local mailbox in
 * demo mode, else the log outside production. Production without SMTP_URL has no default: it must
 * choose, since the log then holds every sign-up and reset link.
 */
export function resolveMailTransport(s: ModeSettings): MailTransport {
  if (s.MAIL_TRANSPORT === 'smtp' && !s.SMTP_URL) {
    throw new ConfigError('MAIL_TRANSPORT=smtp needs SMTP_URL (e.g. smtp://user:pass@mail.example:587).');
  }
  if (s.MAIL_TRANSPORT === 'mailbox' && !s.DEMO_DATA) {
    throw new ConfigError(
      'MAIL_TRANSPORT=mailbox is a demo convenience (anyone who can open /mailbox reads every mail): it needs demo mode (DEMO_DATA=true).',
    );
  }
  if (s.MAIL_TRANSPORT) return s.MAIL_TRANSPORT;
  if (s.SMTP_URL) return 'smtp';
  if (s.DEMO_DATA) return 'mailbox';
  if (isProduction(s)) {
    throw new ConfigError(
      'NODE_ENV=production needs a way to send mail: set SMTP_URL, or MAIL_TRANSPORT=log to write mail (with its sign-up and reset links) to the server log.',
    );
  }
  return 'log';
}

const hasNuveiCredentials = (s: ModeSettings) => !!(s.NUVEI_MERCHANT_ID && s.NUVEI_MERCHANT_SITE_ID && s.NUVEI_SECRET_KEY);

/**
 * The card vault relays card numbers to the Nuvei client's NUVEI_BASE_URL and refuses anything but
 * https (or http to this machine, a test server); a start that would fail every card payment is
 * refused at once instead, whatever the mode.
 */
export function checkCardProviderUrl(s: ModeSettings): void {
  const usesNuvei = s.PAYMENTS_PROVIDER === 'nuvei' || (!s.PAYMENTS_PROVIDER && hasNuveiCredentials(s));
  if (!usesNuvei || !s.NUVEI_BASE_URL || isSecureOrLoopback(new URL(s.NUVEI_BASE_URL))) return;
  throw new ConfigError(
    'NUVEI_BASE_URL must be an https address (http only to this machine, for a test server): the card vault sends card numbers over https only.',
  );
}

/**
 * Whether the built-in payment sandboxes may serve (each one serves where its provider has no
 * credentials): always outside production, in production only with PAYMENTS_PROVIDER=sandbox. Their
 * tables exist only then, in a schema of their own (ADR 042): server.ts opens the database with it.
 */
export function sandboxesServe(s: Pick<ModeSettings, 'NODE_ENV' | 'PAYMENTS_PROVIDER'>): boolean {
  return !isProduction(s) || s.PAYMENTS_PROVIDER === 'sandbox';
}

/** Demo mode and the test-card gateway in production only when asked for by name. */
export function checkProductionRules(s: ModeSettings): void {
  if (!isProduction(s)) return;
  if (s.DEMO_DATA && !s.ALLOW_DEMO_IN_PRODUCTION) {
    throw new ConfigError(
      'NODE_ENV=production refuses demo mode (DEMO_DATA=true: demo accounts, password-free test-login, a readable mailbox); set ALLOW_DEMO_IN_PRODUCTION=true to force it.',
    );
  }
  if (!hasNuveiCredentials(s) && s.PAYMENTS_PROVIDER !== 'sandbox') {
    throw new ConfigError(
      'NODE_ENV=production needs a payment provider: set the NUVEI_* credentials, or PAYMENTS_PROVIDER=sandbox to take test cards (nothing is charged, coins are credited).',
    );
  }
}
