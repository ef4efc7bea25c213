import { useTranslation } from 'react-i18next';
import type { FansChartPeriod } from '../logic';
import { FansChartCard } from './fans-chart';
import { FansCount } from './fans-count';
import { FansExport } from './fans-export';
import { FansList } from './fans-list';
import { FansPortrait } from './fans-portrait';
import './fans.css';

/**
 * Fans management (`/manage/fansManage/fans`, API.md §11, issue #12): the totals, the chart of changes over a
 * period, the portrait, the list and the export. The period and the list's page are the caller's (the query
 * string), so reload and back keep them.
 */
export function FansPage({
  period,
  page,
  onChange,
}: {
  period: FansChartPeriod;
  page: number;
  onChange: (next: { period?: FansChartPeriod; page?: number }) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="cc-fans-page">
      <div className="cc-card cc-fans-head">
        <h1 className="cc-page-title">{t('menu.fans')}</h1>
        <FansExport />
      </div>
      <FansCount />
      <FansChartCard period={period} onPeriodChange={(next) => onChange({ period: next })} />
      <FansPortrait />
      <FansList page={page} onPageChange={(next) => onChange({ page: next })} />
    </div>
  );
}
