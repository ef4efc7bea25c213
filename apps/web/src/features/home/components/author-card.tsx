import { Avatar, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@cc/contracts';
import { LinkButton } from '../../../components/content-table';
import { fillAvatar } from '../../../lib/format';

const AUTH_COLOR = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' } as const;

/** The author's card: avatar, media name, certification status and grade. */
export function AuthorCard({ user, grade, authorId }: { user: UserInfo; grade?: number; authorId?: number }) {
  const { t } = useTranslation();
  return (
    <div className="cc-card cc-author-card">
      <Space size={16} align="center">
        <Avatar
          size={64}
          src={user.avator ? fillAvatar(user.avator) : undefined}
          icon={<UserOutlined />}
          alt=""
        />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('home.greeting', { name: user.mediaName })}
          </Typography.Title>
          <Space size={8} style={{ marginTop: 6 }}>
            <Tag color={AUTH_COLOR[user.authStatus]} icon={<SafetyCertificateOutlined />}>
              {t(`author.authStatus.${user.authStatus}`)}
            </Tag>
            {grade !== undefined ? <Tag color="blue">{t('author.grade', { grade })}</Tag> : null}
            {authorId !== undefined ? (
              <Typography.Text type="secondary" className="cc-tabular" style={{ fontSize: 12 }}>
                {t('author.id', { id: authorId })}
              </Typography.Text>
            ) : null}
            {user.authStatus === 0 || user.authStatus === 3 ? (
              // one link, not a button inside a link (axe nested-interactive)
              <LinkButton to="/certification/indexc" size="small" type="link" data-testid="go-certify">
                {t('author.goCertify')}
              </LinkButton>
            ) : null}
          </Space>
        </div>
      </Space>
    </div>
  );
}
