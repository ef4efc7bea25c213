import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundScreen } from '../../components/error-screens';
import { NoticeDetailView } from '../../features/notices';

/** `/notice?id=N` (only-header layout): one notice. */
export default function NoticePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id < 1) return <NotFoundScreen />;
  return (
    <section className="cc-card" style={{ maxWidth: 860, margin: '0 auto' }}>
      <Link to="/noticeList">
        <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
          {t('notices.backToList')}
        </Button>
      </Link>
      <NoticeDetailView id={id} />
    </section>
  );
}
