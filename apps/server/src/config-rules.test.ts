// What production mode demands (issue 7): a way to send mail (or the explicit choice to log it), no demo
// mode unless forced, no test-card gateway unless chosen by name. Outside production the defaults keep
// a fresh clone working with the local mailbox.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { sandboxesServe } from './config-rules.ts';

/** The environment of a production start with everything it needs; each test takes something away. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mailer:secret@mail.example:587',
  NUVEI_MERCHANT_ID: 'm',
  NUVEI_MERCHANT_SITE_ID: 's',
  NUVEI_SECRET_KEY: 'k',
};

const without = (key: keyof typeof PRODUCTION) => {
  const env: Record<string, string> = { ...PRODUCTION };
  delete env[key];
  return env;
};

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('production mode', () => {
  it('starts with SMTP and a real payment provider, demo mode off, mail over SMTP', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ DEMO_DATA: false, MAIL_TRANSPORT: 'smtp', DEMO_REMOTE_ACCESS: false, TEST_LOGIN_ADMIN: false });
  });

  it('refuses to start without a way to send mail', () => {
    const message = refusal(without('SMTP_URL'));
    expect(message).toContain('needs a way to send mail');
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('MAIL_TRANSPORT=log');
  });

  it('accepts the explicit choice to write mail to the log', () => {
    expect(loadConfig({ ...without('SMTP_URL'), MAIL_TRANSPORT: 'log' }).MAIL_TRANSPORT).toBe('log');
  });

  it('refuses the local mailbox, which anyone could read, outside demo mode', () => {
    expect(refusal({ ...without('SMTP_URL'), MAIL_TRANSPORT: 'mailbox' })).toContain('needs demo mode');
  });

  it('refuses demo mode unless forced', () => {
    expect(refusal({ ...PRODUCTION, DEMO_DATA: 'true' })).toContain('ALLOW_DEMO_IN_PRODUCTION=true');
    const forced = loadConfig({ ...without('SMTP_URL'), DEMO_DATA: 'true', ALLOW_DEMO_IN_PRODUCTION: 'true' });
    expect(forced).toMatchObject({ DEMO_DATA: true, MAIL_TRANSPORT: 'mailbox' });
  });

  it('refuses the test-card sandbox unless chosen by name', () => {
    const env = { NODE_ENV: 'production', SMTP_URL: PRODUCTION.SMTP_URL };
    expect(refusal(env)).toContain('PAYMENTS_PROVIDER=sandbox');
    expect(loadConfig({ ...env, PAYMENTS_PROVIDER: 'sandbox' }).PAYMENTS_PROVIDER).toBe('sandbox');
  });

  it('has the sandboxes (and their tables, ADR 042) only when the test-card sandbox is chosen by name, even in forced demo mode', () => {
    expect(sandboxesServe(loadConfig(PRODUCTION))).toBe(false);
    expect(sandboxesServe(loadConfig({ ...PRODUCTION, DEMO_DATA: 'true', ALLOW_DEMO_IN_PRODUCTION: 'true' }))).toBe(false);
    expect(sandboxesServe(loadConfig({ ...PRODUCTION, PAYMENTS_PROVIDER: 'sandbox' }))).toBe(true);
    expect(sandboxesServe(loadConfig({ ...PRODUCTION, NODE_ENV: 'development', DEMO_DATA: 'false' }))).toBe(true);
  });

  it('never puts a secret of the environment in its message', () => {
    expect(refusal({ ...PRODUCTION, DEMO_DATA: 'true' })).not.toContain('secret');
  });
});

describe('outside production', () => {
  it('keeps mail in the local mailbox in demo mode, the default', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ DEMO_DATA: true, MAIL_TRANSPORT: 'mailbox' });
  });

  it('writes mail to the log when demo mode is off and no SMTP server is set', () => {
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'false' }).MAIL_TRANSPORT).toBe('log');
  });

  it('sends over SMTP whenever SMTP_URL is set', () => {
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }).MAIL_TRANSPORT).toBe('smtp');
  });

  it('refuses MAIL_TRANSPORT=smtp without SMTP_URL', () => {
    expect(refusal({ NODE_ENV: 'development', MAIL_TRANSPORT: 'smtp' })).toContain('needs SMTP_URL');
  });
});

describe('where the card vault may send card data (ADR 010)', () => {
  const nuvei = { NODE_ENV: 'development', NUVEI_MERCHANT_ID: 'm', NUVEI_MERCHANT_SITE_ID: 's', NUVEI_SECRET_KEY: 'k' };

  it('refuses a Nuvei address over plain http to another machine, in every mode', () => {
    expect(refusal({ ...nuvei, NUVEI_BASE_URL: 'http://ppp-test.nuvei.com/ppp/api/v1' })).toContain(
      'NUVEI_BASE_URL must be an https address',
    );
    expect(refusal({ ...PRODUCTION, NUVEI_BASE_URL: 'http://10.0.0.5/ppp/api/v1' })).toContain('https');
    expect(refusal({ NODE_ENV: 'development', PAYMENTS_PROVIDER: 'nuvei', NUVEI_BASE_URL: 'http://nuvei.internal/api' })).toContain(
      'NUVEI_BASE_URL',
    );
  });

  it('takes https, http to this machine (a test server), and any address while the sandbox takes the cards', () => {
    expect(loadConfig(nuvei).NUVEI_BASE_URL).toBe('https://ppp-test.nuvei.com/ppp/api/v1');
    for (const local of ['http://127.0.0.1:9000/ppp/api/v1', 'http://localhost:9000/ppp/api/v1', 'http://[::1]:9000/ppp/api/v1'])
      expect(loadConfig({ ...nuvei, NUVEI_BASE_URL: local }).NUVEI_BASE_URL).toBe(local);
    expect(loadConfig({ ...nuvei, PAYMENTS_PROVIDER: 'sandbox', NUVEI_BASE_URL: 'http://nuvei.internal/api' }).PAYMENTS_PROVIDER).toBe(
      'sandbox',
    );
  });

  it('gives a relayed card call 30 seconds unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).VAULT_RELAY_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({ NODE_ENV: 'development', VAULT_RELAY_TIMEOUT_MS: '5000' }).VAULT_RELAY_TIMEOUT_MS).toBe(5000);
    expect(refusal({ NODE_ENV: 'development', VAULT_RELAY_TIMEOUT_MS: '0' })).toContain('VAULT_RELAY_TIMEOUT_MS');
  });
});

describe('WALLET_ADJUSTMENT_MAX_COINS (ADR 035)', () => {
  it('defaults to 1,000,000 coins and takes a positive whole number up to 100,000,000', () => {
    expect(loadConfig({}).WALLET_ADJUSTMENT_MAX_COINS).toBe(1_000_000);
    expect(loadConfig({ WALLET_ADJUSTMENT_MAX_COINS: '5000' }).WALLET_ADJUSTMENT_MAX_COINS).toBe(5000);
    for (const bad of ['0', '-1', '2.5', 'lots', '100000001']) {
      expect(refusal({ WALLET_ADJUSTMENT_MAX_COINS: bad })).toContain('WALLET_ADJUSTMENT_MAX_COINS');
    }
  });
});

describe('API_DOCS', () => {
  it('is on outside production and off in production, unless set', () => {
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig(PRODUCTION).API_DOCS).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).API_DOCS).toBe(false);
    expect(refusal({ API_DOCS: 'yes' })).toContain('API_DOCS');
  });
});

describe('where the store listens (issue 24: loopback in demo mode, fixed documented ports)', () => {
  it('binds demo mode to this machine only, production to every interface, and HOST as set', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ DEMO_DATA: 'false' }).HOST).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('puts the Stripe and Square sandboxes at PORT+3 and PORT+4, random beside a random store, or where set', () => {
    expect(loadConfig({ PORT: '3000' })).toMatchObject({ STRIPE_SANDBOX_PORT: 3003, SQUARE_SANDBOX_PORT: 3004 });
    expect(loadConfig({ PORT: '0' })).toMatchObject({ STRIPE_SANDBOX_PORT: 0, SQUARE_SANDBOX_PORT: 0 });
    expect(loadConfig({ PORT: '3000', STRIPE_SANDBOX_PORT: '4100', SQUARE_SANDBOX_PORT: '0' })).toMatchObject({
      STRIPE_SANDBOX_PORT: 4100,
      SQUARE_SANDBOX_PORT: 0,
    });
  });
});
