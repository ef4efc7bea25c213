import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundScreen, ServerErrorScreen } from '../components/error-screens';

/**
 * The router's errorElement (spec §2): a 404 response shows the 404 screen, anything else the
 * 'server exception' screen — never a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (import.meta.env.DEV) console.error(error);
  return <ServerErrorScreen />;
}
