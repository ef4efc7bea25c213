import { Segmented, Select, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { contentTypes, type ContentType, type DataPeriod, type MetricKey } from '@cc/contracts';
import { EChart, type EChartsCoreOption } from '../../../components/echart';
import { formatDate, formatMetricValue, useFormatMetric } from '../../../lib/format';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../lib/i18n';
import { BRAND_COLOR } from '../../../lib/theme';
import { isLowerBetter, metricChange, metricDefinition, type MetricChange } from '../logic';

/** The UI language as one of ours; components using it render again on a switch. */
export function useUiLanguage(): Language {
  const { i18n } = useTranslation();
  return LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;
}

/** A metric's name in the UI language, from contracts METRIC_DEFINITIONS (no second copy of the texts). */
export function useMetricName(): (key: MetricKey) => string {
  const lang = useUiLanguage();
  return (key) => metricDefinition(key).name[lang];
}

/** A metric's value written by its unit (万 / compact counts, hours and minutes, percentages). */
export function useMetricValue(): (key: MetricKey, value: number) => string {
  const format = useFormatMetric();
  return (key, value) => format(metricDefinition(key).unit, value);
}

/** The period switch (今天 … 累计), a labelled radio group. */
export function PeriodSwitch<P extends DataPeriod>({
  value,
  periods,
  onChange,
  size,
}: {
  value: P;
  periods: readonly P[];
  onChange(period: P): void;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  return (
    <Segmented<P>
      aria-label={t('data.periodLabel')}
      size={size}
      value={value}
      onChange={onChange}
      options={periods.map((p) => ({ value: p, label: t(`data.periods.${p}`) }))}
      data-testid="data-period"
    />
  );
}

/** The content-type filter (contracts `contentTypes`; empty = every type). */
export function TypeFilter({
  value,
  onChange,
}: {
  value: ContentType | undefined;
  onChange(type: ContentType | undefined): void;
}) {
  const { t } = useTranslation();
  return (
    <Select<ContentType | ''>
      aria-label={t('data.typeLabel')}
      value={value ?? ''}
      onChange={(v) => onChange(v === '' ? undefined : v)}
      style={{ minWidth: 120 }}
      options={[
        { value: '', label: t('data.allTypes') },
        ...contentTypes.map((type) => ({ value: type, label: t(`content.types.${type}`) })),
      ]}
      data-testid="data-type"
    />
  );
}

/** "数据更新于 …" / "As of …": when the figures beside it were last brought up to date (API.md §11 `asOf`). */
export function AsOf({ value, testId = 'data-as-of' }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" className="cc-data-as-of" data-testid={testId}>
      <time dateTime={value}>{t('data.asOf', { time: formatDate(value, 'YYYY-MM-DD HH:mm') })}</time>
    </Typography.Text>
  );
}

/** The words of a change: `12.5%`, `1.23 个百分点`, `上期为 0`. */
function changeText(change: MetricChange, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (change.kind === 'fromZero') return t('data.change.fromZero');
  if (change.kind === 'points') return t('data.change.points', { value: change.value.toFixed(2) });
  return t('data.change.percent', { value: change.value.toFixed(1) });
}

/**
 * The change of a metric against the previous period: an arrow, the percent (percentage points for the rates; "from
 * 0" when the previous period had none), a word for screen readers; nothing for `all` (no previous period). Green
 * when good news, red when bad (a rise of the exit rate is bad) — never the colour alone.
 */
export function ChangeBadge({
  metric,
  current,
  previous,
}: {
  metric: MetricKey;
  current: number;
  previous: number | null | undefined;
}) {
  const { t } = useTranslation();
  const change = metricChange(current, previous, metricDefinition(metric).unit);
  if (!change) return null;
  const good = change.direction === 'flat' ? null : (change.direction === 'up') !== isLowerBetter(metric);
  const Icon =
    change.direction === 'up'
      ? ArrowUpOutlined
      : change.direction === 'down'
        ? ArrowDownOutlined
        : MinusOutlined;
  const text = change.direction === 'flat' ? t('data.change.flat') : changeText(change, t);
  const label =
    `${t('data.change.label')} ${t(`data.change.${change.direction}`)} ${change.direction === 'flat' ? '' : text}`.trim();
  return (
    <span
      role="img"
      className={`cc-data-change cc-tabular cc-data-change-${good === null ? 'flat' : good ? 'good' : 'bad'}`}
      data-testid={`change-${metric}`}
      data-direction={change.direction}
      aria-label={label}
      title={label}
    >
      <Icon aria-hidden />
      <span aria-hidden>{text}</span>
    </span>
  );
}

/** One day's figures: a date and any of the metrics. */
type TrendPoint = { date: string } & Partial<Record<MetricKey, number>>;

/**
 * A metric's daily trend as an ECharts line (brand colour first, DESIGN.md); `sparkline` draws it small without
 * axes (the home card).
 */
export function TrendChart({
  trend,
  metric,
  height = 280,
  sparkline = false,
}: {
  trend: readonly TrendPoint[];
  metric: MetricKey;
  height?: number;
  sparkline?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useUiLanguage();
  const name = metricDefinition(metric).name[lang];
  const option = useMemo<EChartsCoreOption>(() => {
    const unit = metricDefinition(metric).unit;
    const format = (v: number) => formatMetricValue(unit, v, lang);
    const dates = trend.map((p) => p.date);
    const values = trend.map((p) => p[metric] ?? 0);
    const line = {
      type: 'line',
      name,
      data: values,
      smooth: true,
      showSymbol: !sparkline && dates.length <= 31,
      areaStyle: { opacity: sparkline ? 0.15 : 0.08 },
    };
    if (sparkline) {
      return {
        color: [BRAND_COLOR],
        grid: { left: 0, right: 0, top: 4, bottom: 4 },
        xAxis: { type: 'category', data: dates, show: false, boundaryGap: false },
        yAxis: { type: 'value', show: false, scale: true },
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v)) },
        series: [line],
      };
    }
    return {
      color: [BRAND_COLOR],
      grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v)) },
      xAxis: { type: 'category', data: dates, boundaryGap: false },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
      series: [line],
    };
  }, [trend, metric, name, sparkline, lang]);
  return <EChart option={option} height={height} ariaLabel={t('data.chartLabel', { metric: name })} />;
}
