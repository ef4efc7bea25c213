import { useMemo } from 'react';
import { Button, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  INFLUENCE_COMPONENT_NAMES,
  INFLUENCE_SCALE,
  INFLUENCE_TERM_RULES,
  type InfluenceComponent,
  type InfluenceIndex,
} from '@cc/contracts';
import { EChart } from '../../../components/echart';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate, useFormatCount } from '../../../lib/format';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../lib/i18n';
import { tabularNums } from '../../../lib/theme';
import { useInfluenceIndex } from '../api';
import { BOARD_PATHS, componentsOption, formatPoints, formatTermValue, historyOption } from '../logic';
import './influence.css';

/** The UI language as one of ours (the contracts' bilingual texts are picked by it). */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;
}

/** "Data as of 2026-03-05 10:00" (every figure shows its time, issue #12). */
export function AsOf({ time }: { time: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="as-of">
      {t('influence.asOf', { time: formatDate(time, 'YYYY-MM-DD HH:mm') })}
    </Typography.Text>
  );
}

/**
 * The influence index page (`exponent`, `manage/influenceIndex`; issue #12, docs/api.md "Influence index and
 * rankings"): the score of the latest computed day out of 1000 with its time, the four components as bars and
 * every term with its input and points (explained from the contracts' published formula), and the 90-day history.
 */
export function InfluenceIndexView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const index = useInfluenceIndex();
  let body;
  if (index.isPending) body = <LoadingState rows={8} />;
  else if (index.isError) body = <ErrorState error={index.error} onRetry={() => void index.refetch()} />;
  else if (index.data.score === null) {
    body = (
      <EmptyState
        description={
          <>
            <div>{t('influence.noIndex')}</div>
            <Typography.Text type="secondary">{t('influence.noIndexHint')}</Typography.Text>
          </>
        }
        action={
          <Button type="primary" onClick={() => void navigate('/article')}>
            {t('influence.publishAction')}
          </Button>
        }
      />
    );
  } else body = <IndexBody index={index.data} score={index.data.score} />;
  return (
    <div className="cc-influence-page">
      <section className="cc-card" aria-labelledby="influence-title">
        <div className="cc-influence-head">
          <h1 className="cc-page-title" id="influence-title">
            {t('influence.title')}
          </h1>
          <Link to={`/${BOARD_PATHS.influence}`}>{t('influence.formula.toRank')}</Link>
        </div>
        <Typography.Paragraph type="secondary">{t('influence.intro')}</Typography.Paragraph>
      </section>
      {body}
    </div>
  );
}

function IndexBody({ index, score }: { index: InfluenceIndex; score: number }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="cc-card cc-influence-score" aria-label={t('influence.score')}>
        <div>
          <Typography.Text type="secondary">{t('influence.score')}</Typography.Text>
          <div className="cc-influence-score-value" style={tabularNums} data-testid="influence-score">
            {formatPoints(score)}
          </div>
          <Typography.Text type="secondary">{t('influence.outOf', { max: INFLUENCE_SCALE })}</Typography.Text>
        </div>
        <div className="cc-influence-score-meta">
          <Typography.Text>{t('influence.day', { day: index.day })}</Typography.Text>
          <AsOf time={index.asOf} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('influence.version', { version: index.formulaVersion })}
          </Typography.Text>
        </div>
      </section>
      <ComponentsCard components={index.components} />
      <HistoryCard history={index.history} />
    </>
  );
}

/** One row of the terms table: a component's term or the component itself. */
interface TermRow {
  key: string;
  component: InfluenceComponent['key'];
  name: string;
  definition: string;
  value: string;
  points: number;
  max: number;
}

function ComponentsCard({ components }: { components: InfluenceComponent[] }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const formatCount = useFormatCount();
  const name = (key: InfluenceComponent['key']) => INFLUENCE_COMPONENT_NAMES[key][lang];
  const option = useMemo(
    () =>
      componentsOption(components, (key) => INFLUENCE_COMPONENT_NAMES[key][lang], {
        points: t('influence.components.points'),
        remaining: t('influence.components.remaining'),
      }),
    [components, lang, t],
  );
  const rows: TermRow[] = components.flatMap((c) =>
    c.terms.map((term) => {
      const rule = INFLUENCE_TERM_RULES.find((r) => r.key === term.key);
      return {
        key: term.key,
        component: c.key,
        name: rule?.name[lang] ?? term.key,
        definition: rule?.definition[lang] ?? '',
        value: formatTermValue(term.key, term.value, lang),
        points: term.points,
        max: term.max,
      };
    }),
  );
  const columns: TableColumnsType<TermRow> = [
    {
      title: t('influence.components.term'),
      key: 'name',
      render: (_, r) => (
        <div>
          <Typography.Text strong>{r.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
            {name(r.component)}
          </Typography.Text>
          <div className="cc-influence-term-definition">{r.definition}</div>
        </div>
      ),
    },
    {
      title: t('influence.components.value'),
      key: 'value',
      align: 'right',
      width: 140,
      render: (_, r) => (
        <span style={tabularNums} data-testid="term-value">
          {r.value}
        </span>
      ),
    },
    {
      title: t('influence.components.earned'),
      key: 'points',
      align: 'right',
      width: 120,
      render: (_, r) => (
        <span style={tabularNums} data-testid="term-points">
          {formatPoints(r.points)} / {formatCount(r.max)}
        </span>
      ),
    },
  ];
  const aria = t('influence.components.aria', {
    parts: components
      .map((c) =>
        t('influence.components.part', { name: name(c.key), points: formatPoints(c.points), max: c.max }),
      )
      .join(lang === 'zh-CN' ? '，' : ', '),
  });
  return (
    <section className="cc-card" aria-labelledby="influence-components" data-testid="influence-components">
      <h2 className="cc-section-title" id="influence-components">
        {t('influence.components.title')}
      </h2>
      <EChart option={option} height={200} ariaLabel={aria} />
      <ul className="cc-influence-parts">
        {components.map((c) => (
          <li key={c.key} data-testid={`component-${c.key}`}>
            <Typography.Text type="secondary">{name(c.key)}</Typography.Text>
            <span className="cc-influence-part-points" style={tabularNums}>
              {formatPoints(c.points)}
            </span>
            <Typography.Text type="secondary">/ {c.max}</Typography.Text>
          </li>
        ))}
      </ul>
      <Table<TermRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        data-testid="influence-terms"
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
        {t('influence.formula.body')} {t('influence.components.termsNote')}
      </Typography.Paragraph>
    </section>
  );
}

function HistoryCard({ history }: { history: InfluenceIndex['history'] }) {
  const { t } = useTranslation();
  const option = useMemo(() => historyOption(history, t('influence.history.series')), [history, t]);
  let body;
  if (history.length < 2) body = <EmptyState description={t('influence.history.empty')} />;
  else {
    body = (
      <EChart
        option={option}
        height={280}
        ariaLabel={t('influence.history.aria', {
          start: history[0]!.day,
          end: history[history.length - 1]!.day,
          score: formatPoints(history[history.length - 1]!.score),
          max: formatPoints(Math.max(...history.map((h) => h.score))),
        })}
      />
    );
  }
  return (
    <section className="cc-card" aria-labelledby="influence-history" data-testid="influence-history">
      <h2 className="cc-section-title" id="influence-history">
        {t('influence.history.title')}
      </h2>
      {body}
    </section>
  );
}
