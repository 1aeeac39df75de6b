import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { loadToasts } from '../src/lib/toast.ts';
import { injectSignedInSlices } from '../src/app/store.ts';
import { signedInReducers } from '../src/app/signed-in-state.ts';

// findBy*/waitFor give up after this long. The default (1 s) is too short on a loaded 2-core CI
// machine; a longer wait changes nothing when the expectation holds, it only stops false failures.
configure({ asyncUtilTimeout: 15_000 });

afterEach(async () => {
  // A notification asked for near a test's end reaches its container a little later (lib/toast.ts
  // loads react-toastify on first use): let it arrive while this test's container is still mounted,
  // and drop any left waiting for a container, so it never shows in the next test.
  const toastify =
    typeof window === 'undefined'
      ? null
      : await act(async () => {
          const loaded = await loadToasts();
          await new Promise((resolve) => setTimeout(resolve, 0));
          return loaded;
        });
  cleanup();
  toastify?.toast.dismiss();
  // Files marked `@vitest-environment node` (real network tests) have no Web Storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});

// The signed-in slices come with their own chunk in the app (issue 8); every test store has them from
// the start, as a signed-in app's store has them before any screen reads them.
injectSignedInSlices(signedInReducers);
