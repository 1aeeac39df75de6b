import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databaseBefore } from '../../../test/support/migration-test.ts';
import { migrateAll } from '../../migrations.ts';
import { hashToken, newId } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { mailTo, post, signupBody, tokenFromLink, uniqueEmail } from '../../../test/support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
});
afterAll(() => t.close());

const login = (email: string, password: string) => post(t.app, '/api/v1/auth/login', { email, password });

describe('an address registered by someone else before its owner confirmed it', () => {
  it("confirming through the owner's own sign-up link makes the owner's password the one that works", async () => {
    const email = uniqueEmail('victim');
    // Someone who does not own the mailbox signs up first with a password they know.
    await post(t.app, '/api/v1/auth/signup', signupBody(email, { password: 'squatter-password', firstname: 'Mallory' }));
    // The real owner signs up with their own password and confirms through the mail that sign-up sent.
    await post(
      t.app,
      '/api/v1/auth/signup',
      signupBody(email, { password: 'owners-own-password', firstname: 'Olivia', lastname: 'Owner' }),
    );
    const [ownersMail, squattersMail] = await mailTo(t.app, email);
    expect(ownersMail!.text).toMatch(/^Hi Olivia,/);
    expect((await post(t.app, '/api/v1/auth/verify-email', { token: tokenFromLink(ownersMail!.text, 'verify') })).statusCode).toBe(200);

    expect((await login(email, 'squatter-password')).statusCode).toBe(401);
    const owner = await login(email, 'owners-own-password');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user).toMatchObject({ firstname: 'Olivia', lastname: 'Owner' });

    // The squatter's confirmation link (also in the owner's mailbox) no longer does anything.
    const late = await post(t.app, '/api/v1/auth/verify-email', { token: tokenFromLink(squattersMail!.text, 'verify') });
    expect(late.statusCode).toBe(400);
    expect((await login(email, 'squatter-password')).statusCode).toBe(401);
  });
});

describe('the attack of issue 7: the older link clicked after a second sign-up', () => {
  it('a new sign-up for an unconfirmed address replaces the pending password and kills every older link', async () => {
    const email = uniqueEmail('victim');
    // The attacker signs up with the victim's address and a password A; the mail goes to the victim.
    await post(t.app, '/api/v1/auth/signup', signupBody(email, { password: 'attackers-password-A', firstname: 'Mallory' }));
    // The victim signs up later with password V...
    await post(t.app, '/api/v1/auth/signup', signupBody(email, { password: 'victims-password-V', firstname: 'Victor' }));
    const [victimsMail, attackersMail] = await mailTo(t.app, email);
    // ...and clicks the older link, the one the attacker's sign-up sent: it is dead.
    const older = await post(t.app, '/api/v1/auth/verify-email', { token: tokenFromLink(attackersMail!.text, 'verify') });
    expect(older.statusCode).toBe(400);
    expect(older.json()).toMatchObject({ success: false, code: 'TOKEN_USED' });
    // Nothing is confirmed and password A opens nothing.
    expect((await login(email, 'attackers-password-A')).statusCode).toBe(401);
    expect((await login(email, 'victims-password-V')).json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    // The victim's own link confirms the victim's password and name.
    expect((await post(t.app, '/api/v1/auth/verify-email', { token: tokenFromLink(victimsMail!.text, 'verify') })).statusCode).toBe(200);
    expect((await login(email, 'attackers-password-A')).statusCode).toBe(401);
    expect((await login(email, 'victims-password-V')).json().data.user).toMatchObject({ firstname: 'Victor' });
  });

  it('a sign-up after confirmation changes nothing and only tells the owner', async () => {
    const email = uniqueEmail('owner');
    await post(t.app, '/api/v1/auth/signup', signupBody(email, { password: 'owners-password' }));
    const [mail] = await mailTo(t.app, email);
    await post(t.app, '/api/v1/auth/verify-email', { token: tokenFromLink(mail!.text, 'verify') });
    await post(t.app, '/api/v1/auth/signup', signupBody(email, { password: 'late-attacker-password' }));
    expect((await login(email, 'late-attacker-password')).statusCode).toBe(401);
    expect((await login(email, 'owners-password')).statusCode).toBe(200);
    const [notice] = await mailTo(t.app, email);
    expect(notice!.text).not.toMatch(/verify=/);
  });
});

describe('confirmation links issued before the latest-sign-up rule (migration 0009)', () => {
  const oldSchema = databaseBefore('0009_latest_signup_wins.sql');

  it("keep only the newest outstanding link per unconfirmed account, whose sign-up's details win", async () => {
    const database = oldSchema.database();
    const userId = newId();
    const [squatter, owner] = [await hashPassword('squatter-password'), await hashPassword('owners-password')];
    const [oldLink, newLink] = [newId(), newId()];
    await database.rawTransaction(async (q) => {
      await q.query(
        `INSERT INTO users (id, email, password_hash, firstname, lastname, role) VALUES ($1, 'legacy@example.com', $2, 'Mallory', 'M', 'USER')`,
        [userId, squatter],
      );
      // The squatter's link (no details: the account already holds theirs), then the owner's, carrying the owner's.
      await q.query(
        `INSERT INTO email_tokens (id, user_id, purpose, token_hash, expires_at, created_at) VALUES ($1, $2, 'verify-email', $3, now() + interval '1 day', now() - interval '1 hour')`,
        [oldLink, userId, hashToken('old')],
      );
      await q.query(
        `INSERT INTO email_tokens (id, user_id, purpose, token_hash, expires_at, created_at, pending_password_hash, pending_firstname, pending_lastname)
         VALUES ($1, $2, 'verify-email', $3, now() + interval '1 day', now(), $4, 'Olivia', 'Owner')`,
        [newLink, userId, hashToken('new'), owner],
      );
    });

    expect(await migrateAll(database)).toContain('0009_latest_signup_wins.sql');

    const [user] = await database.rawTransaction((q) =>
      q.query<{ password_hash: string; firstname: string }>('SELECT password_hash, firstname FROM users WHERE id = $1', [userId]),
    );
    expect(user!.firstname).toBe('Olivia');
    expect(await verifyPassword(user!.password_hash, 'owners-password')).toBe(true);
    const links = await database.rawTransaction((q) =>
      q.query<{ id: string; used: boolean }>('SELECT id, used_at IS NOT NULL AS used FROM email_tokens WHERE user_id = $1', [userId]),
    );
    expect(Object.fromEntries(links.map((l) => [l.id, l.used]))).toEqual({ [oldLink]: true, [newLink]: false });
  });
});
