// The wallet module's background work: the 'live.wallet' outbox rows are delivered to the shopper's open
// tabs (live.ts), and the balance rows are audited against the ledger, at start and then hourly (ADR 061).
import type { FastifyBaseLogger } from 'fastify';
import { OUTBOX_TOPICS } from '@store/shared';
import { handleTopic } from '../../background/topics.ts';
import type { BackgroundWork } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import type { Live } from '../../plugins/live.ts';
import { balanceAuditJob } from './balance-audit.ts';
import { pushWallet } from './live.ts';

export function walletBackground(deps: { db: Db; live: Live; log: FastifyBaseLogger }): BackgroundWork {
  return {
    topics: [handleTopic(OUTBOX_TOPICS.wallet, (payload) => pushWallet(deps, payload))],
    jobs: [balanceAuditJob(deps)],
  };
}
