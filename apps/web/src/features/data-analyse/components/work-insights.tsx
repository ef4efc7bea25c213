import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkDetail } from '@cc/contracts';
import { EChart } from '../../../components/echart';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useFormatCount } from '../../../lib/format';
import { useWorkDetail } from '../api/analyse-api';
import {
  type AnalysePeriod,
  isVideoType,
  rankedSources,
  retentionOption,
  retentionSummary,
  sourcesOption,
} from '../logic';
import { DataCard } from '../../../components/data-card';

/** The chosen work's traffic sources as a doughnut (`work_detail.sources`), with their views in words. */
function SourcesChart({ detail }: { detail: WorkDetail }) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const items = useMemo(
    () => rankedSources(detail.sources).map((s) => ({ name: t(`fans.sources.${s.source}`), value: s.views })),
    [detail.sources, t],
  );
  const option = useMemo(() => sourcesOption(items), [items]);
  if (items.length === 0) return <EmptyState description={t('fans.analyse.sources.empty')} />;
  return (
    <EChart
      option={option}
      height={280}
      ariaLabel={t('fans.analyse.sources.aria', {
        summary: items.map((i) => `${i.name} ${formatCount(i.value)}`).join(', '),
      })}
    />
  );
}

/** The chosen video's retention curve: % of its plays still watching at each % of its duration. */
function RetentionChart({ detail }: { detail: WorkDetail }) {
  const { t } = useTranslation();
  const points = detail.retention;
  const option = useMemo(
    () =>
      retentionOption(points ?? [], { x: t('fans.analyse.retention.x'), y: t('fans.analyse.retention.y') }),
    [points, t],
  );
  if (detail.metrics.plays === 0 || !points || points.length === 0)
    return <EmptyState description={t('fans.analyse.retention.empty')} />;
  return (
    <EChart
      option={option}
      height={280}
      ariaLabel={t('fans.analyse.retention.aria', {
        summary: retentionSummary(points)
          .map((p) => `${p.at}% ${p.share}%`)
          .join(', '),
      })}
    />
  );
}

/**
 * What the chosen work's detail (`data/work_detail {id, period}`) shows: its traffic sources, and for videos its
 * retention curve. Without a work (an empty top list) it says how to get one.
 */
export function WorkInsights({
  work,
  period,
  withRetention,
}: {
  work: { id: number; title: string } | null;
  period: AnalysePeriod;
  withRetention: boolean;
}) {
  const { t } = useTranslation();
  const detail = useWorkDetail(work?.id ?? null, period);
  const sourcesTitle = work
    ? t('fans.analyse.sources.of', { title: work.title })
    : t('fans.analyse.sources.title');
  const retentionTitle = work
    ? t('fans.analyse.retention.of', { title: work.title })
    : t('fans.analyse.retention.title');
  const state = (render: (d: WorkDetail) => ReactNode) => {
    if (!work) return <EmptyState description={t('fans.analyse.sources.pick')} />;
    if (detail.isPending) return <LoadingState rows={5} />;
    if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
    return render(detail.data);
  };
  const isVideo = detail.data ? isVideoType(detail.data.work.type) : true;
  return (
    <>
      <DataCard title={sourcesTitle} asOf={detail.data?.asOf} testId="sources-card">
        {state((d) => (
          <SourcesChart detail={d} />
        ))}
      </DataCard>
      {withRetention && isVideo ? (
        <DataCard title={retentionTitle} asOf={detail.data?.asOf} testId="retention-card">
          {state((d) => (
            <RetentionChart detail={d} />
          ))}
        </DataCard>
      ) : null}
    </>
  );
}
