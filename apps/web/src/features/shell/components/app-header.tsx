import { App, Avatar, Badge, Button, Dropdown, Space, Typography } from 'antd';
import {
  BellOutlined,
  DownOutlined,
  HomeOutlined,
  LogoutOutlined,
  MessageOutlined,
  SafetyCertificateFilled,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { UserInfo } from '@cc/contracts';
import { fillAvatar, formatBadge } from '../../../lib/format';
import { useLogout } from '../api/logout';
import { Logo } from './logo';
import { LanguageSwitch } from './language-switch';

export interface AppHeaderProps {
  /**
   * `full`: bell, avatar, media name, a logout button and the language switch (default layout).
   * `menu`: bell, an avatar drop-down user menu and the language switch (only-header layout: editors).
   * `public`: logo, name and the language switch only (login, error screens).
   */
  variant: 'full' | 'menu' | 'public';
  user?: UserInfo;
  /** unread count of message group 8 (spec §3) */
  unreadCount?: number;
  /** the upload indicator (issue #9), shown before the bell for a signed-in author */
  uploads?: ReactNode;
}

/** The 60 px brand-colour header (spec §1). */
export function AppHeader({ variant, user, unreadCount = 0, uploads }: AppHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const logoutMutation = useLogout();

  const handleLogout = () => {
    logoutMutation.mutate(undefined, {
      onSuccess: () => void navigate('/login', { replace: true }),
      // spec §4: on failure the returned message is shown
      onError: (error) => void message.error(error.message || t('header.logoutFailed')),
    });
  };

  const badge = formatBadge(unreadCount);
  const bell = (
    <Link
      to="/messageList"
      className="cc-header-icon"
      aria-label={badge ? t('header.unreadMessages', { count: unreadCount }) : t('header.messages')}
    >
      <Badge
        count={
          badge ? (
            <span className="cc-bell-badge" data-testid="bell-badge">
              {badge}
            </span>
          ) : (
            0
          )
        }
        offset={[2, -2]}
      >
        <BellOutlined style={{ fontSize: 20, color: '#fff' }} />
      </Badge>
    </Link>
  );
  const avatarSrc = user?.avator ? fillAvatar(user.avator) : undefined;
  const avatar = (
    <Avatar
      size={32}
      src={avatarSrc}
      icon={<UserOutlined />}
      alt={user?.mediaName ?? ''}
      data-testid="header-avatar"
    />
  );

  // the certification mark (issue #11): `home/userinfo`'s authStatus 2, as a word and an icon, linked to the page
  const certified =
    user?.authStatus === 2 ? (
      <Link to="/certification/indexc" className="cc-header-certified" data-testid="header-auth-badge">
        <SafetyCertificateFilled aria-hidden />
        <span>{t('author.authStatus.2')}</span>
      </Link>
    ) : null;

  return (
    <header className="cc-header">
      <div className="cc-container cc-header-inner">
        <Link to="/" className="cc-brand" aria-label={t('app.productName')}>
          <Logo size={34} title={t('app.logoAlt')} />
          <span className="cc-brand-name">{t('app.productName')}</span>
        </Link>
        <div className="cc-header-right">
          {variant === 'full' && user ? (
            <Space size={20} align="center">
              {uploads}
              {bell}
              {/* the author's own avatar and name lead to the account settings (issue #9) */}
              <Link
                to="/account/settings"
                className="cc-user-trigger"
                aria-label={`${user.mediaName} · ${t('account.settings.pageTitle')}`}
                data-testid="account-settings-link"
              >
                {avatar}
                <Typography.Text className="cc-media-name" data-testid="media-name">
                  {user.mediaName}
                </Typography.Text>
              </Link>
              {certified}
              <Button
                type="text"
                className="cc-header-button"
                icon={<LogoutOutlined />}
                onClick={handleLogout}
                loading={logoutMutation.isPending}
                data-testid="logout"
              >
                {t('header.logout')}
              </Button>
            </Space>
          ) : null}
          {variant === 'menu' && user ? (
            <Space size={20} align="center">
              {uploads}
              {bell}
              <Dropdown
                trigger={['click', 'hover']}
                menu={{
                  items: [
                    { key: 'home', icon: <HomeOutlined />, label: <Link to="/">{t('header.myHome')}</Link> },
                    {
                      key: 'messages',
                      icon: <MessageOutlined />,
                      label: <Link to="/messageList">{t('header.messages')}</Link>,
                    },
                    {
                      key: 'settings',
                      icon: <SettingOutlined />,
                      label: <Link to="/account/settings">{t('account.settings.pageTitle')}</Link>,
                    },
                    { type: 'divider' },
                    {
                      key: 'logout',
                      icon: <LogoutOutlined />,
                      label: <span data-testid="logout">{t('header.logout')}</span>,
                      onClick: handleLogout,
                    },
                  ],
                }}
              >
                <button type="button" className="cc-user-trigger" aria-label={t('header.userMenu')}>
                  {avatar}
                  <span className="cc-media-name" data-testid="media-name">
                    {user.mediaName}
                  </span>
                  <DownOutlined style={{ fontSize: 10 }} />
                </button>
              </Dropdown>
              {certified}
            </Space>
          ) : null}
          {/* the same place in every header variant, also before the user is known (issue #9) */}
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
