import { useId, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * A modal <dialog> with its title and its actions: focus moves into it, Escape is the dismissal the caller
 * decides (`onDismiss`), and nothing else on the page can be pressed meanwhile. ConfirmDialog asks a question in
 * one; the pay page holds a provider's page in one.
 */
export function ModalDialog({
  title,
  className,
  onDismiss,
  actions,
  children,
}: {
  title: ReactNode;
  className?: string;
  onDismiss: () => void;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const ref = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={['ui-dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
    >
      <p id={titleId} className="ui-dialog__title">
        {title}
      </p>
      {children}
      <div className="ui-dialog__actions">{actions}</div>
    </dialog>
  );
}
