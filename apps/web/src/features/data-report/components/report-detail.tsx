import { Button, List, Tag, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowUpOutlined,
  CalendarOutlined,
  MinusOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataReport, METRIC_DEFINITIONS, type MetricKey } from '@cc/contracts';
import { EChart } from '../../../components/echart';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatCount, formatDate, useFormatCount } from '../../../lib/format';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { useReport } from '../api';
import { reportChartOption, weekChange, weekEndOf } from '../logic';

/** The report's figures in cards: engagement first, then the metrics it is made of, then followers. */
const CARD_METRICS = ['views', 'plays', 'likes', 'favorites', 'shares', 'fansNet', 'fansTotal'] as const;

/** A figure against last week: an arrow and the percent, in words for screen readers (never the colour alone). */
function WeekChangeMark({ current, previous }: { current: number; previous: number }) {
  const { t } = useTranslation();
  const change = weekChange(current, previous);
  const Icon =
    change.direction === 'down'
      ? ArrowDownOutlined
      : change.direction === 'flat'
        ? MinusOutlined
        : ArrowUpOutlined;
  const percent = 'percent' in change && change.percent !== null ? `${change.percent}%` : null;
  let label: string;
  if (change.direction === 'flat' || change.direction === 'fromZero')
    label = t(`trends.report.change.${change.direction}`);
  else if (percent === null) label = t(`trends.report.change.${change.direction === 'up' ? 'rose' : 'fell'}`);
  else label = t(`trends.report.change.${change.direction}`, { value: percent });
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`cc-report-change cc-report-change-${change.direction}`}
      data-testid="report-change"
    >
      <Icon aria-hidden />
      {percent !== null ? <span aria-hidden>{percent}</span> : null}
    </span>
  );
}

/** One figure of the week with last week's beside it. */
function FigureCard({
  name,
  testId,
  value,
  previous,
}: {
  name: string;
  testId: string;
  value: number;
  previous: number;
}) {
  const { t } = useTranslation();
  const format = useFormatCount();
  return (
    <div className="cc-report-figure" data-testid={testId}>
      <Typography.Text type="secondary">{name}</Typography.Text>
      <div className="cc-report-figure-value cc-tabular" title={String(value)} data-testid="figure-value">
        {format(value)}
      </div>
      <div className="cc-report-figure-foot">
        <WeekChangeMark current={value} previous={previous} />
        <Typography.Text type="secondary" className="cc-tabular">
          {t('trends.report.previousValue', { value: format(previous) })}
        </Typography.Text>
      </div>
    </div>
  );
}

