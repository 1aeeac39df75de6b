import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { post, signupBody, uniqueEmail } from '../../../test/support/auth.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable, which mail clients apply to long lines (and to '=' in links). */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let smtp: SMTPServer;
let t: TestApp;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://shop.example.test', AUTH_RATE_LIMIT_MAX: 1000 });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP (SMTP_URL set)', () => {
  it('delivers the confirmation mail of a sign-up, with the link, to the SMTP server', async () => {
    const email = uniqueEmail('smtp');
    const res = await post(t.app, '/api/v1/auth/signup', signupBody(email));
    expect(res.statusCode).toBe(201);

    const mail = inbox.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@luckydragon.example');
    const decoded = decodeQuotedPrintable(mail!.raw);
    expect(decoded).toContain('Subject: Confirm your e-mail for Lucky Dragon Collective');
    expect(decoded).toMatch(/https:\/\/shop\.example\.test\/login\?verify=[A-Za-z0-9_-]{43}/);
    expect(decoded).toContain('Content-Type: text/html');
    expect(decoded).toContain('Content-Type: text/plain');
  });

  it('delivers the password reset mail with its link', async () => {
    const email = uniqueEmail('smtp-reset');
    await post(t.app, '/api/v1/auth/signup', signupBody(email));
    await post(t.app, '/api/v1/auth/forgot-password', { email });
    // The reset mail goes out through the outbox, after the answer.
    await t.app.outbox.drain();
    const reset = inbox.find((m) => m.to.includes(email) && decodeQuotedPrintable(m.raw).includes('Subject: Choose a new password'));
    expect(reset).toBeDefined();
    expect(decodeQuotedPrintable(reset!.raw)).toMatch(/https:\/\/shop\.example\.test\/new-password\/[A-Za-z0-9_-]{43}/);
  });

  it('keeps nothing locally and hides the mailbox (404)', async () => {
    for (const url of ['/mailbox', '/mailbox/anything', '/api/dev/mailbox?to=a@example.com']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('a failing SMTP server', () => {
  it('does not change the sign-up answer (which would tell who has an account)', async () => {
    const broken = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', AUTH_RATE_LIMIT_MAX: 1000 }, { seedDemo: false });
    try {
      const res = await post(broken.app, '/api/v1/auth/signup', signupBody(uniqueEmail()));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, message: 'Check your inbox to confirm your e-mail.' });
    } finally {
      await broken.close();
    }
  });
});
