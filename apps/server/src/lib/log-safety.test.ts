import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/support/test-app.ts';
import type { Database } from '../db/client.ts';
import { redactEmails, redactUrl, safeError } from './log-safety.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/auth/reset-password/abcDEF123_-', '/api/v1/auth/reset-password/[redacted]'],
    ['/new-password/abcDEF123_-', '/new-password/[redacted]'],
    ['/new-password/abc/extra?x=1', '/new-password/[redacted]/extra?x=1'],
    ['/new%2Dpassword/abc', '/new%2Dpassword/[redacted]'],
    ['/login?verify=abc', '/login?verify=[redacted]'],
    ['/login?unlock=abc', '/login?unlock=[redacted]'],
    ['/x?token=abc&verify=def&keep=1', '/x?token=[redacted]&verify=[redacted]&keep=1'],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
    ['/x?token', '/x?token=[redacted]'],
    ['/api/v1/auth/reset-password', '/api/v1/auth/reset-password'],
    ['/api/v1/admin/product?sortOrder=asc&price=499', '/api/v1/admin/product?sortOrder=asc&price=499'],
    ['/mailbox/%ZZ?to=%', '/mailbox/%ZZ?to=[redacted]'],
    ['/x/%ZZ?q=%', '/x/%ZZ?q=%'],
    // Shopper e-mail addresses never reach the access log, however they are written.
    ['/mailbox?to=shopper%40example.com', '/mailbox?to=[redacted]'],
    ['/api/dev/mailbox?to=Shopper@Example.com&x=1', '/api/dev/mailbox?to=[redacted]&x=1'],
    ['/x?email=a%2540b.example', '/x?email=[redacted]'],
    ['/profile/shopper@example.com/orders', '/profile/[redacted]/orders'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('reads a long URL once: no pattern that backtracks', () => {
    const long = `/x?q=${'a'.repeat(16_000)}`;
    expect(redactUrl(long)).toBe(long);
    expect(redactEmails(`${'a'.repeat(16_000)}@example.com`)).toBe('[redacted]');
  });
});

describe('redactEmails in error messages', () => {
  it("hides the recipient an SMTP server's refusal names", () => {
    const refusal = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <bob@example.com>: Recipient address rejected"),
      { code: 'EENVELOPE' },
    );
    const safe = safeError(refusal);
    expect(safe.message).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <[redacted]>: Recipient address rejected");
    expect(JSON.stringify(safe)).not.toContain('bob@example.com');
  });
});

describe('safeError on a real database error', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('keeps class, codes, the SQL and the stack; drops the parameters', async () => {
    const error = await database.db.execute(sql`select ${'someone@example.com'}::text as email, ${'$argon2id$secret'}::int as n`).then(
      () => null,
      (err: unknown) => err,
    );
    // The error as Drizzle raises it: its message lists the parameters.
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).constructor.name).toBe('DrizzleQueryError');
    expect((error as Error).message).toContain('someone@example.com');

    const safe = safeError(error);
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      pgCode: '22P02',
      message: 'Failed query: select $1::text as email, $2::int as n',
    });
    expect(safe.stack).toMatch(/^DrizzleQueryError: Failed query: select \$1::text as email, \$2::int as n\n\s+at /);
    expect(safe.cause).toMatchObject({ code: '22P02', pgCode: '22P02' });
    const logged = JSON.stringify(safe);
    expect(logged).not.toContain('someone@example.com');
    expect(logged).not.toContain('params');
  });

  it('passes plain errors through with their class and code, and is idempotent', () => {
    const error = Object.assign(new TypeError('bad thing'), { code: 'ERR_X', body: { password: 'hunter2' } });
    const safe = safeError(error);
    expect(safe).toMatchObject({ type: 'TypeError', message: 'bad thing', code: 'ERR_X' });
    expect(safe.pgCode).toBeUndefined();
    expect(JSON.stringify(safe)).not.toContain('hunter2');
    expect(safeError(safe)).toBe(safe);
    expect(safeError('just a string')).toEqual({ type: 'string', message: 'just a string', stack: '' });
  });
});
