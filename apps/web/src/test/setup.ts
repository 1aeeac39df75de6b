import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after this long. The default (1 s) is too short on a loaded 2-core CI
// machine; a longer wait changes nothing when the expectation holds, it only stops false failures.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Files marked `@vitest-environment node` (real network tests) have no Web Storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
