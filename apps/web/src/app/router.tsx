import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { Spin } from 'antd';
import { importWithReload } from '../lib/chunk-reload';
import { NotFoundScreen } from '../components/error-screens';
import { DefaultLayout } from './layouts/default-layout';
import { OnlyHeaderLayout } from './layouts/only-header-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';
import { ROUTE_MANIFEST, type Layout, type RouteEntry } from './route-manifest';
import { PlaceholderPage } from './routes/placeholder';
import { RootRoute } from './routes/root';

/** What the router keeps of a manifest entry on its route object (`handle`), for tests and page titles. */
export interface RouteHandle {
  /** the manifest path, without leading slash ('' = home) */
  manifestPath: string;
  layout: Layout;
  titleKey: string;
  built: boolean;
}

/**
 * The route object of one manifest entry. A lazy page reloads the app at most once per 60 s when its
 * chunk fails to load (spec §4); an unbuilt page renders the "coming soon" placeholder.
 */
export function routeObjectOf(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = {
    manifestPath: entry.path,
    layout: entry.layout,
    titleKey: entry.titleKey,
    built: entry.page.built,
  };
  const at = entry.path === '' ? { index: true as const } : { path: entry.path };
  const page = entry.page;
  if (!page.built) return { ...at, handle, element: <PlaceholderPage titleKey={entry.titleKey} /> };
  if ('redirectTo' in page) return { ...at, handle, element: <Navigate to={page.redirectTo} replace /> };
  if ('Component' in page) return { ...at, handle, Component: page.Component };
  const load = page.load;
  return { ...at, handle, lazy: () => importWithReload(load).then((m) => ({ Component: m.default })) };
}

/**
 * The pages of one layout, generated from the manifest, under a per-layout error boundary. While the first
 * page's chunk loads (the router waits for a lazy route before it first renders), the layout shows with a
 * spinner in place of the page: the frame paints at once, and React Router renders this route's
 * `hydrateFallbackElement` instead of nothing (issue #9: no "No `HydrateFallback` element" warning).
 */
function pagesOf(layout: Layout, extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <Spin size="large" className="cc-page-spin" />,
      element: <Outlet />,
      children: [...ROUTE_MANIFEST.filter((r) => r.layout === layout).map(routeObjectOf), ...extra],
    },
  ];
}

/**
 * The route objects, generated from the route manifest (exported for tests, which mount them in a
 * memory router). Unknown paths fall to the 404 screen in the public layout (spec §2).
 */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: (
      <PublicLayout>
        <RouteError />
      </PublicLayout>
    ),
    children: [
      {
        element: <PublicLayout />,
        children: pagesOf('public', [{ path: '*', element: <NotFoundScreen /> }]),
      },
      { element: <DefaultLayout />, children: pagesOf('default') },
      { element: <OnlyHeaderLayout />, children: pagesOf('only-header') },
    ],
  },
];

/** The app's data router: history mode, base `/` (spec §2). */
export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
