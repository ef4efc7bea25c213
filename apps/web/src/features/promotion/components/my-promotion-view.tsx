import { useMemo } from 'react';
import {
  App,
  Button,
  Descriptions,
  Popconfirm,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  PROMOTION_STATES,
  type PromotionDetail,
  type PromotionItem,
  type PromotionState,
} from '@cc/contracts';
import { EChart } from '../../../components/echart';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate, useFormatCount } from '../../../lib/format';
import { tabularNums } from '../../../lib/theme';
import { useQueryState } from '../../../lib/use-query-state';
import { usePromotionDetail, usePromotions, useStopPromotion } from '../api';
import { costText, trafficOption, yuan } from '../logic';
import './promotion.css';

const TABS = ['all', ...PROMOTION_STATES] as const;

/** A promotion's state as a tag with its word, and why it ended. */
export function PromotionStateTag({ p }: { p: Pick<PromotionItem, 'state' | 'stopReason'> }) {
  const { t } = useTranslation();
  if (p.state === 'running') return <Tag color="processing">{t('promotion.states.running')}</Tag>;
  return (
    <Tag>
      {t('promotion.states.ended')}
      {p.stopReason ? ` · ${t(`promotion.stopReasons.${p.stopReason}`)}` : ''}
    </Tag>
  );
}

/**
 * `/growthInterest/myPromotion` (spec §2, issue #14 "delivery, cost per view and per new fan, natural vs promoted
 * traffic"): my promotions with what they delivered and cost, a stop button for running ones, and for the one
 * chosen (`?id=`) its promoted vs natural views per hour as a chart.
 */
export function MyPromotionView() {
  const { t } = useTranslation();
  const qs = useQueryState({ tab: 'all', page: '1', id: '' });
  const tab = TABS.find((x) => x === qs.get('tab')) ?? 'all';
  const page = Math.max(1, Number(qs.get('page')) || 1);
  const selected = Number(qs.get('id')) || undefined;
  return (
    <div className="cc-promotion-page">
      <section className="cc-card" aria-labelledby="mine-title">
        <div className="cc-promotion-head">
          <h1 className="cc-page-title" id="mine-title">
            {t('promotion.mine.title')}
          </h1>
          <Link to="/growthInterest/growthBoost">{t('promotion.mine.toBoost')}</Link>
        </div>
        <Typography.Paragraph type="secondary">{t('promotion.mine.intro')}</Typography.Paragraph>
        <Tabs
          activeKey={tab}
          onChange={(key) => qs.set({ tab: key, page: undefined })}
          items={TABS.map((key) => ({ key, label: t(`promotion.mine.tabs.${key}`) }))}
        />
        <PromotionTable
          state={tab === 'all' ? undefined : tab}
          page={page}
          selected={selected}
          onPage={(p) => qs.set({ page: p })}
          onSelect={(id) => qs.set({ id })}
        />
      </section>
      {selected !== undefined ? <PromotionDetailCard id={selected} /> : null}
    </div>
  );
}

