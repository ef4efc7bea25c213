import { useMemo, useState } from 'react';
import { Progress, Segmented, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  GRADE_ANALYSIS_PERIODS,
  POINT_SOURCES,
  TASK_WORK_TYPES,
  type GradeAnalysis,
  type GradeAnalysisPeriod,
  type GradeRights,
  type GradeRightsList,
  type MyGrade,
} from '@cc/contracts';
import { EChart } from '../../../components/echart';
import { LinkButton } from '../../../components/content-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate, useFormatCount } from '../../../lib/format';
import { tabularNums } from '../../../lib/theme';
import { useGradeAnalysis, useGradeRights, useMyGrade } from '../api';
import { analysisOption, levelPercent, trendOption } from '../logic';
import { SUCCESS_TEXT } from './task-parts';
import './growth.css';

/** A signed number of points (`+12`, `-5`, `0`). */
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** One right's value as words (every state also a word, never colour alone). */
function useRightText(): (key: keyof GradeRights, rights: GradeRights) => { text: string; open: boolean } {
  const { t } = useTranslation();
  return (key, rights) => {
    if (key === 'programs')
      return {
        text: rights.programs ? t('growth.grade.open') : t('growth.grade.closed'),
        open: rights.programs,
      };
    if (key === 'smallVideoMaxSeconds')
      return { text: t('growth.grade.seconds', { count: rights.smallVideoMaxSeconds }), open: true };
    return { text: t('growth.grade.orders', { count: rights.openBusinessOrders }), open: true };
  };
}

function PageHead({
  titleKey,
  introKey,
  links,
}: {
  titleKey: string;
  introKey: string;
  links: [string, string][];
}) {
  const { t } = useTranslation();
  return (
    <section className="cc-card" aria-labelledby="growth-title">
      <div className="cc-growth-head">
        <h1 className="cc-page-title" id="growth-title">
          {t(titleKey)}
        </h1>
        <nav className="cc-growth-links" aria-label={t(titleKey)}>
          {links.map(([to, key]) => (
            <Link key={to} to={to}>
              {t(key)}
            </Link>
          ))}
        </nav>
      </div>
      <Typography.Paragraph type="secondary">{t(introKey)}</Typography.Paragraph>
    </section>
  );
}

/**
 * `growUp/myGrade` (issue #14 "Grades"): the grade in force, the growth points and the progress to the next level,
 * an operator's floor when there is one, the rights now, the points trend (ECharts) and the grade's changes; links
 * to the analysis, the rights and the tasks.
 */
export function MyGradeView() {
  const grade = useMyGrade();
  let body;
  if (grade.isPending) body = <LoadingState rows={8} />;
  else if (grade.isError) body = <ErrorState error={grade.error} onRetry={() => void grade.refetch()} />;
  else body = <MyGradeBody grade={grade.data} />;
  return (
    <div className="cc-growth-page">
      <PageHead
        titleKey="growth.grade.title"
        introKey="growth.grade.intro"
        links={[
          ['/growUp/gradeAnalysis', 'growth.grade.toAnalysis'],
          ['/growUp/gradeRights', 'growth.grade.toRights'],
          ['/task/detail', 'growth.grade.toTasks'],
        ]}
      />
      {body}
    </div>
  );
}

