import { Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricKey } from '@cc/contracts';
import { formatDate } from '../../../lib/format';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../lib/i18n';
import { type AnalysePeriod, ANALYSE_PERIODS, metricDefinition } from '../logic';

/** A metric's name in the UI language, from contracts METRIC_DEFINITIONS (no second copy of the texts). */
export function useMetricName(): (key: MetricKey) => string {
  const { i18n } = useTranslation();
  const lang = LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;
  return (key) => metricDefinition(key).name[lang];
}

/** "Data as of 2026-03-05 10:00" under a figure (API.md §11: every answer carries `asOf`). */
export function AsOf({ time }: { time: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="as-of">
      {t('fans.asOf', { time: formatDate(time, 'YYYY-MM-DD HH:mm') })}
    </Typography.Text>
  );
}

/** A card of the analysis pages: its heading, actions beside it, and the as-of time of its figure. */
export function DataCard({
  title,
  extra,
  asOf,
  testId,
  children,
}: {
  title: string;
  extra?: ReactNode;
  asOf?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="cc-card" aria-label={title} data-testid={testId}>
      <div className="cc-section-head">
        <div>
          <h2 className="cc-section-title">{title}</h2>
          {asOf ? <AsOf time={asOf} /> : null}
        </div>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** The period switch of the analysis pages (7天/30天/90天): radio buttons, labelled for screen readers. */
export function PeriodSwitch({
  value,
  onChange,
}: {
  value: AnalysePeriod;
  onChange: (period: AnalysePeriod) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      optionType="button"
      buttonStyle="solid"
      aria-label={t('fans.periodLabel')}
      value={value}
      onChange={(e) => onChange(e.target.value as AnalysePeriod)}
      options={ANALYSE_PERIODS.map((p) => ({ value: p, label: t(`fans.periods.${p}`) }))}
      data-testid="period-switch"
    />
  );
}
