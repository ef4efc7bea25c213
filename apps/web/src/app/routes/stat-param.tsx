import { useTranslation } from 'react-i18next';
import { StatParams } from '../../features/audience-data';

/** `/stat_param` (spec §2, issue #12): the definition of every metric of the data pages. */
export default function StatParamPage() {
  const { t } = useTranslation();
  return (
    <section className="cc-card">
      <h1 className="cc-page-title">{t('pages.statParam')}</h1>
      <StatParams />
    </section>
  );
}
