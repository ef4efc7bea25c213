import type { AsideMenuGroup } from '../features/shell';
import { MENU_GROUPS, ROUTE_MANIFEST, type MenuRequirement, type RouteEntry } from './route-manifest';

/** A menu entry as generated from the manifest: the link, its label and who may see it. */
export interface MenuEntry {
  /** absolute link path, e.g. `/videos` (`/` for home) */
  path: string;
  /** full i18n key of the label (the page's `titleKey`) */
  labelKey: string;
  requires?: MenuRequirement;
  /** full i18n key of a dot badge's text (see `withBadges`) */
  badgeKey?: string;
}

export interface MenuGroup extends Omit<AsideMenuGroup, 'entries'> {
  entries: MenuEntry[];
}

/**
 * The whole aside menu, generated from the route manifest: groups in MENU_GROUPS order, entries by
 * their `menu.order`; empty groups are dropped. `home` is ungrouped (labelKey null), the others are
 * labelled `menu.groups.<key>` (DESIGN.md grouping over the spec §2 routes).
 */
export function buildMenu(manifest: readonly RouteEntry[] = ROUTE_MANIFEST): MenuGroup[] {
  return MENU_GROUPS.map((g) => ({
    key: g.key,
    labelKey: g.key === 'home' ? null : `menu.groups.${g.key}`,
    icon: g.icon,
    entries: manifest
      .filter((r) => r.menu?.group === g.key)
      .sort((a, b) => a.menu!.order - b.menu!.order)
      .map((r) => ({ path: `/${r.path}`, labelKey: r.titleKey, requires: r.menu!.requires })),
  })).filter((g) => g.entries.length > 0);
}

/** The full menu (computed once). */
export const MENU: readonly MenuGroup[] = buildMenu();

/**
 * The menu entries the author may see (spec §6): `program` entries need rankResult 1, `dynamic`
 * entries dynamicShow 1; a group left empty disappears.
 * @param flags rankResult from `program/get_user_grade`, dynamicShow from `dynamic/get_dynamic_auth` (0 or 1)
 */
export function visibleMenu(
  flags: { rankResult: number; dynamicShow: number },
  menu: readonly MenuGroup[] = MENU,
): MenuGroup[] {
  const allowed = (e: MenuEntry) =>
    !e.requires || (e.requires === 'program' ? flags.rankResult === 1 : flags.dynamicShow === 1);
  return menu.map((g) => ({ ...g, entries: g.entries.filter(allowed) })).filter((g) => g.entries.length > 0);
}

/**
 * The menu with the badges of the author's state (spec §3): a dot on `/businessOrder` while a business order waits
 * for the author (`hasBussinessTask` 1, from `GET /api/business/order_summary`, issue #14).
 */
export function withBadges(groups: MenuGroup[], flags: { hasBussinessTask: number }): MenuGroup[] {
  if (flags.hasBussinessTask !== 1) return groups;
  return groups.map((g) => ({
    ...g,
    entries: g.entries.map((e) =>
      e.path === '/businessOrder' ? { ...e, badgeKey: 'business.menuBadge' } : e,
    ),
  }));
}
