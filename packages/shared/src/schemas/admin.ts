// The admin console's reads (issue 12): audit log, order and user search, dashboard. Every list pages on
// the server, newest first, and answers `hasMore` rather than a total: counting 100,000 orders for every
// page would cost more than the page itself.
import { z } from 'zod';
import { orderStatus } from './checkout.ts';
import { walletCoins } from './user.ts';
import { ledgerEntryKind, ledgerWalletName } from './wallet.ts';

/** Whole numbers in a query string: digits only (a plain coercion reads '' as 0 and '1e2' as 100). */
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number, digits only')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** Text without NUL characters (PostgreSQL cannot store or compare them), trimmed, not empty. */
const searchText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain a NUL character')
    .pipe(z.string().trim().min(1, 'must not be empty'));

/** A date (2026-11-24, midnight UTC) or a date-time with its offset. */
const instant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date (YYYY-MM-DD) or an ISO date-time' })
  .transform((s) => new Date(s));
const DAY_MS = 86_400_000;
/** An upper bound: a plain date takes in the whole of that day (UTC), a date-time is taken as given. */
const untilInstant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date (YYYY-MM-DD) or an ISO date-time' })
  .transform((s) => new Date(s.length === 10 ? Date.parse(s) + DAY_MS - 1 : Date.parse(s)));

/** page from 1 (at most 10,000: deeper pages are found by narrowing the search), limit 1 to 100 (default 20). */
const paging = {
  page: wholeNumber(10_000).default(1),
  limit: wholeNumber(100).default(20),
};

const pageInfo = {
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  /** Whether a next page exists. */
  hasMore: z.boolean(),
};

/** GET v1/admin/audit */
export const adminAuditQuery = z.strictObject({
  ...paging,
  /** The admin's user id. */
  actor: searchText(64).optional(),
  /** The admin's e-mail, whole, any case (what the console's filter asks: people by e-mail, issue 24). */
  actorEmail: searchText(200).optional(),
  action: searchText(100).optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;

export const adminAuditEntry = z.object({
  id: z.number().int(),
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The target as people know it: a user's e-mail, an order's number (#100042), a coupon's code, a name; null when gone. */
  targetLabel: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export const adminAuditResponse = z.object({
  success: z.literal(true),
  data: z.object({ entries: z.array(adminAuditEntry), ...pageInfo }),
});

/**
 * GET v1/admin/orders: q is an order id (exact), an order number ("100042" or "#100042") or the start of the
 * shopper's e-mail. from/to bound created_at.
 */
export const adminOrdersQuery = z
  .strictObject({
    ...paging,
    q: searchText(254).optional(),
    userId: searchText(64).optional(),
    state: orderStatus.optional(),
    from: instant.optional(),
    to: untilInstant.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'must not be before from', path: ['to'] });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const adminOrderSummary = z.object({
  id: z.string(),
  /** The number the shopper reads on the receipt (orders.number). */
  number: z.number().int(),
  userId: z.string(),
  email: z.string(),
  /** The shopper's first and last name. */
  name: z.string(),
  status: orderStatus,
  totalCents: z.number().int(),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

export const adminOrdersResponse = z.object({
  success: z.literal(true),
  data: z.object({ orders: z.array(adminOrderSummary), ...pageInfo }),
});

export const adminLedgerEntry = z.object({
  id: z.number().int(),
  userId: z.string(),
  wallet: ledgerWalletName,
  amount: z.number().int(),
  reason: z.string(),
  /** The reason in the wallet history's words (LEDGER_ENTRY_KIND_LABELS). */
  kind: ledgerEntryKind,
  reference: z.string(),
  /** The order the entry is about, by the number people read; null for an adjustment, a win, a cash-out. */
  order: z.object({ id: z.string(), number: z.number().int().positive() }).nullable(),
  createdAt: z.string(),
});

export const adminPayment = z.object({
  id: z.string(),
  provider: z.string(),
  method: z.string(),
  status: z.string(),
  amountCents: z.number().int(),
  transactionId: z.string(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const adminOrderDetailResponse = z.object({
  success: z.literal(true),
  data: z.object({
    order: adminOrderSummary.extend({
      source: z.string(),
      subtotalCents: z.number().int(),
      discountCents: z.number().int(),
      taxCents: z.number().int(),
      couponCode: z.string().nullable(),
      failureReason: z.string().nullable(),
      fulfilledAt: z.string().nullable(),
      items: z.array(
        z.object({
          itemKind: z.string(),
          itemId: z.string(),
          name: z.string(),
          unitPriceCents: z.number().int(),
          quantity: z.number().int(),
          coins: z.number().int(),
          bonusCoins: z.number().int(),
        }),
      ),
    }),
    payments: z.array(adminPayment),
    ledger: z.array(adminLedgerEntry),
  }),
});

/** GET v1/admin/users: q is the start of the e-mail, first name or last name (any case). */
export const adminUsersQuery = z.strictObject({ ...paging, q: searchText(254).optional() });
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** A role as the console names it. */
export const ROLE_LABELS = { USER: 'Shopper', ADMIN: 'Admin' } as const;

export const adminUserSummary = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUsersResponse = z.object({
  success: z.literal(true),
  data: z.object({ users: z.array(adminUserSummary), ...pageInfo }),
});

export const adminUserDetailResponse = z.object({
  success: z.literal(true),
  data: z.object({
    user: adminUserSummary.extend({
      address: z.object({ street: z.string(), city: z.string(), state: z.string(), zipCode: z.string(), country: z.string() }).nullable(),
    }),
    /** The SPEC §3 verification record; null when the shopper never started one. */
    verification: z
      .object({ attempts: z.number().int(), decision: z.string().nullable(), status: z.string().nullable(), updatedAt: z.string() })
      .nullable(),
    wallets: walletCoins,
    /** The newest 50 ledger entries. */
    recentLedger: z.array(adminLedgerEntry),
  }),
});

export const adminDashboardResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** Paid or fulfilled orders by the time they were paid, integer cents; days and weeks (from Monday) in UTC. */
    salesTodayCents: z.number().int(),
    salesThisWeekCents: z.number().int(),
    ordersByState: z.record(orderStatus, z.number().int()),
    pendingCashouts: z.number().int(),
    /** Identity checks waiting for a person: what GET v1/admin/identity-reviews lists (ADR 025). */
    pendingIdentityReviews: z.number().int(),
    /** Live-chat conversations still open (ADR 027). */
    openChats: z.number().int(),
  }),
});
