import { routesOfLayout } from './route-manifest';

/**
 * The spec §2 route table as lists of paths (without the leading slash), GENERATED from the route
 * manifest (route-manifest.ts) — edit the manifest, never these lists.
 */

/** Routes under the default layout (header, aside, footer); '' is home. */
export const MAIN_ROUTES: readonly string[] = routesOfLayout('default').map((r) => r.path);

/** Top-level routes in the only-header layout. */
export const TOP_LEVEL_ROUTES: readonly string[] = routesOfLayout('only-header').map((r) => r.path);

/** Routes in the public layout (sign-in and the error screens). */
export const PUBLIC_ROUTES: readonly string[] = routesOfLayout('public').map((r) => r.path);

/** Paths of the pages not built yet ("coming soon"). */
export const PLACEHOLDER_ROUTES: readonly string[] = [
  ...routesOfLayout('default'),
  ...routesOfLayout('only-header'),
  ...routesOfLayout('public'),
]
  .filter((r) => !r.page.built)
  .map((r) => r.path);
