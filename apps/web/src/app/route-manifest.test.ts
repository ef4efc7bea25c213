import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, matchRoutes } from 'react-router';
import zhCN from '../lib/i18n/locales/zh-CN';
import enUS from '../lib/i18n/locales/en-US';
import { buildMenu, MENU, visibleMenu } from './menu';
import { MENU_GROUPS, ROUTE_MANIFEST, type RouteEntry } from './route-manifest';
import { MAIN_ROUTES, PLACEHOLDER_ROUTES, PUBLIC_ROUTES, TOP_LEVEL_ROUTES } from './route-table';
import { routes, type RouteHandle } from './router';
import { extractSpecRouteBlock, parseSpecRoutes, SPEC_SECTION_2_ROUTES } from './spec-routes';

// The one route manifest (issue #7): menu and router are generated from it and cover spec §2.

/** The manifest entry the router serves at a path, or undefined (unknown path → the `*` 404 route). */
function servedAt(path: string): (RouteHandle & { hasPage: boolean }) | undefined {
  const leaf = matchRoutes(routes, path)?.at(-1)?.route;
  const handle = leaf?.handle as RouteHandle | undefined;
  if (!leaf || !handle) return undefined;
  return { ...handle, hasPage: Boolean(leaf.lazy || leaf.element || leaf.Component) };
}

