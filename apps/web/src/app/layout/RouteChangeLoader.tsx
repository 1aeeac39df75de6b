import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { ROUTE_CHANGE_LOADER_MS } from '@store/shared';

/**
 * SPEC §2: every route change shows a loading indicator for 1.5 s (longer only while a lazy screen is
 * still loading). A slim bar over the top edge; it never takes clicks or covers the page.
 */
export function RouteChangeLoader() {
  const location = useLocation();
  const navigation = useNavigation();
  const [timerRunning, setTimerRunning] = useState(true);

  useEffect(() => {
    setTimerRunning(true);
    const timer = setTimeout(() => setTimerRunning(false), ROUTE_CHANGE_LOADER_MS);
    return () => clearTimeout(timer);
  }, [location.key]);

  if (!timerRunning && navigation.state === 'idle') return null;
  return (
    <div className="route-loader" data-testid="route-loader" role="progressbar" aria-label="Loading page">
      <div className="route-loader__bar" />
      <div className="route-loader__spinner" />
    </div>
  );
}
