import { createStorage } from '@store/shared';

/** The SPEC §7 key-value helper over the browser's localStorage (one instance for the whole app). */
export const storage = createStorage(window.localStorage);
