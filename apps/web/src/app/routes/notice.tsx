import { ArrowLeftOutlined } from '@ant-design/icons';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NoticeDetailView } from '../../features/notices';
import { LinkButton } from '../../components/content-table';

/**
 * `/notice?id=N` (only-header layout): one notice. Without a valid id it goes to the notice list, where the
 * author picks one (issue #9 "Dead ends"; before it was a 404).
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/noticeList" replace />;
  return (
    <section className="cc-card" style={{ maxWidth: 860, margin: '0 auto' }}>
      <LinkButton to="/noticeList" type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
        {t('notices.backToList')}
      </LinkButton>
      <NoticeDetailView id={id} />
    </section>
  );
}
