// What reaches the log of a real app: request lines without live tokens, 5xx errors without the query
// parameters (password hashes, e-mails, names) a database error message carries.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { migrateAll } from '../src/migrations.ts';
import { seed } from '../src/db/seed.ts';
import { users } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import { openTestDatabase, testConfig } from './support/test-app.ts';
import { createVerifiedUser, mailTo, post, signupBody, tokenFromLink, uniqueEmail } from './support/auth.ts';

const lines: string[] = [];
let app: FastifyInstance;
let drop: () => Promise<void>;

const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$secret-hash-in-a-param';

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  await migrateAll(opened.database);
  await seed(opened.database.db, { demo: false });
  // LOG_LEVEL info, as a production start would log.
  const config = testConfig({}, 'info');
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, database: opened.database, logger: { stream } });
  // A route that fails in the database the way a bug would: a duplicate e-mail on insert.
  app.post('/api/test/duplicate-user', { schema: { body: z.strictObject({ email: z.string() }) } }, async (request) => {
    const { email } = request.body as { email: string };
    await app.db
      .insert(users)
      .values({ id: newId(), email, passwordHash: SECRET_HASH, firstname: 'Secretfirstname', lastname: 'Secretlastname' });
    return { success: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const logged = () =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown> & { req?: { url: string }; err?: Record<string, unknown> });

describe('request lines', () => {
  it('log every request with confirmation and reset tokens redacted', async () => {
    const email = uniqueEmail('logged');
    expect((await post(app, '/api/v1/auth/signup', signupBody(email))).statusCode).toBe(201);
    const verifyToken = tokenFromLink((await mailTo(app, email))[0]!.text, 'verify');
    expect((await post(app, '/api/v1/auth/forgot-password', { email })).statusCode).toBe(200);
    // The reset mail goes out through the outbox, after the answer.
    await app.outbox.drain();
    const resetMail = (await mailTo(app, email)).find((m) => m.text.includes('/new-password/'))!;
    const resetToken = tokenFromLink(resetMail.text, 'reset');

    lines.length = 0;
    const visits = [
      [`/api/v1/auth/reset-password/${resetToken}`, '/api/v1/auth/reset-password/[redacted]'],
      [`/new-password/${resetToken}`, '/new-password/[redacted]'],
      [`/login?verify=${verifyToken}`, '/login?verify=[redacted]'],
      [`/somewhere?a=1&token=${resetToken}&b=2`, '/somewhere?a=1&token=[redacted]&b=2'],
      [`/login?VERIFY=${verifyToken}`, '/login?VERIFY=[redacted]'],
    ];
    for (const [url] of visits) await app.inject({ method: 'GET', url });
    // The reset check answered for the live token: it was a real, usable one.
    expect((await app.inject({ method: 'GET', url: `/api/v1/auth/reset-password/${resetToken}` })).statusCode).toBe(200);

    const output = lines.join('');
    expect(output).not.toContain(resetToken);
    expect(output).not.toContain(verifyToken);
    const urls = logged()
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req!.url);
    for (const [, redacted] of visits) expect(urls).toContain(redacted);
  });

  it('keep other URLs as they are', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/v1/admin/product?sortOrder=asc' });
    expect(logged().find((entry) => entry.msg === 'incoming request')!.req!.url).toBe('/api/v1/admin/product?sortOrder=asc');
  });
});

describe('5xx errors', () => {
  it('are logged with class, codes, message and stack, without query parameters', async () => {
    const { email } = await createVerifiedUser(app);
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/test/duplicate-user', payload: { email } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });

    const output = lines.join('');
    for (const secret of [SECRET_HASH, 'secret-hash-in-a-param', email, 'Secretfirstname', 'Secretlastname']) {
      expect(output).not.toContain(secret);
    }
    const entry = logged().find((e) => e.msg === 'unhandled error')!;
    expect(entry.level).toBe(50);
    expect(entry.err).toMatchObject({ type: 'DrizzleQueryError', pgCode: '23505' });
    expect(entry.err!.message).toMatch(/^Failed query: insert into "users"/);
    expect(entry.err!.message).not.toContain('params');
    expect(entry.err!.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "users"[\s\S]*\n\s+at /);
    expect(entry.err!.cause).toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate key value violates unique constraint'),
    });
  });
});