function MyGradeBody({ grade }: { grade: MyGrade }) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const rightText = useRightText();
  const trend = useMemo(() => trendOption(grade.trend, t('growth.grade.trendSeries')), [grade.trend, t]);
  const historyColumns: TableColumnsType<MyGrade['history'][number]> = [
    {
      title: t('growth.analysis.columns.day'),
      dataIndex: 'at',
      render: (at: string) => formatDate(at, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('growth.grade.historyTitle'),
      key: 'change',
      render: (_, h) => (
        <span data-testid="grade-change">
          {t('growth.grade.change', { from: h.from, to: h.to })}{' '}
          <Tag>{t(`growth.grade.reason.${h.reason}`)}</Tag>
        </span>
      ),
    },
    {
      title: t('growth.grade.points'),
      dataIndex: 'points',
      render: (p: number) => <span style={tabularNums}>{t('growth.grade.atPoints', { points: p })}</span>,
    },
  ];
  const first = grade.trend[0];
  const last = grade.trend.at(-1);
  return (
    <>
      <section className="cc-card cc-grade-summary" aria-label={t('growth.grade.gradeLabel')}>
        <div className="cc-grade-level">
          <Typography.Text type="secondary">{t('growth.grade.gradeLabel')}</Typography.Text>
          <div className="cc-grade-level-value" data-testid="grade-level">
            {t('growth.grade.level', { grade: grade.grade })}
          </div>
        </div>
        <div className="cc-grade-points">
          <Typography.Text type="secondary">{t('growth.grade.points')}</Typography.Text>
          <div className="cc-grade-points-value" style={tabularNums} data-testid="grade-points">
            {t('growth.grade.pointsValue', { points: formatCount(grade.points) })}
          </div>
          {grade.next ? (
            <>
              <Progress
                percent={levelPercent(grade)}
                showInfo={false}
                aria-label={t('growth.grade.nextAria', {
                  grade: grade.next.grade,
                  points: grade.points,
                  target: grade.next.minPoints,
                })}
              />
              <Typography.Text data-testid="grade-next">
                {t('growth.grade.toNext', {
                  points: formatCount(grade.next.pointsToGo),
                  grade: grade.next.grade,
                })}
              </Typography.Text>
            </>
          ) : (
            <Typography.Text data-testid="grade-next">{t('growth.grade.top')}</Typography.Text>
          )}
          {grade.floorGrade !== null && grade.floorGrade > grade.pointsGrade ? (
            <Typography.Paragraph type="secondary" data-testid="grade-floor">
              {t('growth.grade.floor', { grade: grade.floorGrade, pointsGrade: grade.pointsGrade })}
            </Typography.Paragraph>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="grade-computed">
            {grade.computedThrough
              ? t('growth.grade.computedThrough', { day: grade.computedThrough })
              : t('growth.grade.notComputed')}
          </Typography.Text>
        </div>
        <div className="cc-grade-rights" data-testid="grade-rights-now">
          <Typography.Text type="secondary">{t('growth.grade.rightsNow')}</Typography.Text>
          <ul>
            {(['programs', 'smallVideoMaxSeconds', 'openBusinessOrders'] as const).map((key) => {
              const r = rightText(key, grade.rights);
              return (
                <li key={key}>
                  {r.open ? (
                    <CheckCircleOutlined aria-hidden style={{ color: SUCCESS_TEXT }} />
                  ) : (
                    <MinusCircleOutlined aria-hidden />
                  )}{' '}
                  {t(`growth.grade.rights.${key}`)}
                  {t('growth.colon')}
                  <strong>{r.text}</strong>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <section className="cc-card" aria-labelledby="grade-trend" data-testid="grade-trend">
        <h2 className="cc-section-title" id="grade-trend">
          {t('growth.grade.trendTitle')}
        </h2>
        {first && last ? (
          <EChart
            option={trend}
            height={260}
            ariaLabel={t('growth.grade.trendAria', { start: first.day, end: last.day, total: last.total })}
          />
        ) : (
          <EmptyState
            description={t('growth.grade.trendEmpty')}
            action={<LinkButton to="/task/detail">{t('growth.grade.toTasks')}</LinkButton>}
          />
        )}
      </section>
      <section className="cc-card" aria-labelledby="grade-history">
        <h2 className="cc-section-title" id="grade-history">
          {t('growth.grade.historyTitle')}
        </h2>
        <Table
          rowKey={(h) => `${h.at}-${h.from}-${h.to}`}
          size="small"
          columns={historyColumns}
          dataSource={grade.history}
          pagination={false}
          locale={{ emptyText: <EmptyState description={t('growth.grade.historyEmpty')} /> }}
          data-testid="grade-history"
        />
      </section>
    </>
  );
}

/**
 * `growUp/gradeAnalysis` (issue #14 "gradeAnalysis shows what moved it and what would raise it"): the period's points
 * by component (totals, a stacked chart and the days with their facts) and the server's suggestions, each with the
 * points it brings and where to do it.
 */
export function GradeAnalysisView() {
  const [period, setPeriod] = useState<GradeAnalysisPeriod>('30d');
  const analysis = useGradeAnalysis(period);
  const { t } = useTranslation();
  let body;
  if (analysis.isPending) body = <LoadingState rows={8} />;
  else if (analysis.isError)
    body = <ErrorState error={analysis.error} onRetry={() => void analysis.refetch()} />;
  else body = <AnalysisBody analysis={analysis.data} />;
  return (
    <div className="cc-growth-page">
      <PageHead
        titleKey="growth.analysis.title"
        introKey="growth.analysis.intro"
        links={[
          ['/growUp/myGrade', 'growth.grade.title'],
          ['/growUp/gradeRights', 'growth.grade.toRights'],
        ]}
      />
      <section className="cc-card">
        <Segmented
          aria-label={t('growth.analysis.periodLabel')}
          value={period}
          onChange={(v) => setPeriod(v)}
          options={GRADE_ANALYSIS_PERIODS.map((p) => ({
            value: p,
            label: t(`growth.analysis.periods.${p}`),
          }))}
          data-testid="analysis-period"
        />
      </section>
      {body}
    </div>
  );
}

function AnalysisBody({ analysis }: { analysis: GradeAnalysis }) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const names = useMemo(
    () => ({
      creation: t('growth.analysis.components.creation'),
      engagement: t('growth.analysis.components.engagement'),
      credit: t('growth.analysis.components.credit'),
      task: t('growth.analysis.components.task'),
    }),
    [t],
  );
  const option = useMemo(() => analysisOption(analysis.days, names), [analysis.days, names]);
  const notComputed = <Typography.Text type="secondary">{t('growth.analysis.notComputed')}</Typography.Text>;
  const count = (v: number | null) => (v === null ? notComputed : formatCount(v));
  const columns: TableColumnsType<GradeAnalysis['days'][number]> = [
    { title: t('growth.analysis.columns.day'), dataIndex: 'day', className: 'cc-nowrap' },
    ...POINT_SOURCES.map((s) => ({
      title: names[s],
      dataIndex: s,
      align: 'right' as const,
      render: (v: number) => <span style={tabularNums}>{signed(v)}</span>,
    })),
    {
      title: t('growth.analysis.columns.points'),
      dataIndex: 'total',
      align: 'right',
      render: (v: number) => <strong style={tabularNums}>{signed(v)}</strong>,
    },
    { title: t('growth.analysis.columns.works'), dataIndex: 'works', align: 'right', render: count },
    { title: t('growth.analysis.columns.plays'), dataIndex: 'plays', align: 'right', render: count },
    { title: t('growth.analysis.columns.fans'), dataIndex: 'fansGained', align: 'right', render: count },
    {
      title: t('growth.analysis.columns.creditScore'),
      dataIndex: 'creditScore',
      align: 'right',
      render: (v: number | null) => (v === null ? notComputed : v),
    },
  ];
  return (
    <>
      <section className="cc-card" aria-label={t('growth.analysis.total')}>
        <div className="cc-analysis-totals" data-testid="analysis-totals">
          {POINT_SOURCES.map((s) => (
            <div key={s} className="cc-analysis-total" data-testid={`total-${s}`}>
              <Typography.Text type="secondary">{names[s]}</Typography.Text>
              <div className="cc-analysis-total-value" style={tabularNums}>
                {signed(analysis.totals[s])}
              </div>
            </div>
          ))}
          <div className="cc-analysis-total" data-testid="total-total">
            <Typography.Text type="secondary">{t('growth.analysis.total')}</Typography.Text>
            <div className="cc-analysis-total-value" style={tabularNums}>
              {t('growth.analysis.totalValue', { points: signed(analysis.totals.total) })}
            </div>
          </div>
        </div>
        <Typography.Text data-testid="analysis-next">
          {analysis.next
            ? t('growth.analysis.toNext', { grade: analysis.next.grade, points: analysis.next.pointsToGo })
            : t('growth.analysis.atTop', { grade: analysis.grade })}
        </Typography.Text>
      </section>
      <section className="cc-card" aria-labelledby="analysis-suggestions">
        <h2 className="cc-section-title" id="analysis-suggestions">
          {t('growth.analysis.suggestions')}
        </h2>
        <Typography.Paragraph type="secondary">{t('growth.analysis.suggestionsHint')}</Typography.Paragraph>
        <ol className="cc-suggestions" data-testid="analysis-suggestions">
          {analysis.suggestions.map((s, i) => (
            <li key={`${s.kind}-${i}`} className="cc-suggestion">
              <span>{s.text}</span>
              {s.link ? (
                <LinkButton
                  to={s.link}
                  size="small"
                  aria-label={`${t('growth.analysis.go')}${t('growth.colon')}${s.text}`}
                >
                  {t('growth.analysis.go')}
                </LinkButton>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section className="cc-card" aria-labelledby="analysis-chart">
        <h2 className="cc-section-title" id="analysis-chart">
          {t('growth.analysis.chartTitle')}
        </h2>
        {analysis.totals.total === 0 && analysis.days.every((d) => d.total === 0) ? (
          <EmptyState description={t('growth.analysis.empty')} />
        ) : (
          <EChart
            option={option}
            height={280}
            ariaLabel={t('growth.analysis.chartAria', {
              start: analysis.range.start,
              end: analysis.range.end,
              ...analysis.totals,
            })}
          />
        )}
      </section>
      <section className="cc-card" aria-labelledby="analysis-days">
        <h2 className="cc-section-title" id="analysis-days">
          {t('growth.analysis.daysTitle')}
        </h2>
        <Table
          rowKey="day"
          size="small"
          columns={columns}
          dataSource={[...analysis.days].reverse()}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: true }}
          data-testid="analysis-days"
        />
      </section>
    </>
  );
}

/**
 * `growUp/gradeRights` (issue #14 "gradeRights lists each level's rights and they are enforced where they apply"): a
 * table of levels × rights with the author's own level highlighted, where each right is enforced, and how growth
 * points are earned (the contracts' POINT_RULES, as the server answers them).
 */
export function GradeRightsView() {
  const rights = useGradeRights();
  let body;
  if (rights.isPending) body = <LoadingState rows={8} />;
  else if (rights.isError) body = <ErrorState error={rights.error} onRetry={() => void rights.refetch()} />;
  else body = <RightsBody rights={rights.data} />;
  return (
    <div className="cc-growth-page">
      <PageHead
        titleKey="growth.rights.title"
        introKey="growth.rights.intro"
        links={[
          ['/growUp/myGrade', 'growth.grade.title'],
          ['/growUp/gradeAnalysis', 'growth.grade.toAnalysis'],
        ]}
      />
      {body}
    </div>
  );
}

function RightsBody({ rights }: { rights: GradeRightsList }) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const rightText = useRightText();
  type Level = GradeRightsList['levels'][number];
  const mineOf = (l: Level) => l.grade === Math.min(rights.grade, rights.levels.at(-1)?.grade ?? l.grade);
  const columns: TableColumnsType<Level> = [
    {
      title: t('growth.rights.colGrade'),
      dataIndex: 'grade',
      render: (g: number, l) => (
        <span>
          <strong>{t('growth.grade.level', { grade: g })}</strong>
          {mineOf(l) ? (
            <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="rights-mine">
              {t('growth.rights.mine')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: t('growth.rights.colPoints'),
      dataIndex: 'minPoints',
      align: 'right',
      render: (p: number) => <span style={tabularNums}>{formatCount(p)}</span>,
    },
    ...rights.rights.map(({ key }) => ({
      title: t(`growth.grade.rights.${key}`),
      key,
      render: (_: unknown, l: Level) => {
        const r = rightText(key, l.rights);
        return (
          <span>
            {r.open ? (
              <CheckCircleOutlined aria-hidden style={{ color: SUCCESS_TEXT }} />
            ) : (
              <MinusCircleOutlined aria-hidden />
            )}{' '}
            {key === 'programs'
              ? l.rights.programs
                ? t('growth.rights.yes')
                : t('growth.rights.no')
              : r.text}
          </span>
        );
      },
    })),
  ];
  const rules = rights.pointRules;
  return (
    <>
      <section className="cc-card" aria-label={t('growth.rights.title')}>
        <Table
          rowKey="grade"
          size="middle"
          columns={columns}
          dataSource={rights.levels}
          pagination={false}
          rowClassName={(l) => (mineOf(l) ? 'cc-rights-mine' : '')}
          data-testid="rights-table"
        />
        {rights.smallVideoMaxSecondsSet !== null ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="rights-own-limit">
            {t('growth.rights.ownLimit', { count: rights.smallVideoMaxSecondsSet })}
          </Typography.Paragraph>
        ) : null}
      </section>
      <section className="cc-card" aria-labelledby="rights-enforced">
        <h2 className="cc-section-title" id="rights-enforced">
          {t('growth.rights.enforcedTitle')}
        </h2>
        <ul className="cc-rights-enforced" data-testid="rights-enforced">
          {rights.rights.map((r) => (
            <li key={r.key}>
              <strong>{t(`growth.grade.rights.${r.key}`)}</strong>
              {t('growth.colon')}
              {t(`growth.rights.enforced.${r.key}`)}
              <br />
              <Typography.Text type="secondary" code>
                {t('growth.rights.enforcedBy', { calls: r.enforcedBy.join(' · ') })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      </section>
      <section className="cc-card" aria-labelledby="rights-rules">
        <h2 className="cc-section-title" id="rights-rules">
          {t('growth.rights.rulesTitle')}
        </h2>
        <ul className="cc-rights-rules" data-testid="rights-rules">
          <li>
            {t('growth.rights.rules.creation', { cap: rules.creation.dailyCap })}
            <div className="cc-rights-rule-detail">
              {TASK_WORK_TYPES.map((type) => (
                <Tag key={type}>
                  {t('growth.rights.rules.perWork', {
                    type: t(`growth.rights.types.${type}`),
                    points: rules.creation.perWork[type] ?? 0,
                  })}
                </Tag>
              ))}
            </div>
          </li>
          <li>
            {t('growth.rights.rules.engagement', {
              per1000: rules.engagement.per1000Plays,
              perFan: rules.engagement.perNewFan,
              cap: rules.engagement.dailyCap,
            })}
          </li>
          <li>
            {t('growth.rights.rules.credit')}
            <div className="cc-rights-rule-detail">
              {rules.credit.bands.map((b) => (
                <Tag key={b.minScore}>
                  {t('growth.rights.rules.band', {
                    min: b.minScore,
                    points: t('growth.rights.perDay', { points: signed(b.points) }),
                  })}
                </Tag>
              ))}
            </div>
            <Typography.Text type="secondary">{t('growth.rights.rules.bandNote')}</Typography.Text>
          </li>
          <li>{t('growth.rights.rules.task')}</li>
        </ul>
      </section>
    </>
  );
}
