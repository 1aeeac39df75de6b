import { useStore } from 'react-redux';
import type { LiveConnection, LiveSlot } from './live-socket.ts';
import { liveConnectionOf } from './socket.ts';

/** The live connection of the store this screen is rendered in (made on first use; app/store.ts gives the slot). */
export function useLive(): LiveConnection {
  const store = useStore() as unknown as { live?: LiveSlot };
  if (!store.live) throw new Error('This store has no live connection slot: make it with makeStore.');
  return liveConnectionOf(store.live);
}
