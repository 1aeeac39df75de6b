// The built-in stand-in for Jumio (ADR 016): the default, for the demo and the tests. It answers like
// Jumio's account API (an account per shopper, a workflow execution per attempt, a hosted page to send
// the shopper to, a retrieval of the decision) and signs its callbacks like the store expects. Its
// executions live in this process's memory: after a restart an open sandbox page is gone, and the
// shopper starts a new attempt. The images the page takes are checked for size and type and dropped.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { KycDecision } from '@store/shared';
import { newSecretToken } from '../../../../lib/ids.ts';
import { signedCallbackHeaders, verifyCallbackSignature } from '../signature.ts';
import type { CreatedVerification, CreateVerificationInput, KycProvider, WorkflowExecution, WorkflowStatus } from '../types.ts';

/** What the tester chooses on the sandbox page. */
export const SANDBOX_OUTCOMES = ['passed', 'rejected', 'processing', 'expired'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

interface SandboxExecution {
  id: string;
  accountId: string;
  userId: string;
  secret: string;
  status: WorkflowStatus;
  decision: KycDecision | null;
  createdAt: number;
}

export interface SignedCallback {
  headers: Record<string, string>;
  body: string;
}

export interface KycSandbox extends KycProvider {
  readonly name: 'sandbox';
  /** The execution a page URL names, when its secret matches and it is still open. */
  findOpen(workflowExecutionId: string, secret: string): { status: WorkflowStatus } | null;
  /**
   * The tester's choice: moves the execution as Jumio would and returns the signed callbacks to deliver,
   * in order. Null when the page is unknown, the secret wrong, or the execution already ended.
   */
  submit(workflowExecutionId: string, secret: string, outcome: SandboxOutcome): SignedCallback[] | null;
}

/** Open sandbox executions are forgotten after this long (a page left open over a day). */
const KEEP_MS = 24 * 60 * 60 * 1000;
const ENDED: ReadonlySet<WorkflowStatus> = new Set(['PROCESSED', 'SESSION_EXPIRED', 'TOKEN_EXPIRED']);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createKycSandbox(options: { callbackSecret: string; browserBase: string }): KycSandbox {
  const executions = new Map<string, SandboxExecution>();

  function prune(now: number) {
    for (const [id, execution] of executions) if (now - execution.createdAt > KEEP_MS) executions.delete(id);
  }

  function callback(execution: SandboxExecution, status: WorkflowStatus): SignedCallback {
    const body = JSON.stringify({
      callbackSentAt: new Date().toISOString(),
      userReference: execution.userId,
      workflowExecution: { id: execution.id, status, definitionKey: 'sandbox-id-and-selfie' },
      account: { id: execution.accountId },
    });
    return { headers: signedCallbackHeaders(options.callbackSecret, body), body };
  }

  return {
    name: 'sandbox',
    async createVerification({ userId, accountId }: CreateVerificationInput): Promise<CreatedVerification> {
      const now = Date.now();
      prune(now);
      const execution: SandboxExecution = {
        id: randomUUID(),
        accountId: accountId ?? randomUUID(),
        userId,
        secret: newSecretToken(),
        status: 'INITIATED',
        decision: null,
        createdAt: now,
      };
      executions.set(execution.id, execution);
      const redirectUrl = `${options.browserBase}/sandbox/kyc/${execution.id}?secret=${execution.secret}`;
      return { accountId: execution.accountId, workflowExecutionId: execution.id, redirectUrl };
    },
    verifyCallback(headers, rawBody) {
      verifyCallbackSignature(options.callbackSecret, headers, rawBody);
    },
    async retrieveExecution(accountId: string, workflowExecutionId: string): Promise<WorkflowExecution> {
      const execution = executions.get(workflowExecutionId);
      // Jumio answers 404 for an unknown execution; a forgotten one reads as expired here.
      if (!execution || execution.accountId !== accountId) return { status: 'SESSION_EXPIRED', decision: null };
      return { status: execution.status, decision: execution.decision };
    },
    findOpen(workflowExecutionId, secret) {
      const execution = executions.get(workflowExecutionId);
      if (!execution || !sameSecret(execution.secret, secret) || ENDED.has(execution.status)) return null;
      return { status: execution.status };
    },
    submit(workflowExecutionId, secret, outcome) {
      const execution = executions.get(workflowExecutionId);
      if (!execution || !sameSecret(execution.secret, secret) || ENDED.has(execution.status)) return null;
      if (outcome === 'expired') {
        execution.status = 'SESSION_EXPIRED';
        return [callback(execution, 'SESSION_EXPIRED')];
      }
      const sent: SignedCallback[] = [];
      // The images were taken: Jumio reports ACQUIRED first (once).
      if (execution.status === 'INITIATED') {
        execution.status = 'ACQUIRED';
        sent.push(callback(execution, 'ACQUIRED'));
      }
      if (outcome === 'processing') return sent;
      execution.status = 'PROCESSED';
      execution.decision = outcome === 'passed' ? 'PASSED' : 'REJECTED';
      sent.push(callback(execution, 'PROCESSED'));
      return sent;
    },
  };
}
