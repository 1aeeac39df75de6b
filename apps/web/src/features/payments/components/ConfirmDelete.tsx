import { useEffect, useRef } from 'react';

interface Props {
  /** What is about to go, as the shopper knows it ('Visa ending 1111'). */
  label: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The question every saved method's Delete asks first (issue 9: "a confirmation before delete"). A modal
 * <dialog>: focus moves into it, Escape cancels, and nothing else on the page can be pressed meanwhile.
 */
export function ConfirmDelete({ label, busy = false, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    // jsdom has no showModal; the open attribute is what a test reads there.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className="payments-confirm"
      aria-labelledby="payments-confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <p id="payments-confirm-title">Delete {label}?</p>
      <p className="payments-muted">You can add it again later.</p>
      <div className="payments-confirm__actions">
        <button type="button" className="payments-link-button" onClick={onCancel} disabled={busy}>
          Keep it
        </button>
        <button type="button" className="payments-danger-button" onClick={onConfirm} disabled={busy}>
          Delete
        </button>
      </div>
    </dialog>
  );
}
