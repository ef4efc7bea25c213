import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contentStatuses, contentTypes, type ContentStatus, type ContentType } from '@cc/contracts';
import { ContentManager } from '../../features/content';
import { useQueryState } from '../../lib/use-query-state';

/** `/detailManage?type=article&status=published&keyword=x&page=2`: content management; all state in the query string. */
export default function DetailManagePage() {
  const { t } = useTranslation();
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
        <Link to="/article">
          <Button type="primary" icon={<PlusOutlined />}>
            {t('menu.publishArticle')}
          </Button>
        </Link>
      </div>
      <ContentManager
        filters={{ type, status, keyword: qs.get('keyword'), page: Math.max(1, Number(qs.get('page')) || 1) }}
        onChange={(next) => qs.set(next)}
      />
    </section>
  );
}
