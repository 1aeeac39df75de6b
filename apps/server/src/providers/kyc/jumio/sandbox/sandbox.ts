// The built-in stand-in for Jumio (ADR 016, ADR 040): the default, for the demo and the tests. Its state
// answers like Jumio's services (an account per shopper, a workflow execution per attempt, a hosted page
// to send the shopper to, the status and the decision); api-routes.ts serves it over HTTP under three
// base paths, one per Jumio host (auth, account, retrieval), and the store reaches it with the real
// Jumio client. It signs its callbacks like the store expects. Its executions live in this process's
// memory: after a restart an open sandbox page is gone, its execution unknown (404, as Jumio answers),
// and the shopper starts a new attempt. The images the page takes are checked for size and type and dropped.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { KycDecision } from '@store/shared';
import { newSecretToken } from '../../../../lib/ids.ts';
import { signedCallbackHeaders } from '../signature.ts';
import type { KycProvider, WorkflowStatus } from '../types.ts';

/** What the tester chooses on the sandbox page. */
export const SANDBOX_OUTCOMES = ['passed', 'rejected', 'processing', 'expired'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** The workflow key the sandbox runs whatever is asked (it only imitates ID + Identity Verification). */
export const SANDBOX_DEFINITION_KEY = '10011';

interface SandboxExecution {
  id: string;
  accountId: string;
  userId: string;
  customerInternalReference: string;
  secret: string;
  status: WorkflowStatus;
  decision: KycDecision | null;
  createdAt: number;
}

export interface SignedCallback {
  headers: Record<string, string>;
  body: string;
}

/** What an account create or update asks for (Jumio's fields). */
export interface SandboxAccountRequest {
  customerInternalReference: string;
  userReference?: string;
}

/** The state behind the sandbox's HTTP services (api-routes.ts) and its page (page-routes.ts). */
export interface KycSandboxState {
  /** POST /api/v1/accounts, or PUT /api/v1/accounts/{accountId} (null: no such account, 404). */
  openExecution(
    request: SandboxAccountRequest,
    accountId: string | null,
  ): { accountId: string; workflowExecutionId: string; webHref: string } | null;
  /** The execution, when it exists on that account (else Jumio's 404). */
  execution(accountId: string, workflowExecutionId: string): Readonly<SandboxExecution> | null;
  /** The execution a page URL names, when its secret matches and it is still open. */
  findOpen(workflowExecutionId: string, secret: string): { status: WorkflowStatus } | null;
  /**
   * The tester's choice: moves the execution as Jumio would and returns the signed callbacks to deliver,
   * in order. Null when the page is unknown, the secret wrong, or the execution already ended.
   */
  submit(workflowExecutionId: string, secret: string, outcome: SandboxOutcome): SignedCallback[] | null;
}

/** The provider the store uses in demo mode: the real Jumio client in front of the sandbox, and its page's hand. */
export interface KycSandbox extends KycProvider, Pick<KycSandboxState, 'findOpen' | 'submit'> {
  readonly name: 'sandbox';
}

/** Open sandbox executions are forgotten after this long (a page left open over a day). */
const KEEP_MS = 24 * 60 * 60 * 1000;
const ENDED: ReadonlySet<WorkflowStatus> = new Set(['PROCESSED', 'SESSION_EXPIRED', 'TOKEN_EXPIRED']);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createKycSandbox(options: { callbackSecret: string; browserBase: string }): KycSandboxState {
  const executions = new Map<string, SandboxExecution>();
  const accounts = new Set<string>();

  function prune(now: number) {
    for (const [id, execution] of executions) if (now - execution.createdAt > KEEP_MS) executions.delete(id);
  }

  function callback(execution: SandboxExecution, status: WorkflowStatus): SignedCallback {
    const body = JSON.stringify({
      callbackSentAt: new Date().toISOString(),
      userReference: execution.userId,
      workflowExecution: { id: execution.id, status, definitionKey: SANDBOX_DEFINITION_KEY },
      account: { id: execution.accountId },
    });
    return { headers: signedCallbackHeaders(options.callbackSecret, body), body };
  }

  return {
    openExecution(request, accountId) {
      if (accountId !== null && !accounts.has(accountId)) return null;
      const now = Date.now();
      prune(now);
      const execution: SandboxExecution = {
        id: randomUUID(),
        accountId: accountId ?? randomUUID(),
        userId: request.userReference ?? '',
        customerInternalReference: request.customerInternalReference,
        secret: newSecretToken(),
        status: 'INITIATED',
        decision: null,
        createdAt: now,
      };
      accounts.add(execution.accountId);
      executions.set(execution.id, execution);
      const webHref = `${options.browserBase}/sandbox/kyc/${execution.id}?secret=${execution.secret}`;
      return { accountId: execution.accountId, workflowExecutionId: execution.id, webHref };
    },
    execution(accountId, workflowExecutionId) {
      const execution = executions.get(workflowExecutionId);
      return execution && execution.accountId === accountId ? execution : null;
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
