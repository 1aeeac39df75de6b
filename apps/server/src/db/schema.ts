// Drizzle view of the tables the SQL migrations create (migrations/ is the source of truth).
import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface AddressJson {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  role: text('role', { enum: ['USER', 'ADMIN'] }).notNull().default('USER'),
  image: text('image'),
  address: jsonb('address').$type<AddressJson>(),
  lastIp: text('last_ip'),
  emailVerifiedAt: ts('email_verified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const emailTokens = pgTable('email_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id),
  purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  pendingPasswordHash: text('pending_password_hash'),
  pendingFirstname: text('pending_firstname'),
  pendingLastname: text('pending_lastname'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const mailbox = pgTable('mailbox', {
  id: text('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  image: text('image').notNull(),
  priceCents: integer('price_cents').notNull(),
  coins: integer('coins').notNull(),
  isAvailable: boolean('is_available').notNull().default(true),
  bonusType: text('bonus_type', { enum: ['PERCENTAGE', 'COINS'] }),
  bonusAmount: integer('bonus_amount'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const giftCards = pgTable('gift_cards', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  image: text('image').notNull(),
  brand: text('brand').notNull(),
  priceCents: integer('price_cents').notNull(),
  coins: integer('coins').notNull().default(0),
  isAvailable: boolean('is_available').notNull().default(true),
  bonusType: text('bonus_type', { enum: ['PERCENTAGE', 'COINS'] }),
  bonusAmount: integer('bonus_amount'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const promotions = pgTable('promotions', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  channel: text('channel', { enum: ['web', 'app'] }).notNull(),
  kind: text('kind', { enum: ['active', 'first-purchase'] }).notNull().default('active'),
  bonusType: text('bonus_type', { enum: ['PERCENTAGE', 'COINS'] }).notNull(),
  bonusPercentage: integer('bonus_percentage').notNull(),
  startsAt: ts('starts_at').notNull().defaultNow(),
  endsAt: ts('ends_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id').notNull().references(() => users.id),
  wallet: text('wallet', { enum: ['purchasedWallet', 'winWallet', 'stackingWallet'] }).notNull(),
  amount: integer('amount').notNull(),
  reason: text('reason').notNull(),
  reference: text('reference').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const kycRecords = pgTable('kyc_records', {
  userId: text('user_id').primaryKey().references(() => users.id),
  attempts: integer('attempts').notNull().default(0),
  decision: text('decision'),
  status: text('status'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
