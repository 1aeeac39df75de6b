import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react';
import { describedBy } from './FieldFrame.tsx';

interface FilePickerProps {
  /** The field's name, shown above the button. */
  label: string;
  /** The button's text ("Choose a picture"). */
  buttonText: string;
  accept?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  hint?: ReactNode;
  error?: string | null;
  /** The chosen file's name, shown beside the button. */
  chosen?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

/**
 * A file input that looks like the page: the browser's own button (white, in the system's font) is hidden,
 * and a label styled as the store's button opens it. The input keeps focus, name and description.
 */
export function FilePicker({ label, buttonText, accept, onChange, disabled, hint, error, chosen, inputRef, testId }: FilePickerProps) {
  const id = useId();
  return (
    <div className="ui-field ui-field--stacked">
      <span className="ui-field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="ui-field__control">
        <div className="ui-file">
          <input
            id={id}
            ref={inputRef}
            className="ui-file__input"
            type="file"
            accept={accept}
            onChange={onChange}
            disabled={disabled}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={describedBy(id, hint, error ?? undefined)}
            aria-invalid={error ? true : undefined}
            data-testid={testId}
          />
          <label htmlFor={id} id={`${id}-button`} className="btn btn--outline ui-file__button">
            {buttonText}
          </label>
          {chosen ? <span className="ui-file__name">{chosen}</span> : null}
        </div>
        {hint ? (
          <p id={`${id}-hint`} className="ui-field__hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="ui-field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
