import { OutcomeMessage } from '../../../components/ui/index.ts';
/** The failures shown under the card fields: card entry unavailable, and the last attempt's error. */
export function CardEntryAlerts({ configFailed, error }: { configFailed: boolean; error: string | null }) {
  return (
    <>
      {configFailed ? <OutcomeMessage tone="error">Card entry is not available right now. Please try again later.</OutcomeMessage> : null}
      {error ? <OutcomeMessage tone="error">{error}</OutcomeMessage> : null}
    </>
  );
}
