// Rules of identity verification (ADR 016). The SPEC §3 record (kyc_records) follows the shopper's
// current attempt; the provider's callbacks move an attempt forward only (INITIATED < ACQUIRED <
// DONE/EXPIRED), so a replayed, duplicated or late callback changes nothing, nor does one for an attempt
// that a newer one or an admin's reset retired. A PASSED decision is final (only an admin's reset undoes it).
import type { FastifyBaseLogger } from 'fastify';
import { kycCallbackBody, type JumioRecord, type KycCallbackBody, type KycDecision, type KycStatus } from '@store/shared';
import type { Wake } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { findAccount } from '../auth/index.ts';
import { KycProviderError, type KycProvider, type WorkflowExecution } from '../../providers/kyc/jumio/types.ts';
import { announceVerificationChange, type KycNotice } from './live.ts';
import * as repo from './repository.ts';

export interface KycDeps {
  db: Db;
  provider: KycProvider;
  log: FastifyBaseLogger;
  /** Delivers the outbox row a change wrote now rather than at the next poll. */
  wake: Wake;
}

const ALREADY_VERIFIED = 'Your identity is already verified.';
const RANK: Record<KycStatus, number> = { INITIATED: 0, ACQUIRED: 1, DONE: 2, EXPIRED: 2 };

function providerUnavailable(error: unknown, log: FastifyBaseLogger): AppError {
  log.warn({ err: error instanceof KycProviderError ? error.message : error }, 'identity verification provider failed');
  return new AppError(502, 'PROVIDER_UNAVAILABLE', 'The identity check could not be reached. Please try again in a moment.');
}

export async function getRecord(db: Db, userId: string): Promise<JumioRecord | null> {
  return repo.findRecord(db, userId);
}

/**
 * A new attempt: the provider opens a workflow execution (on the shopper's account there, if any), then
 * one transaction retires any open attempt, records the new one and moves the record to INITIATED with
 * one more attempt. Refused (409) once the decision is PASSED.
 */
export async function startVerification(deps: KycDeps, userId: string) {
  const before = await repo.findRecord(deps.db, userId);
  if (before?.decision === 'PASSED') throw conflict(ALREADY_VERIFIED);
  const attemptId = newId();
  let created;
  try {
    created = await deps.provider.createVerification({ userId, attemptId, accountId: await repo.latestAccountId(deps.db, userId) });
  } catch (error) {
    throw providerUnavailable(error, deps.log);
  }
  const jumio = await deps.db.transaction(async (tx) => {
    const record = await repo.lockRecord(tx, userId);
    if (record.decision === 'PASSED') throw conflict(ALREADY_VERIFIED);
    await repo.retireOpenAttempts(tx, userId);
    await repo.insertAttempt(tx, { id: attemptId, userId, accountId: created.accountId, workflowExecutionId: created.workflowExecutionId });
    const updated = await repo.updateRecord(tx, userId, { attempts: (record.attempts ?? 0) + 1, decision: null, status: 'INITIATED' });
    await announceVerificationChange(tx, userId);
    return updated;
  });
  deps.wake.kick();
  return { redirectUrl: created.redirectUrl, workflowExecutionId: created.workflowExecutionId, jumio };
}

function parseCallback(rawBody: string): KycCallbackBody {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', 'The body must be JSON.', 'body');
  }
  const parsed = kycCallbackBody.safeParse(json);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path.join('.') || 'body';
  throw new AppError(400, 'VALIDATION_FAILED', `Invalid field '${field}': ${parsed.error.issues[0]?.message}`, field);
}

function noticeFor(status: KycStatus, decision: KycDecision | null): KycNotice | undefined {
  if (status === 'DONE' && decision === 'PASSED') return { type: 'success', content: 'Your identity is verified.' };
  if (status === 'DONE') return { type: 'error', content: 'Your identity check did not pass. Open Retry to try again.' };
  if (status === 'EXPIRED') return { type: 'warning', content: 'Your identity check expired before it was finished. Please try again.' };
  return undefined;
}

