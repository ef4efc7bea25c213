import { Link } from 'react-router';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DesignsGrid } from '../../features/editor';
import { useQueryState } from '../../lib/use-query-state';

/** `/designs` (main layout): the author's poster designs; `?page=` keeps the page. */
export default function DesignsPage() {
  const { t } = useTranslation();
  const q = useQueryState({ page: '1' });
  const page = Math.max(1, Number(q.get('page')) || 1);
  return (
    <section className="cc-card">
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}
      >
        <h1 className="cc-page-title" style={{ margin: 0 }}>
          {t('designs.title')}
        </h1>
        <Link to="/poster">
          <Button type="primary" icon={<PlusOutlined />}>
            {t('designs.create')}
          </Button>
        </Link>
      </div>
      <DesignsGrid page={page} onPage={(p) => q.set({ page: p })} />
    </section>
  );
}
