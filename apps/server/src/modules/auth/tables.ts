// Drizzle view of the tables the auth module owns (issue 25): the users, their sessions, e-mail links and social sign-in.
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

export interface AddressJson {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    role: text('role', { enum: ['USER', 'ADMIN'] })
      .notNull()
      .default('USER'),
    image: text('image'),
    address: jsonb('address').$type<AddressJson>(),
    lastIp: text('last_ip'),
    emailVerifiedAt: ts('email_verified_at'),
    /** When they confirmed at sign-up that they are 18 or older (0049); null before the question, or after a social sign-in. */
    adultConfirmedAt: ts('adult_confirmed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_firstname_prefix_idx').using('btree', sql`lower(firstname) text_pattern_ops`),
    index('users_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    index('users_lastname_prefix_idx').using('btree', sql`lower(lastname) text_pattern_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** How the session was signed in: a social provider (migration 0030), or null for a password. */
    signInProvider: text('sign_in_provider', { enum: ['apple', 'facebook'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * 'unlock-sign-in': a sign-in past the per-account delay (migration 0034, ADR 034); 'change-email': the
     * proof of a new address asked for from the profile (0051).
     */
    purpose: text('purpose', { enum: ['verify-email', 'reset-password', 'unlock-sign-in', 'change-email'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address a 'change-email' link confirms (0051). */
    pendingEmail: text('pending_email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

const socialProvider = (name: string) => text(name, { enum: ['apple', 'facebook'] });

/** A user's identity at Apple or Facebook, and what the provider last said about the person. */

export const socialIdentities = pgTable(
  'social_identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: socialProvider('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isPrivateEmail: boolean('is_private_email').notNull().default(false),
    name: text('name'),
    picture: text('picture'),
    lastSignInAt: ts('last_sign_in_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('social_identities_provider_subject_key').on(t.provider, t.subject),
    unique('social_identities_user_id_provider_key').on(t.userId, t.provider),
  ],
);

/** A started sign-in: state, nonce and PKCE verifier, single use, keyed by the state's hash. */
export const socialSignInStates = pgTable(
  'social_sign_in_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: socialProvider('provider').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    bindingHash: text('binding_hash').notNull(),
    /** A link started from the profile (0050): the signed-in user the identity is for; null for a sign-in. */
    linkUserId: text('link_user_id').references(() => users.id),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('social_sign_in_states_expires').on(t.expiresAt)],
);

/** The one-time code the sign-in landing page trades for a session. */
export const socialSignInHandoffs = pgTable('social_sign_in_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  provider: socialProvider('provider').notNull(),
  bindingHash: text('binding_hash').notNull(),
  /** A link's hand-over (0050): the identity to link when the user's browser finishes; null for a sign-in. */
  linkIdentity: jsonb('link_identity').$type<SocialLinkIdentity>(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** What a provider vouched for (an ID token's person), kept until the user's browser finishes the link. */
export interface SocialLinkIdentity {
  subject: string;
  email: string | null;
  /** Only a provider's explicit assertion counts: Apple's email_verified, or the sandbox's. */
  emailVerified: boolean;
  isPrivateEmail: boolean;
  name: string | null;
  picture: string | null;
}
