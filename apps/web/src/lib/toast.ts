import { toast, type ToastContent, type ToastOptions } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT, TOAST_POSITION, TOAST_THEME } from '@store/shared';

/** SPEC §2/§4/§9: notifications top-right, dark, auto-close 5000 ms, a drag of 80 % dismisses. */
export const toastDefaults = {
  position: TOAST_POSITION,
  theme: TOAST_THEME,
  autoClose: TOAST_AUTO_CLOSE_MS,
  draggablePercent: TOAST_DRAG_PERCENT,
} satisfies ToastOptions;

type Kind = 'success' | 'error' | 'warning' | 'info';

function show(kind: Kind, content: ToastContent, options?: ToastOptions) {
  // The same text of the same kind replaces itself instead of stacking (several calls failing at once).
  const toastId = typeof content === 'string' ? `${kind}:${content}` : undefined;
  return toast[kind](content, { ...toastDefaults, toastId, ...options });
}

export const notify = {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  warning: (content: ToastContent, options?: ToastOptions) => show('warning', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
};
