import { useTranslation } from 'react-i18next';
import { NoticeList } from '../../features/notices';
import { useQueryState } from '../../lib/use-query-state';

/** `/noticeList?page=N`: platform notices. */
export default function NoticeListPage() {
  const { t } = useTranslation();
  const qs = useQueryState({ page: '1' });
  return (
    <section className="cc-card">
      <h1 className="cc-page-title">{t('notices.title')}</h1>
      <NoticeList page={Math.max(1, Number(qs.get('page')) || 1)} onPageChange={(page) => qs.set({ page })} />
    </section>
  );
}
