import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'danger' | 'link';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  variant?: ButtonVariant;
  /** small: beside a line of text (copy a code); large: a page's one decisive action, full width (Pay). */
  size?: 'small' | 'regular' | 'large';
  /** While true the button is disabled, marked aria-busy and shows busyLabel beside a spinner. */
  busy?: boolean;
  busyLabel?: string;
  children: ReactNode;
};

/** The store's button (global.css's .btn family); a plain <button type="button"> unless told it submits. */
export function Button({
  variant = 'primary',
  size = 'regular',
  busy = false,
  busyLabel,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, size === 'regular' ? null : `btn--${size}`, className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <span className="ui-spinner" aria-hidden="true" />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