/** The figures, the daily chart, the best day, followers and the top works of one report. */
function ReportBody({ report }: { report: DataReport }) {
  const { t, i18n } = useTranslation();
  const lang = LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;
  const format = useFormatCount();
  const metricName = (key: MetricKey) => METRIC_DEFINITIONS.find((d) => d.key === key)?.name[lang] ?? key;
  const option = useMemo(
    () =>
      reportChartOption(
        report,
        { engagement: t('trends.report.series.engagement'), fansNet: t('trends.report.series.fansNet') },
        (date) => formatDate(date, 'MM-DD ddd'),
        (n) => formatCount(n, lang),
      ),
    [report, t, lang],
  );
  const range = { start: report.weekStart, end: report.weekEnd };
  return (
    <>
      <section className="cc-card" aria-labelledby="report-metrics-title">
        <h2 className="cc-section-title" id="report-metrics-title">
          {t('trends.report.metrics')}
        </h2>
        <div className="cc-report-figures" data-testid="report-figures">
          <FigureCard
            name={t('trends.report.columns.engagement')}
            testId="figure-engagement"
            value={report.engagement}
            previous={report.previousEngagement}
          />
          {CARD_METRICS.map((key) => (
            <FigureCard
              key={key}
              name={metricName(key)}
              testId={`figure-${key}`}
              value={report.metrics[key]}
              previous={report.previous[key]}
            />
          ))}
        </div>
      </section>
      <section className="cc-card" aria-labelledby="report-daily-title">
        <h2 className="cc-section-title" id="report-daily-title">
          {t('trends.report.daily')}
        </h2>
        <div className="cc-report-facts">
          <span data-testid="report-best-day">
            <CalendarOutlined aria-hidden />{' '}
            <Typography.Text strong>{t('trends.report.bestDay')}</Typography.Text>{' '}
            {report.bestDay
              ? t('trends.report.bestDayText', {
                  date: formatDate(report.bestDay.date, 'YYYY-MM-DD ddd'),
                  engagement: format(report.bestDay.engagement),
                })
              : t('trends.report.noBestDay')}
          </span>
          <span data-testid="report-fans">
            <TeamOutlined aria-hidden /> <Typography.Text strong>{t('trends.report.fans')}</Typography.Text>{' '}
            {t('trends.report.fansText', {
              gained: format(report.metrics.fansGained),
              lost: format(report.metrics.fansLost),
              net: format(report.metrics.fansNet),
              total: format(report.metrics.fansTotal),
            })}
          </span>
        </div>
        <EChart option={option} height={280} ariaLabel={t('trends.report.dailyChart', range)} />
      </section>
      <section className="cc-card" aria-labelledby="report-works-title">
        <h2 className="cc-section-title" id="report-works-title">
          {t('trends.report.topWorks')}
        </h2>
        {report.topWorks.length === 0 ? (
          <EmptyState description={t('trends.report.noWorks')} />
        ) : (
          <List
            data-testid="report-top-works"
            dataSource={report.topWorks}
            renderItem={(w, i) => (
              <List.Item data-testid={`report-work-${w.id}`}>
                <span className="cc-report-work">
                  <span className="cc-report-work-rank cc-tabular">{i + 1}</span>
                  <Typography.Text ellipsis style={{ maxWidth: 480 }}>
                    {w.title}
                  </Typography.Text>
                  <Tag>{t(`content.types.${w.type}`)}</Tag>
                </span>
                <span className="cc-tabular" title={String(w.engagement)}>
                  {t('trends.report.columns.engagement')} {format(w.engagement)} · {metricName('views')}{' '}
                  {format(w.views)}
                </span>
              </List.Item>
            )}
          />
        )}
      </section>
    </>
  );
}

/**
 * One weekly report (`data/report_detail { weekStart }`): the week's figures against last week, engagement and net
 * followers per day, the best day, the followers' change and the top works. A week without a report (10006) says
 * so, with the way back to the list.
 */
export function ReportDetail({ weekStart, onBack }: { weekStart: string; onBack(): void }) {
  const { t } = useTranslation();
  const report = useReport(weekStart);
  let body;
  if (report.isPending) body = <LoadingState rows={8} />;
  else if (report.isError) {
    body = isApiError(report.error, 10006) ? (
      <section className="cc-card">
        <EmptyState description={t('trends.report.notFound')} />
      </section>
    ) : (
      <ErrorState error={report.error} onRetry={() => void report.refetch()} />
    );
  } else body = <ReportBody report={report.data} />;
  return (
    <div className="cc-report-page" data-testid="report-detail">
      <section className="cc-card cc-report-head">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="report-back">
          {t('trends.report.back')}
        </Button>
        <div>
          <h1 className="cc-page-title">
            {t('trends.report.title')} ·{' '}
            {t('trends.report.week', { start: weekStart, end: weekEndOf(weekStart) })}
          </h1>
          {report.data ? (
            <Typography.Text type="secondary" className="cc-report-note">
              <time dateTime={report.data.createdAt}>
                {t('trends.report.createdAt', {
                  time: formatDate(report.data.createdAt, 'YYYY-MM-DD HH:mm'),
                })}
              </time>
            </Typography.Text>
          ) : null}
        </div>
      </section>
      {body}
    </div>
  );
}
