import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MetricKey } from '@cc/contracts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../lib/i18n';
import { type AnalysePeriod, ANALYSE_PERIODS, metricDefinition } from '../logic';

/** A metric's name in the UI language, from contracts METRIC_DEFINITIONS (no second copy of the texts). */
export function useMetricName(): (key: MetricKey) => string {
  const { i18n } = useTranslation();
  const lang = LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;
  return (key) => metricDefinition(key).name[lang];
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
