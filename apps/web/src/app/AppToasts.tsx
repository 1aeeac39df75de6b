import { useEffect, useState } from 'react';
import { toastContainerMounted, toastDefaults, whenToastsLoaded, type Toastify } from '../lib/toast.ts';

/**
 * The one toast container of the app (SPEC §2: top-right, dark). It mounts once the first notification
 * has loaded react-toastify (lib/toast.ts), so a visit that shows none never downloads it; the server
 * and the first client render both render nothing here, so hydration matches.
 */
export function AppToasts() {
  const [Container, setContainer] = useState<Toastify['ToastContainer'] | null>(null);
  useEffect(() => whenToastsLoaded((toastify) => setContainer(() => toastify.ToastContainer)), []);
  // Runs after the container's own effects: it has subscribed, so notifications may go to it.
  useEffect(() => (Container ? toastContainerMounted() : undefined), [Container]);
  return Container ? <Container {...toastDefaults} newestOnTop /> : null;
}
