import { Avatar, Button, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@cc/contracts';
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
              <Link to="/certification/indexc">
                <Button size="small" type="link">
                  {t('author.goCertify')}
                </Button>
              </Link>
            ) : null}
          </Space>
        </div>
      </Space>
    </div>
  );
}
