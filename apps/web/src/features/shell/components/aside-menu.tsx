import { Badge, Menu, type MenuProps } from 'antd';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ComponentType, CSSProperties } from 'react';

/** Text for screen readers only (the badge's meaning). */
const SR_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** One link of the aside menu. */
export interface AsideMenuEntry {
  /** absolute path, e.g. `/videos` */
  path: string;
  /** full i18n key of the label */
  labelKey: string;
  /**
   * full i18n key of a dot badge's text (e.g. business orders waiting for the author, spec §3 `hasBussinessTask`);
   * no badge when absent
   */
  badgeKey?: string;
}

/** A group of links; the app builds these from its route manifest and passes the visible ones in. */
export interface AsideMenuGroup {
  key: string;
  /** full i18n key of the group title; null shows the entries ungrouped (home) */
  labelKey: string | null;
  icon: ComponentType;
  entries: AsideMenuEntry[];
}

/**
 * The ~200 px aside menu (spec §1, §2) over the groups it is given (already filtered by who may see
 * them, spec §6). Each entry is a real link; the active one carries the class `menu-select` (spec §2).
 */
export function AsideMenu({ groups }: { groups: readonly AsideMenuGroup[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-select' : undefined);

  type Item = NonNullable<MenuProps['items']>[number];
  const items = groups.flatMap((g): Item[] => {
    const Icon = g.icon;
    const children = g.entries.map((e) => ({
      key: e.path,
      label: (
        <NavLink to={e.path} end className={linkClass}>
          {t(e.labelKey)}
          {e.badgeKey ? (
            <span style={{ marginInlineStart: 6 }} data-testid={`menu-badge-${e.path.slice(1)}`}>
              <Badge status="error" />
              <span style={SR_ONLY}>{t(e.badgeKey)}</span>
            </span>
          ) : null}
        </NavLink>
      ),
    }));
    if (g.labelKey === null) return children.map((c) => ({ ...c, icon: <Icon /> }));
    return [
      {
        type: 'group' as const,
        key: g.key,
        label: (
          <span className="cc-menu-group">
            {/* decorative: a role="img" in a group title is an illegal child of role="menu" (axe, issue #9) */}
            <span aria-hidden="true">
              <Icon />
            </span>{' '}
            {t(g.labelKey)}
          </span>
        ),
        children,
      },
    ];
  });

  return (
    <nav className="cc-aside" aria-label={t('menu.home')}>
      <Menu mode="inline" selectedKeys={[pathname]} items={items} style={{ borderInlineEnd: 0 }} />
    </nav>
  );
}