const lookup = (resources: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((acc, part) => (acc as Record<string, unknown> | undefined)?.[part], resources);

/**
 * The product docs live next to the repository (`../shared/spec/`) in a work tree, but not in a CI
 * clone: look upwards from this file (or at CC_SPEC_PATH); null when absent.
 */
function findSpecFile(): string | null {
  const fromEnv = process.env.CC_SPEC_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of ['shared/spec/creator-centre-spec.md', 'docs/spec/creator-centre-spec.md']) {
      const file = join(dir, candidate);
      if (existsSync(file)) return file;
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

describe('route manifest', () => {
  it('has no duplicate paths', () => {
    const paths = ROUTE_MANIFEST.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('is served exactly by the generated router: every entry resolves to itself, in its layout', () => {
    for (const entry of ROUTE_MANIFEST) {
      const served = servedAt(`/${entry.path}`);
      expect(served, entry.path).toMatchObject({
        manifestPath: entry.path,
        layout: entry.layout,
        built: entry.page.built,
        hasPage: true,
      });
    }
    // an unknown path reaches no manifest entry (the 404 catch-all)
    expect(servedAt('/no/such/page')).toBeUndefined();
  });

  it('generates the route table: layouts partition the manifest, placeholders are the unbuilt pages', () => {
    expect([...PUBLIC_ROUTES, ...MAIN_ROUTES, ...TOP_LEVEL_ROUTES].sort()).toEqual(
      ROUTE_MANIFEST.map((r) => r.path).sort(),
    );
    expect(MAIN_ROUTES).toContain('dataOverview');
    expect(TOP_LEVEL_ROUTES).toContain('videos/video');
    expect(PLACEHOLDER_ROUTES).toEqual(ROUTE_MANIFEST.filter((r) => !r.page.built).map((r) => r.path));
  });

  it('names every page and menu group in both zh-CN and en-US', () => {
    const keys = [
      ...ROUTE_MANIFEST.map((r) => r.titleKey),
      ...MENU.flatMap((g) => (g.labelKey ? [g.labelKey] : [])),
    ];
    for (const key of keys) {
      for (const [lang, resources] of [
        ['zh-CN', zhCN],
        ['en-US', enUS],
      ] as const) {
        const text = lookup(resources, key);
        expect(typeof text === 'string' && text.length > 0, `${lang} ${key}`).toBe(true);
      }
    }
  });
});

describe('aside menu (generated from the manifest)', () => {
  it('every menu entry resolves to a page in the router, reached by navigating to it', async () => {
    const entries = MENU.flatMap((g) => g.entries);
    expect(entries.length).toBeGreaterThan(20);
    for (const e of entries) {
      const served = servedAt(e.path);
      expect(served, e.path).toMatchObject({ manifestPath: e.path.slice(1), hasPage: true });
    }
    // the generated routes load in a data router: a built page and a placeholder both match
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    for (const path of ['/dataOverview', '/videos']) {
      await router.navigate(path);
      expect(router.state.location.pathname).toBe(path);
      expect((router.state.matches.at(-1)?.route.handle as RouteHandle).manifestPath).toBe(path.slice(1));
    }
    router.dispose();
  });

  it('keeps MENU_GROUPS order, orders entries by menu.order, and never gives two entries one slot', () => {
    expect(MENU.map((g) => g.key)).toEqual(MENU_GROUPS.map((g) => g.key));
    for (const group of MENU_GROUPS) {
      const orders = ROUTE_MANIFEST.filter((r) => r.menu?.group === group.key).map((r) => r.menu!.order);
      expect(new Set(orders).size, group.key).toBe(orders.length);
    }
    const content = MENU.find((g) => g.key === 'content')!;
    expect(content.entries.slice(0, 3).map((e) => e.path)).toEqual(['/article', '/detailManage', '/designs']);
    expect(MENU[0]).toMatchObject({
      key: 'home',
      labelKey: null,
      entries: [{ path: '/', labelKey: 'menu.home' }],
    });
  });

  it('adding a manifest entry with a menu slot adds it to the menu (one place)', () => {
    const extra: RouteEntry = {
      path: 'audience',
      layout: 'default',
      titleKey: 'menu.fans',
      page: { built: false },
      menu: { group: 'data', order: 0 },
    };
    const data = buildMenu([...ROUTE_MANIFEST, extra]).find((g) => g.key === 'data')!;
    expect(data.entries[0]).toEqual({ path: '/audience', labelKey: 'menu.fans', requires: undefined });
  });

  it('shows program entries only with rankResult 1 and dynamic entries only with dynamicShow 1 (spec §6)', () => {
    const paths = (flags: { rankResult: number; dynamicShow: number }) =>
      visibleMenu(flags).flatMap((g) => g.entries.map((e) => e.path));
    const gated = ['/program', '/detailManage/dynamic', '/newDynamic/community'];
    expect(paths({ rankResult: 0, dynamicShow: 0 }).filter((p) => gated.includes(p))).toEqual([]);
    expect(paths({ rankResult: 1, dynamicShow: 0 })).toContain('/program');
    expect(paths({ rankResult: 1, dynamicShow: 0 })).not.toContain('/newDynamic/community');
    expect(paths({ rankResult: 0, dynamicShow: 1 })).toEqual(
      expect.arrayContaining(['/detailManage/dynamic', '/newDynamic/community']),
    );
    expect(paths({ rankResult: 1, dynamicShow: 1 })).toHaveLength(MENU.flatMap((g) => g.entries).length);
  });
});

describe('spec §2 routes', () => {
  const specRoutes = parseSpecRoutes(SPEC_SECTION_2_ROUTES);

  it('the parser reads the spec grammar: home, siblings, sub-pages, "with" lists, helper pages', () => {
    const read = (area: 'top' | 'main', text: string) =>
      parseSpecRoutes(
        `${area === 'top' ? 'Top-level routes:' : 'Routes under the main layout at /:'}\n${text}`,
      ).map((r) => r.anyOf);
    expect(read('main', "- '' (home), rank, rank/leaderRank")).toEqual([[''], ['rank'], ['rank/leaderRank']]);
    expect(read('main', '- exponent/hotRank, popularRank')).toEqual([
      ['exponent/hotRank'],
      ['exponent/popularRank'],
    ]);
    expect(read('main', '- a/b, with sub-pages /c and /d')).toEqual([
      ['a/b'],
      ['a/b/c', 'a/c'],
      ['a/b/d', 'a/d'],
    ]);
    expect(read('main', '- Other sub-parts and helpers of these pages.')).toEqual([]);
    expect(read('top', '- Article helper pages: /article/index-new, /article/upLayer/upFile')).toEqual([
      ['article/index-new'],
      ['article/upLayer/upFile'],
    ]);
    expect(() => read('main', '- some (odd) wording')).toThrow(/cannot read/);
    expect(specRoutes.length).toBeGreaterThan(70);
  });

  it('every spec §2 route is served; main-layout routes in the default layout', () => {
    const missing: string[] = [];
    for (const route of specRoutes) {
      const served = route.anyOf.map((p) => servedAt(`/${p}`)).find(Boolean);
      if (!served) missing.push(route.anyOf.join(' | '));
      else if (route.area === 'main') expect(served.layout, route.anyOf[0]).toBe('default');
    }
    expect(missing).toEqual([]);
  });

  const specFile = findSpecFile();
  it.skipIf(!specFile)(
    'the committed copy of the §2 route list equals the spec (when the spec is present)',
    () => {
      const block = extractSpecRouteBlock(readFileSync(specFile!, 'utf8'));
      expect(block).toBe(SPEC_SECTION_2_ROUTES);
    },
  );
});
