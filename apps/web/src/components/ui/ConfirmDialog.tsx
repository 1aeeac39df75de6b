import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { ModalDialog } from './ModalDialog.tsx';

interface ConfirmDialogProps {
  /** The question, as a sentence ("Delete Visa ending 1111?"). */
  title: string;
  /** What follows from it, under the question. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button in the danger colour (a deletion, a refusal). */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A question asked before a change that cannot be taken back. A modal <dialog>: focus moves into it, Escape
 * cancels, and nothing else on the page can be pressed meanwhile.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ModalDialog
      title={title}
      onDismiss={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children ? <div className="ui-dialog__body">{children}</div> : null}
    </ModalDialog>
  );
}
