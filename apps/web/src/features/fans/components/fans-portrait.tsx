import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FansPortrait as Portrait } from '@cc/contracts';
import { EChart } from '../../../components/echart';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useFormatCount } from '../../../lib/format';
import { useFansPortrait } from '../api/fans-api';
import {
  ageBandLabel,
  barOption,
  describeValues,
  deviceLabel,
  genderLabel,
  type NamedValue,
  orderAgeBands,
  pieOption,
  regionLabel,
  TOP_REGIONS,
  topRegions,
} from '../logic';
import { DataCard } from '../../../components/data-card';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The four charts of a portrait, labelled in the UI language. */
function portraitCharts(portrait: Portrait, t: Translate) {
  const named = (items: Portrait['gender'], label: (key: string) => string): NamedValue[] =>
    items.map((i) => ({ name: label(i.key), value: i.count }));
  const gender = named(portrait.gender, (k) => genderLabel(k, t));
  const device = named(portrait.device, (k) => deviceLabel(k, t));
  const ageBand = named(orderAgeBands(portrait.ageBand), (k) => ageBandLabel(k, t));
  const region = named(topRegions(portrait.region), (k) => regionLabel(k, t));
  const fans = t('fans.portrait.fans');
  return [
    { key: 'gender', title: t('fans.portrait.gender'), items: gender, option: pieOption(gender) },
    { key: 'device', title: t('fans.portrait.device'), items: device, option: pieOption(device) },
    { key: 'ageBand', title: t('fans.portrait.ageBand'), items: ageBand, option: barOption(ageBand, fans) },
    {
      key: 'region',
      title: t('fans.portrait.region', { count: TOP_REGIONS }),
      items: region,
      // no China map is approved yet (issue #12): the provinces ranked as horizontal bars
      option: barOption(region, fans, { horizontal: true }),
    },
  ];
}

/**
 * Who the fans are (`fans/portrait`): gender and device pies, age-band bars and the provinces with most fans
 * ranked; each chart carries its values as its text alternative.
 */
export function FansPortrait() {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const portrait = useFansPortrait();
  const charts = useMemo(() => (portrait.data ? portraitCharts(portrait.data, t) : null), [portrait.data, t]);
  let body;
  if (portrait.isPending) body = <LoadingState rows={6} />;
  else if (portrait.isError)
    body = <ErrorState error={portrait.error} onRetry={() => void portrait.refetch()} />;
  else if (!charts || portrait.data.gender.every((g) => g.count === 0))
    body = <EmptyState description={t('fans.portrait.empty')} />;
  else
    body = (
      <div className="cc-fans-portrait">
        {charts.map((c) => (
          <div key={c.key} data-testid={`portrait-${c.key}`}>
            <h3>{c.title}</h3>
            <EChart
              option={c.option}
              height={260}
              ariaLabel={t('fans.portrait.aria', {
                title: c.title,
                summary: describeValues(c.items, formatCount),
              })}
            />
          </div>
        ))}
      </div>
    );
  return (
    <DataCard title={t('fans.portrait.title')} testId="fans-portrait" asOf={portrait.data?.asOf}>
      {body}
    </DataCard>
  );
}