function PromotionTable(props: {
  state: PromotionState | undefined;
  page: number;
  selected: number | undefined;
  onPage: (page: number) => void;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatCount = useFormatCount();
  const list = usePromotions(props.state, props.page, 10);
  if (list.isPending) return <LoadingState rows={5} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0)
    return (
      <EmptyState
        description={t(`promotion.mine.empty.${props.state ?? 'all'}`)}
        action={
          <Button type="primary" onClick={() => void navigate('/growthInterest/growthBoost')}>
            {t('promotion.mine.promoteAction')}
          </Button>
        }
      />
    );
  const money = (fen: number) => (
    <span style={tabularNums}>{t('promotion.yuanValue', { value: yuan(fen) })}</span>
  );
  const cost = (fen: number | null) => (
    <span style={tabularNums}>{fen === null ? '—' : t('promotion.yuanValue', { value: costText(fen) })}</span>
  );
  const columns: TableColumnsType<PromotionItem> = [
    {
      title: t('promotion.mine.cols.work'),
      key: 'work',
      render: (_, p) => (
        <div>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            onClick={() => props.onSelect(p.id)}
            aria-pressed={props.selected === p.id}
          >
            {p.contentTitle}
          </Button>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`promotion.goals.${p.goal}`)} · {t('promotion.hoursValue', { count: p.hours })} ·{' '}
              {formatDate(p.startsAt, 'MM-DD HH:mm')}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { title: t('promotion.mine.cols.state'), key: 'state', render: (_, p) => <PromotionStateTag p={p} /> },
    {
      title: t('promotion.mine.cols.delivery'),
      key: 'delivery',
      align: 'right',
      render: (_, p) => (
        <span style={tabularNums} data-testid="promotion-delivery">
          {t('promotion.mine.deliveryValue', {
            impressions: formatCount(p.impressions),
            views: formatCount(p.views),
            fans: formatCount(p.fans),
          })}
        </span>
      ),
    },
    {
      title: t('promotion.mine.cols.spent'),
      key: 'spent',
      align: 'right',
      render: (_, p) => (
        <span data-testid="promotion-spent">
          {money(p.spentFen)} / {money(p.budgetFen)}
        </span>
      ),
    },
    {
      title: t('promotion.mine.cols.costPerView'),
      key: 'cpv',
      align: 'right',
      render: (_, p) => cost(p.costPerViewFen),
    },
    {
      title: t('promotion.mine.cols.costPerFan'),
      key: 'cpf',
      align: 'right',
      render: (_, p) => cost(p.costPerFanFen),
    },
    {
      title: t('promotion.mine.cols.refunded'),
      key: 'refunded',
      align: 'right',
      render: (_, p) => (p.state === 'ended' ? money(p.refundedFen) : '—'),
    },
    {
      title: t('promotion.mine.cols.actions'),
      key: 'actions',
      render: (_, p) => (p.state === 'running' ? <StopButton p={p} /> : null),
    },
  ];
  return (
    <Table<PromotionItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.data.list}
      rowClassName={(p) => (p.id === props.selected ? 'cc-promotion-row-selected' : '')}
      scroll={{ x: 900 }}
      pagination={{
        current: props.page,
        pageSize: list.data.pageSize,
        total: list.data.total,
        hideOnSinglePage: true,
        onChange: props.onPage,
      }}
      data-testid="promotion-table"
    />
  );
}

function StopButton({ p }: { p: PromotionItem }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const stop = useStopPromotion();
  return (
    <Popconfirm
      title={t('promotion.stop.confirm')}
      description={t('promotion.stop.confirmBody')}
      okText={t('promotion.stop.ok')}
      cancelText={t('promotion.stop.cancel')}
      onConfirm={() =>
        stop.mutateAsync(p.id).then(
          (done) => void message.success(t('promotion.stop.done', { amount: yuan(done.refundedFen) })),
          (e: unknown) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k))),
        )
      }
    >
      <Button
        danger
        size="small"
        loading={stop.isPending}
        aria-label={t('promotion.stop.aria', { title: p.contentTitle })}
      >
        {t('promotion.stop.button')}
      </Button>
    </Popconfirm>
  );
}

function PromotionDetailCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = usePromotionDetail(id);
  let body;
  if (detail.isPending) body = <LoadingState rows={6} />;
  else if (detail.isError) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else body = <DetailBody p={detail.data} />;
  return (
    <section className="cc-card" aria-labelledby="promotion-detail-title" data-testid="promotion-detail">
      <h2 className="cc-section-title" id="promotion-detail-title">
        {detail.data
          ? t('promotion.detail.title', { title: detail.data.contentTitle })
          : t('promotion.detail.loading')}
      </h2>
      {body}
    </section>
  );
}

