// SQL of accounts, sessions and one-time e-mail tokens. Expiry is judged by the database clock
// (now()), so every instance agrees and tests can move time by editing expires_at.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { OUTBOX_TOPICS } from '@store/shared';
import { enqueue } from '../../background/topics.ts';
import type { Db, Tx } from '../../db/client.ts';
import { emailTokens, sessions, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';

export type EmailTokenPurpose = 'verify-email' | 'reset-password' | 'unlock-sign-in' | 'change-email';
type Conn = Db | Tx;

const inMs = (ms: number) => sql`now() + ${ms}::bigint * interval '1 millisecond'`;

/** What sign-in needs of a user, by e-mail (password sign-in) or by id (a provider's linked identity). */
export const signInUserColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  firstname: users.firstname,
  lastname: users.lastname,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
};

export async function findUserById(db: Conn, id: string) {
  const [row] = await db.select(signInUserColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByEmail(db: Conn, email: string) {
  const [row] = await db.select(signInUserColumns).from(users).where(eq(users.email, email));
  return row ?? null;
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/** Inserts an unverified user, who confirmed being 18 or older; null when the e-mail is already taken (also under a concurrent sign-up). */
export async function insertUser(db: Conn, user: { email: string; passwordHash: string; firstname: string; lastname: string }) {
  const [row] = await db
    .insert(users)
    .values({ id: newId(), ...user, role: 'USER', adultConfirmedAt: sql`now()` })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row ?? null;
}

export async function recordLastIp(db: Conn, userId: string, ip: string) {
  await db.update(users).set({ lastIp: ip }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Conn, userId: string) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(db: Conn, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The details of a sign-up for an address nobody has confirmed yet. */
export interface SignupDetails {
  passwordHash: string;
  firstname: string;
  lastname: string;
}

export async function insertEmailToken(
  db: Conn,
  t: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; ttlMs: number; pendingEmail?: string },
) {
  await db.insert(emailTokens).values({
    id: newId(),
    userId: t.userId,
    purpose: t.purpose,
    tokenHash: t.tokenHash,
    pendingEmail: t.pendingEmail,
    expiresAt: inMs(t.ttlMs),
  });
}

/** The account's new address, proved; false when another account holds it (the unique index, also under a race). */
export async function setEmail(db: Conn, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`NOT EXISTS (SELECT 1 FROM users other WHERE other.email = ${email} AND other.id <> ${userId})`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * The latest sign-up's password and name replace the pending ones, only while the address is unconfirmed.
 * The row lock it takes orders two sign-ups for one address. False when the address got confirmed.
 */
export async function replacePendingSignup(db: Conn, userId: string, details: SignupDetails): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...details, adultConfirmedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Marks a usable token used and returns its user (and, for a change-email link, the address it confirms), in one
 * statement: two concurrent requests with the same link cannot both succeed.
 */
export async function consumeEmailToken(db: Conn, tokenHash: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId, pendingEmail: emailTokens.pendingEmail });
  return row ?? null;
}

/** Looks a token up without using it: says whether it is usable, used or expired, and whose it is. */
export async function inspectEmailToken(db: Conn, tokenHash: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .select({
      userId: emailTokens.userId,
      email: users.email,
      used: sql<boolean>`${emailTokens.usedAt} is not null`,
      expired: sql<boolean>`${emailTokens.expiresAt} <= now()`,
    })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)));
  return row ?? null;
}

/** Retires every outstanding token of one kind, e.g. older reset links once a reset went through. */
export async function retireEmailTokens(db: Conn, userId: string, purpose: EmailTokenPurpose) {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function insertSession(
  db: Conn,
  s: { userId: string; tokenHash: string; ttlMs: number; signInProvider?: 'apple' | 'facebook' | null },
) {
  await db.insert(sessions).values({
    id: newId(),
    userId: s.userId,
    tokenHash: s.tokenHash,
    expiresAt: inMs(s.ttlMs),
    signInProvider: s.signInProvider ?? null,
  });
}

export async function revokeSession(db: Conn, tokenHash: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Conn, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The user behind a live (not revoked, not expired) session, and when the session expires (the auth plugin's cache keeps it no longer). */
export async function findSessionUser(db: Conn, tokenHash: string): Promise<{ user: AuthUser; expiresAt: Date } | null> {
  const [row] = await db
    .select({ _id: users.id, role: users.role, email: users.email, signInProvider: sessions.signInProvider, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  if (!row) return null;
  const { expiresAt, ...user } = row;
  return { user, expiresAt };
}

/** Which of these token hashes still name a live (not revoked, not expired) session: the live sockets' re-check. */
export async function findLiveTokenHashes(db: Conn, tokenHashes: string[]): Promise<string[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, tokenHashes), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return rows.map((r) => r.tokenHash);
}

/** One insert, whatever the address: the request's work says nothing about whether it has an account. */
export async function enqueuePasswordResetRequest(db: Conn, email: string): Promise<void> {
  await enqueue(db, OUTBOX_TOPICS.passwordReset, { email });
}

/** One insert, whatever the address, as for a reset request. */
export async function enqueueSignInUnlock(db: Conn, email: string): Promise<void> {
  await enqueue(db, OUTBOX_TOPICS.signInUnlock, { email });
}
