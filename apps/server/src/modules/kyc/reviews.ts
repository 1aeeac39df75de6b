// Identity reviews (issue 12, ADR 025): the verification records that need a person, and an admin's
// decision on one. The provider decides most checks alone (ADR 016); a record waits for a person when
// the provider rejected it, raised a warning, could not run the check, or the documents have been in
// checking (ACQUIRED) for longer than a day. A review settles it until the record changes again.
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminIdentityReview,
  AdminIdentityReviewResult,
  AdminIdentityReviewsQuery,
  IdentityReviewReason,
  KycEvidence,
} from '@store/shared';
import { findAccounts } from '../auth/index.ts';
import type { Wake } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { kycRecords } from '../../db/schema.ts';
import { conflict, notFound } from '@store/server-kit';
import { recordAudit } from '../audit/index.ts';
import { announceVerificationChange } from './live.ts';
import { retireOpenAttempts } from './repository.ts';

/** Documents in checking for longer than this wait for a person. */
export const STUCK_AFTER_HOURS = 24;

/** The rule, in SQL so every instance judges "stuck" by the database clock. */
function needsReview(): SQL {
  const waiting = or(
    sql`${kycRecords.decision} IN ('REJECTED', 'WARNING', 'NOT_EXECUTED')`,
    sql`${kycRecords.status} = 'ACQUIRED' AND ${kycRecords.updatedAt} < now() - make_interval(hours => ${STUCK_AFTER_HOURS})`,
  )!;
  // A review stamps reviewed_at = updated_at; any later change to the record makes it count again.
  const unreviewed = sql`(${kycRecords.reviewedAt} IS NULL OR ${kycRecords.reviewedAt} < ${kycRecords.updatedAt})`;
  return and(waiting, unreviewed)!;
}

function reasonOf(record: { decision: string | null }): IdentityReviewReason {
  if (record.decision === 'REJECTED') return 'rejected';
  if (record.decision === 'WARNING') return 'warning';
  if (record.decision === 'NOT_EXECUTED') return 'not-executed';
  return 'stuck';
}

/** What the dashboard counts: the same rule as the list. */
export async function countIdentityReviews(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(kycRecords).where(needsReview());
  return Number(row?.n ?? 0);
}

/** The queue, the longest-waiting first; one row more than the page is read to answer hasMore. */
export async function listIdentityReviews(
  db: Db,
  query: AdminIdentityReviewsQuery,
): Promise<{ reviews: AdminIdentityReview[]; page: number; limit: number; hasMore: boolean }> {
  const rows = await db
    .select({
      userId: kycRecords.userId,
      attempts: kycRecords.attempts,
      decision: kycRecords.decision,
      status: kycRecords.status,
      updatedAt: kycRecords.updatedAt,
      // The latest attempt's: the check the record's decision came from.
      // The outer table is named in full: a query of one table renders its columns unqualified.
      evidence: sql<KycEvidence | null>`(SELECT a.evidence FROM kyc_attempts a WHERE a.user_id = kyc_records.user_id ORDER BY a.number DESC LIMIT 1)`,
    })
    .from(kycRecords)
    .where(needsReview())
    .orderBy(asc(kycRecords.updatedAt), asc(kycRecords.userId))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const page = rows.slice(0, query.limit);
  // Who each shopper is, asked of auth (its table) in one query for the page.
  const accounts = await findAccounts(
    db,
    page.map((row) => row.userId),
  );
  return {
    reviews: page.map((row) => {
      const account = accounts.get(row.userId);
      const who = { email: account?.email ?? '', firstname: account?.firstname ?? '', lastname: account?.lastname ?? '' };
      return { ...row, ...who, reason: reasonOf(row), updatedAt: row.updatedAt.toISOString() };
    }),
    page: query.page,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

const NOTICES = {
  PASSED: { type: 'success', content: 'Your identity is verified.' },
  REJECTED: { type: 'error', content: 'Your identity check did not pass. Open Retry to try again.' },
} as const;

/**
 * An admin decides a record in the queue: PASSED (final, as a provider's pass) or REJECTED (the shopper
 * may try again). Under the record's lock, so of two admins deciding at once the second finds it reviewed
 * (409). Open attempts are retired: a late provider callback cannot overturn the decision.
 */
export async function reviewIdentity(
  deps: { db: Db; wake: Wake },
  adminId: string,
  userId: string,
  decision: 'PASSED' | 'REJECTED',
  reason: string,
): Promise<AdminIdentityReviewResult> {
  const result = await deps.db.transaction(async (tx) => {
    const [record] = await tx
      .select({
        attempts: kycRecords.attempts,
        decision: kycRecords.decision,
        status: kycRecords.status,
        reviewedAt: kycRecords.reviewedAt,
        waiting: sql<boolean>`${needsReview()}`,
      })
      .from(kycRecords)
      .where(eq(kycRecords.userId, userId))
      .for('update');
    if (!record) throw notFound('This user has no identity check to review.');
    if (!record.waiting) {
      throw conflict(
        record.reviewedAt ? 'Another admin already reviewed this identity check.' : 'This identity check does not need a review.',
      );
    }
    await retireOpenAttempts(tx, userId);
    const [updated] = await tx
      .update(kycRecords)
      .set({ decision, status: 'DONE', updatedAt: sql`now()`, reviewedAt: sql`now()`, reviewedBy: adminId, reviewReason: reason })
      .where(eq(kycRecords.userId, userId))
      .returning({ status: kycRecords.status, reviewedAt: kycRecords.reviewedAt });
    const before = { attempts: record.attempts, decision: record.decision, status: record.status };
    await recordAudit(tx, {
      actorId: adminId,
      action: decision === 'PASSED' ? 'kyc.review.approve' : 'kyc.review.reject',
      targetType: 'user',
      targetId: userId,
      before,
      after: { attempts: record.attempts, decision, status: 'DONE', reason },
    });
    await announceVerificationChange(tx, userId, NOTICES[decision]);
    return { userId, decision, status: updated!.status!, reviewedBy: adminId, reviewedAt: updated!.reviewedAt!.toISOString(), reason };
  });
  deps.wake.kick();
  return result;
}
