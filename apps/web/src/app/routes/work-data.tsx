import { useTranslation } from 'react-i18next';
import { WorkDataView } from '../../features/audience-data';

/** `/workData` (spec §2, issue #12): every work's data of a period, sortable, with its detail and export. */
export default function WorkDataPage() {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="cc-page-title">{t('menu.workData')}</h1>
      <WorkDataView />
    </div>
  );
}
