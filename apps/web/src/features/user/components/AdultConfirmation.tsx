import { useId, useState } from 'react';
import { Button, OutcomeMessage, useModalDialog } from '../../../components/ui/index.ts';
import { failureText, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { useUserConfirmAdultMutation } from '../api/confirm-adult.ts';

export const ADULT_REQUIRED_TEXT = 'Tick the box to confirm you are 18 or older, or sign out.';

/**
 * The 18+ confirmation the terms require (issue 24), for an account that has not given it: one a social
 * sign-in made, or one older than the question. A modal dialog over the store: the shopper confirms, or
 * signs out; Escape does not dismiss it.
 */
export function AdultConfirmation({ onSignOut }: { onSignOut: () => void }) {
  const ref = useModalDialog();
  const id = useId();
  const [confirm, { isLoading }] = useUserConfirmAdultMutation();
  const [ticked, setTicked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    if (!ticked) return setProblem(ADULT_REQUIRED_TEXT);
    setProblem(null);
    try {
      await confirm().unwrap();
    } catch (failure) {
      setProblem(failureText(failure, 'We could not save it. Please try again.', { unreachable: UNREACHABLE_TEXT }));
    }
  }

  return (
    <dialog
      ref={ref}
      className="ui-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => event.preventDefault()}
      data-testid="adult-confirmation"
    >
      <p id={`${id}-title`} className="ui-dialog__title">
        Confirm your age
      </p>
      <div className="ui-dialog__body">
        <p>Our terms require account holders to be 18 or older. Please confirm it to go on, or sign out.</p>
        <div className="ui-check">
          <input
            id={`${id}-adult`}
            type="checkbox"
            className="ui-check__input"
            checked={ticked}
            onChange={(event) => setTicked(event.target.checked)}
            aria-invalid={problem === ADULT_REQUIRED_TEXT ? true : undefined}
          />
          <label htmlFor={`${id}-adult`} className="ui-check__label">
            I am 18 years of age or older
          </label>
        </div>
      </div>
      {problem ? <OutcomeMessage tone="error">{problem}</OutcomeMessage> : null}
      <div className="ui-dialog__actions">
        <Button variant="ghost" onClick={onSignOut} disabled={isLoading}>
          Sign out
        </Button>
        <Button onClick={() => void submit()} busy={isLoading} busyLabel="Saving…">
          Continue
        </Button>
      </div>
    </dialog>
  );
}
