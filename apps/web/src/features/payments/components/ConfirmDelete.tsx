import { ConfirmDialog } from '../../../components/ui/index.ts';

interface Props {
  /** What is about to go, as the shopper knows it ('Visa ending 1111'). */
  label: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question every saved method's Delete asks first (issue 9: "a confirmation before delete"), in the shared dialog. */
export function ConfirmDelete({ label, busy = false, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      title={`Delete ${label}?`}
      confirmLabel="Delete"
      cancelLabel="Keep it"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      You can add it again later.
    </ConfirmDialog>
  );
}
