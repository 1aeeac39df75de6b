import { useAppSelector } from '../../lib/hooks.ts';
import { selectIsLoading } from '../../lib/loading-slice.ts';

/** Shown while any API call is in flight; CSS delays it so quick calls don't flicker. */
export function GlobalLoadingIndicator() {
  const isLoading = useAppSelector(selectIsLoading);
  if (!isLoading) return null;
  return (
    <div className="global-loading" role="status" aria-label="Loading">
      <span className="spinner" />
    </div>
  );
}
