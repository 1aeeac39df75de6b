import { ToastContainer } from 'react-toastify';
import { toastDefaults } from '../lib/toast.ts';

/** The one toast container of the app (SPEC §2: top-right, dark). */
export function AppToasts() {
  return <ToastContainer {...toastDefaults} newestOnTop />;
}
