// The cash-out module's background work: payouts left undecided are asked again (at start, then on the
// runner's schedule), and the 'live.cashout' outbox rows are delivered.
import { handleTopic } from '../../background/topics.ts';
import type { BackgroundWork } from '../../background/work.ts';
import type { Live } from '../../plugins/live.ts';
import type { CashoutDeps } from './deps.ts';
import { pushCashout } from './live.ts';
import { payApprovedCashouts } from './payout.ts';
import { OUTBOX_TOPICS } from '@store/shared';

export function cashoutBackground(deps: CashoutDeps & { live: Live }): BackgroundWork {
  return {
    jobs: [{ name: 'cashout.payouts', run: () => payApprovedCashouts(deps) }],
    topics: [handleTopic(OUTBOX_TOPICS.cashout, (payload) => pushCashout(deps, payload))],
  };
}
