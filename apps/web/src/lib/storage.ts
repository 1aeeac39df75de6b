import { createStorage, type KeyValueStore } from '@store/shared';

/** On the server (a page rendered for a guest) there is no localStorage: nothing is kept, nothing is read. */
const noStorage: KeyValueStore = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

/** The SPEC §7 key-value helper over the browser's localStorage (one instance for the whole app). */
export const storage = createStorage(typeof window === 'undefined' ? noStorage : window.localStorage);
