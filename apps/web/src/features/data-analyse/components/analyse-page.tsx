import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useScopeOverview, useTopWorks } from '../api/analyse-api';
import {
  ANALYSE_SCOPES,
  type AnalysePeriod,
  type AnalyseScope,
  funnelSteps,
  SCOPE_EMPTY_KEYS,
  SCOPE_PATHS,
  selectedWork,
} from '../logic';
import { Funnel } from './funnel';
import { DataCard } from '../../../components/data-card';
import { PeriodSwitch } from './parts';
import { TopWorks } from './top-works';
import { VideoCards } from './video-cards';
import { WorkInsights } from './work-insights';
import './data-analyse.css';

const TITLE_KEYS: Record<AnalyseScope, string> = {
  all: 'menu.dataAnalyse',
  image: 'pages.imageAnalyse',
  video: 'pages.videoAnalyse',
};

/** The scope's funnel card, and for videos the cards of plays, watch time and the two rates. */
function OverviewCards({ scope, period }: { scope: AnalyseScope; period: AnalysePeriod }) {
  const { t } = useTranslation();
  const overview = useScopeOverview(scope, period);
  const state = (render: () => ReactNode) => {
    if (overview.isPending) return <LoadingState rows={3} />;
    if (overview.isError)
      return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
    return render();
  };
  return (
    <>
      {scope === 'video' ? (
        <DataCard title={t('fans.analyse.video.title')} asOf={overview.data?.asOf} testId="video-card">
          {state(() => (
            <VideoCards metrics={overview.data!.metrics} />
          ))}
        </DataCard>
      ) : null}
      <DataCard title={t('fans.analyse.funnel.title')} asOf={overview.data?.asOf} testId="funnel-card">
        {state(() =>
          funnelSteps(overview.data!.metrics, scope).every((s) => s.value === 0) ? (
            <EmptyState description={t(SCOPE_EMPTY_KEYS[scope])} />
          ) : (
            <Funnel metrics={overview.data!.metrics} scope={scope} />
          ),
        )}
      </DataCard>
    </>
  );
}

/**
 * Data analysis (`/manage/dataAnalyse`, `…/imageAnalyse`, `…/videoAnalyse`; API.md §11, issue #12): tabs between
 * the three scopes, a period switch, the top works, the reach → engagement funnel and the chosen work's traffic
 * sources; for videos also plays, watch time, the rates and the retention curve. The period and the chosen work
 * are the caller's (the query string); a tab keeps the period.
 */
export function AnalysePage({
  scope,
  period,
  workId,
  onChange,
}: {
  scope: AnalyseScope;
  period: AnalysePeriod;
  workId: number | null;
  onChange: (next: { period?: AnalysePeriod; work?: number }) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const top = useTopWorks(scope, period);
  const work = selectedWork(top.data?.list ?? [], workId);
  return (
    <div className="cc-analyse-page">
      <div className="cc-card">
        <div className="cc-analyse-head">
          <h1 className="cc-page-title">{t(TITLE_KEYS[scope])}</h1>
          <PeriodSwitch value={period} onChange={(next) => onChange({ period: next })} />
        </div>
        <Tabs
          activeKey={scope}
          onChange={(key) =>
            void navigate(SCOPE_PATHS[key as AnalyseScope] + (period === '7d' ? '' : `?period=${period}`))
          }
          items={ANALYSE_SCOPES.map((s) => ({ key: s, label: t(`fans.analyse.tabs.${s}`) }))}
          data-testid="analyse-tabs"
        />
      </div>
      <OverviewCards scope={scope} period={period} />
      <TopWorks
        scope={scope}
        period={period}
        selectedId={work?.id ?? null}
        onSelect={(id) => onChange({ work: id })}
      />
      <WorkInsights work={work} period={period} withRetention={scope === 'video'} />
    </div>
  );
}
