import { useEffect } from 'react';

/**
 * Runs `run` once it is mounted: inside a Suspense boundary, once everything beside it is in too (the
 * boundary shows its content whole), which is how a panel tells the page its lazily loaded form is there.
 */
export function WhenMounted({ run }: { run?: () => void }) {
  useEffect(() => run?.(), [run]);
  return null;
}
