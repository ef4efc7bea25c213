import { Button, Dropdown } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contentStatuses, contentTypes, type ContentStatus, type ContentType } from '@cc/contracts';
import { ContentManager } from '../../features/content';
import { LinkButton, publishPathOf } from '../../components/content-table';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `/detailManage?type=article&status=published&keyword=x&page=2`: content management; all state in the query
 * string. The publish button follows the tab (issue #9): "publish video" on the video tab, a menu of every
 * type on "all".
 */
export default function DetailManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qs = useQueryState({ type: '', status: '', keyword: '', page: '1' });
  const type = (contentTypes as readonly string[]).includes(qs.get('type'))
    ? (qs.get('type') as ContentType)
    : undefined;
  const status = (contentStatuses as readonly string[]).includes(qs.get('status'))
    ? (qs.get('status') as ContentStatus)
    : undefined;
  return (
    <section className="cc-card">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h1 className="cc-page-title">{t('content.title')}</h1>
        {type ? (
          <LinkButton
            to={publishPathOf(type)}
            type="primary"
            icon={<PlusOutlined />}
            data-testid="publish-button"
          >
            {t(`account.content.publish.${type}`)}
          </LinkButton>
        ) : (
          <Dropdown
            trigger={['click']}
            menu={{
              items: contentTypes.map((k) => ({ key: k, label: t(`account.content.publish.${k}`) })),
              onClick: ({ key }) => void navigate(publishPathOf(key as ContentType)),
            }}
          >
            <Button type="primary" icon={<PlusOutlined />} data-testid="publish-button">
              {t('account.content.publish.all')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </div>
      <ContentManager
        filters={{ type, status, keyword: qs.get('keyword'), page: Math.max(1, Number(qs.get('page')) || 1) }}
        onChange={(next) => qs.set(next)}
      />
    </section>
  );
}
