import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../lazy.ts';

/** Reports a screen that failed to load or render, with a way out (SPEC §2: "then the error is reported"). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';

  return (
    <section className="error-screen" role="alert">
      <h1>{chunkFailed ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p>
        {chunkFailed
          ? 'The connection dropped or a new version of the store was just released. Reloading the page usually fixes it.'
          : 'An unexpected error stopped this page. Reloading usually fixes it; if it keeps happening, contact support.'}
      </p>
      <p className="error-screen__detail">{detail}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}
