import { useTranslation } from 'react-i18next';
import { CertificationOverview } from '../../features/certification';

/** `/certification/indexc` (spec §2, only-header layout; issue #11): the author's certification and what to do next. */
export default function CertificationIndexPage() {
  const { t } = useTranslation();
  return (
    <section className="cc-card" style={{ maxWidth: 1000, margin: '0 auto' }}>
      <h1 className="cc-page-title">{t('certification.title')}</h1>
      <CertificationOverview />
    </section>
  );
}
