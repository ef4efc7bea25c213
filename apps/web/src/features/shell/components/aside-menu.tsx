import { Menu, type MenuProps } from 'antd';
import {
  BarChartOutlined,
  CommentOutlined,
  CrownOutlined,
  FileTextOutlined,
  HomeOutlined,
  ReadOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { visibleMenu, type MenuGroup } from '../menu';

const GROUP_ICONS: Record<MenuGroup['key'], ReactNode> = {
  home: <HomeOutlined />,
  content: <FileTextOutlined />,
  data: <BarChartOutlined />,
  interaction: <CommentOutlined />,
  growth: <RiseOutlined />,
  business: <CrownOutlined />,
  certification: <SafetyCertificateOutlined />,
  rules: <ReadOutlined />,
};

/**
 * The ~200 px aside menu (spec §1, §2). Each entry is a real link; the active one carries the class
 * `menu-select` (spec §2). Program entries need rankResult 1, dynamic entries dynamicShow 1 (spec §6).
 */
export function AsideMenu({ rankResult, dynamicShow }: { rankResult: number; dynamicShow: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = visibleMenu({ rankResult, dynamicShow });
  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-select' : undefined);

  const items: MenuProps['items'] = groups.map((g) => {
    const children = g.entries.map((e) => ({
      key: e.path,
      label: (
        <NavLink to={e.path} end className={linkClass}>
          {t(`menu.${e.labelKey}`)}
        </NavLink>
      ),
    }));
    if (g.key === 'home') return { ...children[0]!, icon: GROUP_ICONS.home };
    return {
      type: 'group' as const,
      key: g.key,
      label: (
        <span className="cc-menu-group">
          {GROUP_ICONS[g.key]} {t(`menu.groups.${g.key}`)}
        </span>
      ),
      children,
    };
  });

  return (
    <nav className="cc-aside" aria-label={t('menu.home')}>
      <Menu mode="inline" selectedKeys={[pathname]} items={items} style={{ borderInlineEnd: 0 }} />
    </nav>
  );
}
