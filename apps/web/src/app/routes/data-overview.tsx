import { useTranslation } from 'react-i18next';
import { DataOverviewView } from '../../features/audience-data';

/** `/dataOverview` (spec §2, issue #12): the author's audience data of a period. */
export default function DataOverviewPage() {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="cc-page-title">{t('menu.dataOverview')}</h1>
      <DataOverviewView />
    </div>
  );
}
