import { Outlet, ScrollRestoration } from 'react-router';

/** The root route: the page outlet and scroll restoration on back/forward. */
export function RootRoute() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