function DetailBody({ p }: { p: PromotionDetail }) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const option = useMemo(
    () =>
      trafficOption(p.series, {
        promoted: t('promotion.detail.promotedViews'),
        natural: t('promotion.detail.naturalViews'),
        fans: t('promotion.detail.fans'),
      }),
    [p.series, t],
  );
  const totalViews = p.traffic.promotedViews + p.traffic.naturalViews;
  const promotedShare = totalViews > 0 ? Math.round((p.traffic.promotedViews / totalViews) * 100) : 0;
  const money = (fen: number) => t('promotion.yuanValue', { value: yuan(fen) });
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
        <Descriptions.Item label={t('promotion.mine.cols.state')}>
          <PromotionStateTag p={p} />
        </Descriptions.Item>
        <Descriptions.Item label={t('promotion.detail.window')}>
          {formatDate(p.startsAt, 'YYYY-MM-DD HH:mm')} –{' '}
          {formatDate(p.stoppedAt ?? p.endsAt, 'YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
        <Descriptions.Item label={t('promotion.detail.price')}>
          {t(`promotion.detail.priceValue.${p.goal}`, { value: yuan(p.unitPriceFen) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('promotion.detail.paid')}>
          {t('promotion.detail.paidValue', { coupon: yuan(p.couponFen), cash: yuan(p.cashFen) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('promotion.mine.cols.spent')}>
          <span style={tabularNums} data-testid="detail-spent">
            {money(p.spentFen)} / {money(p.budgetFen)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('promotion.mine.cols.refunded')}>
          {p.state === 'ended' ? money(p.refundedFen) : t('promotion.detail.refundLater')}
        </Descriptions.Item>
        <Descriptions.Item label={t('promotion.mine.cols.costPerView')}>
          {p.costPerViewFen === null ? '—' : t('promotion.yuanValue', { value: costText(p.costPerViewFen) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('promotion.mine.cols.costPerFan')}>
          <span data-testid="detail-cost-per-fan">
            {p.costPerFanFen === null ? '—' : t('promotion.yuanValue', { value: costText(p.costPerFanFen) })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('promotion.detail.targeting')}>
          <TargetingText p={p} />
        </Descriptions.Item>
      </Descriptions>
      <ul className="cc-promotion-traffic" data-testid="promotion-traffic">
        <li>
          <Typography.Text type="secondary">{t('promotion.detail.promotedViews')}</Typography.Text>
          <span style={tabularNums}>{formatCount(p.traffic.promotedViews)}</span>
        </li>
        <li>
          <Typography.Text type="secondary">{t('promotion.detail.naturalViews')}</Typography.Text>
          <span style={tabularNums}>{formatCount(p.traffic.naturalViews)}</span>
        </li>
        <li>
          <Typography.Text type="secondary">{t('promotion.detail.promotedImpressions')}</Typography.Text>
          <span style={tabularNums}>{formatCount(p.traffic.promotedImpressions)}</span>
        </li>
        <li>
          <Typography.Text type="secondary">{t('promotion.detail.fans')}</Typography.Text>
          <span style={tabularNums}>{formatCount(p.fans)}</span>
        </li>
        <li>
          <Typography.Text type="secondary">{t('promotion.detail.share')}</Typography.Text>
          <span style={tabularNums}>{promotedShare}%</span>
        </li>
      </ul>
      {totalViews === 0 && p.fans === 0 ? (
        <EmptyState description={t(`promotion.detail.noTraffic.${p.state}`)} />
      ) : (
        <EChart
          option={option}
          height={300}
          ariaLabel={t('promotion.detail.chartAria', {
            hours: p.series.length,
            promoted: p.traffic.promotedViews,
            natural: p.traffic.naturalViews,
            fans: p.fans,
          })}
        />
      )}
    </>
  );
}

function TargetingText({ p }: { p: PromotionDetail }) {
  const { t, i18n } = useTranslation();
  const sep = i18n.language === 'zh-CN' ? '、' : ', ';
  const parts = [
    p.targeting.gender ? t(`fans.genders.${p.targeting.gender}`) : null,
    p.targeting.ageBands?.length ? p.targeting.ageBands.map((b) => t(`fans.ageBands.${b}`)).join(sep) : null,
    p.targeting.regions?.length ? p.targeting.regions.map((r) => t(`fans.regions.${r}`)).join(sep) : null,
  ].filter(Boolean);
  return <>{parts.length > 0 ? parts.join(' · ') : t('promotion.form.everyone')}</>;
}
