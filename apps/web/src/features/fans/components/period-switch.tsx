import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataPeriod } from '@cc/contracts';

/** A period switch of the data pages (7天/30天/90天/累计…): radio buttons, labelled for screen readers. */
export function PeriodSwitch<P extends DataPeriod>({
  periods,
  value,
  onChange,
}: {
  periods: readonly P[];
  value: P;
  onChange: (period: P) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      optionType="button"
      buttonStyle="solid"
      size="small"
      aria-label={t('fans.periodLabel')}
      value={value}
      onChange={(e) => onChange(e.target.value as P)}
      options={periods.map((p) => ({ value: p, label: t(`fans.periods.${p}`) }))}
      data-testid="period-switch"
    />
  );
}