/** The record an execution's state means; null for one that has not moved past its start. */
function targetOf(execution: WorkflowExecution): { status: KycStatus; decision: KycDecision | null } | null {
  switch (execution.status) {
    case 'INITIATED':
      return null;
    case 'ACQUIRED':
      return { status: 'ACQUIRED', decision: null };
    case 'SESSION_EXPIRED':
    case 'TOKEN_EXPIRED':
      return { status: 'EXPIRED', decision: null };
    case 'PROCESSED':
      return execution.decision ? { status: 'DONE', decision: execution.decision } : null;
  }
}

/**
 * A provider callback, after its signature was checked by the caller. Jumio's callback names the
 * execution and its status but not the decision: on PROCESSED the decision is read back from the
 * provider. Answers whether the record changed.
 */
export async function applyCallback(deps: KycDeps, rawBody: string): Promise<{ applied: boolean }> {
  const callback = parseCallback(rawBody);
  const attempt = await repo.findAttemptByExecution(deps.db, callback.workflowExecution.id);
  // Unknown, someone else's account, retired or already ended: acknowledged, nothing changes.
  if (!attempt || attempt.accountId !== callback.account.id || attempt.retiredAt || RANK[attempt.status] === 2) return { applied: false };

  if (callback.workflowExecution.status === 'INITIATED') return { applied: false };
  // The callback only says "ask again": the status and decision are what the provider's API answers, never
  // what a body claims (Jumio does not sign its callbacks; a forged one can at most make us ask).
  let execution;
  try {
    execution = await deps.provider.retrieveExecution(attempt.accountId, attempt.workflowExecutionId);
  } catch (error) {
    // 502: the provider delivers the callback again later.
    throw providerUnavailable(error, deps.log);
  }
  const target = targetOf(execution);
  if (!target || RANK[target.status] <= RANK[attempt.status]) return { applied: false };

  const result = await deps.db.transaction(async (tx) => {
    // Same lock order as a start: the record, then the attempt.
    const record = await repo.lockExistingRecord(tx, attempt.userId);
    const current = await repo.lockAttempt(tx, attempt.id);
    if (!record || !current || current.retiredAt || RANK[target.status] <= RANK[current.status]) return { applied: false };
    // The evidence stays with the attempt (the reviewer's view); the record keeps the SPEC §3 fields only.
    await repo.updateAttempt(tx, attempt.id, { ...target, evidence: execution.evidence });
    // PASSED is final: nothing after it changes the record.
    if (record.decision === 'PASSED') return { applied: false };
    await repo.updateRecord(tx, attempt.userId, target);
    await announceVerificationChange(tx, attempt.userId, noticeFor(target.status, target.decision));
    return { applied: true };
  });
  if (result.applied) deps.wake.kick();
  return result;
}

/**
 * An admin's reset: the record goes back to no attempts, so the shopper can verify again; any open
 * attempt is retired (its late callbacks change nothing). Who and when are kept in kyc_resets.
 */
export async function resetVerification({ db, wake }: Pick<KycDeps, 'db' | 'wake'>, adminId: string, userId: string) {
  const reset = await db.transaction(async (tx) => {
    if (!(await findAccount(tx, userId))) throw notFound('No user with this id.');
    const previous = await repo.lockExistingRecord(tx, userId);
    await repo.retireOpenAttempts(tx, userId);
    const resetAt = await repo.insertReset(tx, { id: newId(), userId, adminId, previous });
    const jumio = previous ? await repo.updateRecord(tx, userId, { attempts: 0, decision: null, status: null }) : null;
    if (previous)
      await announceVerificationChange(tx, userId, {
        type: 'info',
        content: 'Your identity verification was reset. You can verify again.',
      });
    // The audit log (issue 12), in this transaction: the reset and its record commit together.
    await recordAudit(tx, { actorId: adminId, action: 'kyc.reset', targetType: 'user', targetId: userId, before: previous, after: jumio });
    return { userId, jumio, resetBy: adminId, resetAt: resetAt.toISOString() };
  });
  wake.kick();
  return reset;
}
