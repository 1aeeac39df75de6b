import { useState, type ReactNode } from 'react';
import { failureText, GENERIC_FAILURE_TEXT } from '../../../lib/api-failure.ts';
import { Button, OutcomeMessage } from '../../../components/ui/index.ts';

type State =
  { step: 'idle' } | { step: 'confirming' } | { step: 'running' } | { step: 'done'; text: string } | { step: 'failed'; text: string };

/**
 * An admin change behind a confirmation: the button asks first ("Confirm" or "Cancel"), then runs the
 * change and shows its result, or the server's message when it was refused (a 409 from a racing admin,
 * a provider's decline). `run` answers the text to show on success.
 */
export function ConfirmAction({
  label,
  question,
  run,
  disabled = false,
  danger = false,
  onSettled,
  showOutcome = true,
  children,
}: {
  label: string;
  question: string;
  run: () => Promise<string>;
  disabled?: boolean;
  danger?: boolean;
  /** Told the outcome too: for a row that may leave its list once the change is made. */
  onSettled?: (outcome: { ok: boolean; text: string }) => void;
  /** False where the caller shows the outcome itself (above its list), so it is not said twice. */
  showOutcome?: boolean;
  /** Inputs the change needs (a reason, an amount), shown above the button. */
  children?: ReactNode;
}) {
  const [state, setState] = useState<State>({ step: 'idle' });
  async function confirm() {
    setState({ step: 'running' });
    let outcome: { ok: boolean; text: string };
    try {
      outcome = { ok: true, text: await run() };
    } catch (error) {
      outcome = { ok: false, text: failureText(error, GENERIC_FAILURE_TEXT) };
    }
    setState(outcome.ok ? { step: 'done', text: outcome.text } : { step: 'failed', text: outcome.text });
    onSettled?.(outcome);
  }

  return (
    <div className="admin-action">
      {children}
      {state.step === 'confirming' || state.step === 'running' ? (
        <div role="group" aria-label={`Confirm: ${label}`}>
          <p>{question}</p>
          <Button variant={danger ? 'danger' : 'primary'} busy={state.step === 'running'} onClick={() => void confirm()}>
            Confirm
          </Button>{' '}
          <Button variant="ghost" disabled={state.step === 'running'} onClick={() => setState({ step: 'idle' })}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant={danger ? 'danger' : 'ghost'} disabled={disabled} onClick={() => setState({ step: 'confirming' })}>
          {label}
        </Button>
      )}
      {showOutcome && (state.step === 'done' || state.step === 'failed') ? (
        <OutcomeMessage tone={state.step === 'done' ? 'success' : 'error'}>{state.text}</OutcomeMessage>
      ) : null}
    </div>
  );
}
