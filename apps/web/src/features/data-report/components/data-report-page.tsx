import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportDetail } from './report-detail';
import { ReportList } from './report-list';
import './data-report.css';

/**
 * `dataReport` (issue #12): the author's weekly reports, or one of them when `week` names its Monday (the page's
 * query string: `/dataReport?week=2026-11-16`, the link of the `data_report` message).
 */
export function DataReportView({
  week,
  page,
  onOpen,
  onBack,
  onPageChange,
}: {
  week: string | null;
  page: number;
  onOpen(weekStart: string): void;
  onBack(): void;
  onPageChange(page: number): void;
}) {
  const { t } = useTranslation();
  if (week) return <ReportDetail weekStart={week} onBack={onBack} />;
  return (
    <section className="cc-card cc-report-page" aria-labelledby="report-list-title">
      <h1 className="cc-page-title" id="report-list-title">
        {t('trends.report.title')}
      </h1>
      <Typography.Paragraph type="secondary">{t('trends.report.intro')}</Typography.Paragraph>
      <ReportList page={page} onPageChange={onPageChange} onOpen={onOpen} />
    </section>
  );
}
