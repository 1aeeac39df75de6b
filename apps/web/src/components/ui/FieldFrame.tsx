import type { ReactNode } from 'react';
import { fieldMessage } from './field-message.ts';

export type FieldLayout = 'stacked' | 'beside';

/** The ids a control points at with aria-describedby: its hint, then its message. */
export function describedBy(id: string, hint: ReactNode, message: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * What every labelled control shares: the label (above it, or beside it in a settings section), the hint
 * and the message under it, both tied to the control so a screen reader reads them with it.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  layout = 'stacked',
  hideLabel = false,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  layout?: FieldLayout;
  /** The label for screen readers only, where a table's row and column already say what the input is. */
  hideLabel?: boolean;
  children: ReactNode;
}) {
  const message = fieldMessage(label, error);
  return (
    <div className={`ui-field ui-field--${layout}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'ui-field__label'}>
        {label}
      </label>
      <div className="ui-field__control">
        {children}
        {hint ? (
          <p id={`${id}-hint`} className="ui-field__hint">
            {hint}
          </p>
        ) : null}
        {message ? (
          <p id={`${id}-error`} className="ui-field__error">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
