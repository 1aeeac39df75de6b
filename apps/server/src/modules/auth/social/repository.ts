// SQL of social sign-in (ADR 029): started sign-ins (state rows), the hand-over codes, and the links
// between users and their Apple / Facebook identities. Expiry is judged by the database clock.
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { socialIdentities, socialSignInHandoffs, socialSignInStates, users, type SocialLinkIdentity } from '../../../db/schema.ts';
import { newId } from '../../../lib/ids.ts';
import { signInUserColumns } from '../repository.ts';

type Conn = Db | Tx;
export type Provider = 'apple' | 'facebook';

const inMs = (ms: number) => sql`now() + ${ms}::bigint * interval '1 millisecond'`;

export async function insertSignInState(
  db: Conn,
  row: {
    stateHash: string;
    provider: Provider;
    state: string;
    nonce: string;
    codeVerifier: string;
    redirectUri: string;
    bindingHash: string;
    /** The signed-in user a link from the profile is for; absent for a sign-in. */
    linkUserId?: string;
    ttlMs: number;
  },
) {
  const { ttlMs, ...values } = row;
  await db.insert(socialSignInStates).values({ ...values, expiresAt: inMs(ttlMs) });
}

/** Uses up a started sign-in in one statement: a replayed or late state finds nothing. */
export async function consumeSignInState(db: Conn, stateHash: string, provider: Provider) {
  const [row] = await db
    .update(socialSignInStates)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(socialSignInStates.stateHash, stateHash),
        eq(socialSignInStates.provider, provider),
        isNull(socialSignInStates.usedAt),
        gt(socialSignInStates.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Old rows are of no use to anyone: cleared as new sign-ins start. */
export async function deleteStaleSignInStates(db: Conn) {
  await db.delete(socialSignInStates).where(sql`${socialSignInStates.expiresAt} < now() - interval '1 day'`);
  await db.delete(socialSignInHandoffs).where(sql`${socialSignInHandoffs.expiresAt} < now() - interval '1 day'`);
}

export async function insertHandoff(
  db: Conn,
  row: { codeHash: string; userId: string; provider: Provider; bindingHash: string; linkIdentity?: SocialLinkIdentity; ttlMs: number },
) {
  const { ttlMs, ...values } = row;
  await db.insert(socialSignInHandoffs).values({ ...values, expiresAt: inMs(ttlMs) });
}

/** Uses up a sign-in's hand-over (never a link's: a link's code is no way to a session). */
export async function consumeHandoff(db: Conn, codeHash: string, bindingHash: string) {
  const [row] = await db
    .update(socialSignInHandoffs)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(socialSignInHandoffs.codeHash, codeHash),
        eq(socialSignInHandoffs.bindingHash, bindingHash),
        isNull(socialSignInHandoffs.linkIdentity),
        isNull(socialSignInHandoffs.usedAt),
        gt(socialSignInHandoffs.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: socialSignInHandoffs.userId, provider: socialSignInHandoffs.provider });
  return row ?? null;
}

/** Uses up a link's hand-over, only for the user it was started for and from the browser that started it. */
export async function consumeLinkHandoff(db: Conn, codeHash: string, bindingHash: string, userId: string) {
  const [row] = await db
    .update(socialSignInHandoffs)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(socialSignInHandoffs.codeHash, codeHash),
        eq(socialSignInHandoffs.bindingHash, bindingHash),
        eq(socialSignInHandoffs.userId, userId),
        isNotNull(socialSignInHandoffs.linkIdentity),
        isNull(socialSignInHandoffs.usedAt),
        gt(socialSignInHandoffs.expiresAt, sql`now()`),
      ),
    )
    .returning({ provider: socialSignInHandoffs.provider, identity: socialSignInHandoffs.linkIdentity });
  return row?.identity ? { provider: row.provider, identity: row.identity } : null;
}

export interface IdentityDetails {
  email: string | null;
  emailVerified: boolean;
  isPrivateEmail: boolean;
  name: string | null;
  picture: string | null;
}

export async function findIdentity(db: Conn, provider: Provider, subject: string) {
  const [row] = await db
    .select({ id: socialIdentities.id, userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
  return row ?? null;
}

/** What the provider says now replaces what it said before (fbData / appleData follow it). */
export async function refreshIdentity(db: Conn, id: string, details: IdentityDetails) {
  await db
    .update(socialIdentities)
    .set({ ...details, lastSignInAt: sql`now()` })
    .where(eq(socialIdentities.id, id));
}

/** Links an identity; false when the user already has another identity at this provider. */
export async function insertIdentity(db: Conn, row: { userId: string; provider: Provider; subject: string } & IdentityDetails) {
  const inserted = await db
    .insert(socialIdentities)
    .values({ id: newId(), ...row })
    .onConflictDoNothing()
    .returning({ id: socialIdentities.id });
  return inserted.length === 1;
}

export async function listIdentities(db: Conn, userId: string) {
  return db
    .select({
      provider: socialIdentities.provider,
      subject: socialIdentities.subject,
      email: socialIdentities.email,
      isPrivateEmail: socialIdentities.isPrivateEmail,
      name: socialIdentities.name,
      picture: socialIdentities.picture,
      createdAt: socialIdentities.createdAt,
    })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, userId))
    .orderBy(socialIdentities.provider);
}

export async function deleteIdentity(db: Conn, userId: string, provider: Provider) {
  const rows = await db
    .delete(socialIdentities)
    .where(and(eq(socialIdentities.userId, userId), eq(socialIdentities.provider, provider)))
    .returning({ id: socialIdentities.id });
  return rows.length === 1;
}

/** The user row, locked for the rest of the transaction: two unlinks at once are decided one after the other. */
export async function lockUser(db: Conn, userId: string) {
  const [row] = await db
    .select({ id: users.id, hasPassword: sql<boolean>`${users.passwordHash} <> ''` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function countOtherIdentities(db: Conn, userId: string, provider: Provider) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.userId, userId), ne(socialIdentities.provider, provider)));
  return row?.n ?? 0;
}

export async function hasPassword(db: Conn, userId: string) {
  const [row] = await db
    .select({ has: sql<boolean>`${users.passwordHash} <> ''` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.has ?? false;
}

/**
 * A provider proved the owner of an address that someone signed up with but never confirmed: the pending
 * password (chosen by whoever signed up, maybe not the owner) is dropped and the address marked
 * confirmed, so a pre-registered account cannot be taken over through the owner's social sign-in.
 */
export async function claimUnconfirmedAccount(db: Conn, userId: string) {
  await db
    .update(users)
    .set({ passwordHash: '', emailVerifiedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** A user made by a social sign-in: no password (''), the e-mail confirmed only when the provider said so. */
export async function insertSocialUser(db: Conn, u: { email: string; firstname: string; lastname: string; emailVerified: boolean }) {
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      email: u.email,
      passwordHash: '',
      firstname: u.firstname,
      lastname: u.lastname,
      role: 'USER',
      emailVerifiedAt: u.emailVerified ? sql`now()` : null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row ?? null;
}

export async function findUserById(db: Conn, userId: string) {
  const [row] = await db.select(signInUserColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}
