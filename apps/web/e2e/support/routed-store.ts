import { afterAll, beforeAll, inject } from 'vitest';
import { routeCardsTo } from './admin.ts';
import { startStore, type StoreProcess } from './store-server.ts';

/**
 * A store of this test file's own whose one card form goes to `primary` (issue 24): the routing is a setting
 * every shopper sees, so a file that changes it must not share the suite's store. `baseURL` is set once
 * the store answers (read it inside tests and hooks).
 */
export function useStoreRoutingCardsTo(primary: string): { baseURL: string } {
  const routed = { baseURL: '' };
  let store: StoreProcess | undefined;
  beforeAll(async () => {
    store = await startStore({ publicUrl: true, databaseFrom: inject('migratedDatabase') });
    routed.baseURL = store.baseURL;
    await routeCardsTo(routed.baseURL, { primary, fallback: null });
  });
  afterAll(() => store?.stop());
  return routed;
}
