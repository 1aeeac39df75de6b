import { OutcomeMessage } from '../../../components/ui/index.ts';

/** The last change's result above a list whose row may be gone after it (decided, reviewed). */
export function Outcome({ outcome }: { outcome: { ok: boolean; text: string } | null }) {
  if (!outcome) return null;
  return (
    <OutcomeMessage tone={outcome.ok ? 'success' : 'error'} testId="admin-outcome">
      {outcome.text}
    </OutcomeMessage>
  );
}
