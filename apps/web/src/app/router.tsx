import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { importWithReload } from '../lib/chunk-reload';
import { NotFoundScreen, ServerErrorScreen } from '../components/error-screens';
import { DefaultLayout } from './layouts/default-layout';
import { OnlyHeaderLayout } from './layouts/only-header-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';
import { MAIN_ROUTES, TOP_LEVEL_ROUTES } from './route-table';
import { PlaceholderPage } from './routes/placeholder';
import { RootRoute } from './routes/root';

/** A lazily loaded page; a failed chunk reloads the page at most once per 60 s (spec §4). */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: () => importWithReload(load).then((m) => ({ Component: m.default })) };
}

const placeholders = (paths: readonly string[]): RouteObject[] =>
  paths.map((path) => ({ path, element: <PlaceholderPage /> }));

/** The route objects (exported for tests, which mount them in a memory router). */
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
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: 'login', ...page(() => import('./routes/login')) },
              { path: 'register', ...page(() => import('./routes/register')) },
              { path: 'notFound/notFound', element: <NotFoundScreen /> },
              { path: 'serverError/serverError', element: <ServerErrorScreen /> },
              { path: '*', element: <NotFoundScreen /> },
            ],
          },
        ],
      },
      {
        element: <DefaultLayout />,
        children: [
          {
            errorElement: <RouteError />,
            element: <Outlet />,
            children: [
              { index: true, ...page(() => import('./routes/home')) },
              { path: 'detailManage', ...page(() => import('./routes/detail-manage')) },
              { path: 'messageList', ...page(() => import('./routes/message-list')) },
              { path: 'noticeList', ...page(() => import('./routes/notice-list')) },
              { path: 'designs', ...page(() => import('./routes/designs')) },
              { path: 'videos', ...page(() => import('./routes/videos')) },
              { path: 'smallVideo', ...page(() => import('./routes/small-videos')) },
              ...placeholders(MAIN_ROUTES),
            ],
          },
        ],
      },
      {
        element: <OnlyHeaderLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: 'article', ...page(() => import('./routes/article')) },
              { path: 'poster', ...page(() => import('./routes/poster')) },
              { path: 'article/preview', ...page(() => import('./routes/article-preview')) },
              { path: 'article/index-new', element: <Navigate to="/article" replace /> },
              { path: 'notice', ...page(() => import('./routes/notice')) },
              { path: 'videos/video', ...page(() => import('./routes/video-publish')) },
              { path: 'smallVideo/indexv', ...page(() => import('./routes/small-video-publish')) },
              { path: 'videodot', ...page(() => import('./routes/videodot')) },
              ...placeholders(TOP_LEVEL_ROUTES),
            ],
          },
        ],
      },
    ],
  },
];

/** The app's data router: history mode, base `/` (spec §2). */
export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
