import { useEffect, useRef } from 'react';

/**
 * A <dialog> shown modal while the component is mounted: focus moves into it and nothing else on the page can
 * be pressed meanwhile; it closes on unmount. jsdom has no showModal: the open attribute is what a test reads there.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => dialog?.close?.();
  }, []);
  return ref;
}
