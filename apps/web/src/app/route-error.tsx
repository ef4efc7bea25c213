import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundScreen, ServerErrorScreen } from '../components/error-screens';
import { isApiError } from '../lib/api-client';
import { recordError } from '../lib/error-state';

/**
 * The router's errorElement (spec §2): a 404 response shows the 404 screen, anything else the
 * 'server exception' screen — never a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // issue #15: a render or loader error is the latest error (`script`; an ApiError was recorded by the api-client
  // when it was the server's or the network's, and a refusal is not an error of the app)
  useEffect(() => {
    if (notFound || isApiError(error)) return;
    recordError(
      'script',
      isRouteErrorResponse(error)
        ? `HTTP ${error.status}`
        : error instanceof Error
          ? error.message
          : String(error),
    );
  }, [error, notFound]);
  if (notFound) return <NotFoundScreen />;
  if (import.meta.env.DEV) console.error(error);
  return <ServerErrorScreen />;
}
