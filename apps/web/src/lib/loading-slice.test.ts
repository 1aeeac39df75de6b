import { describe, expect, it } from 'vitest';
import { makeApiStore } from '../../test/api-store.ts';
import { loadingEnded, loadingStarted, selectIsLoading } from './loading-slice.ts';

describe('loading slice (a stack of flags)', () => {
  it('is off at start', () => {
    expect(selectIsLoading(makeApiStore().getState())).toBe(false);
  });

  it('stays on until every started call has ended', () => {
    const store = makeApiStore();
    store.dispatch(loadingStarted());
    store.dispatch(loadingStarted());
    store.dispatch(loadingEnded());
    expect(selectIsLoading(store.getState())).toBe(true);
    store.dispatch(loadingEnded());
    expect(selectIsLoading(store.getState())).toBe(false);
  });

  it('does not go below empty when ends outnumber starts', () => {
    const store = makeApiStore();
    store.dispatch(loadingEnded());
    store.dispatch(loadingStarted());
    expect(selectIsLoading(store.getState())).toBe(true);
  });
});
