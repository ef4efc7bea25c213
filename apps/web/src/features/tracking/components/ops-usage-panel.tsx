import { TRACKING_USAGE_MAX_DAYS, type TrackingAction, type TrackingUsage } from '@cc/contracts';
import { Card, Col, DatePicker, Row, Space, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartsCoreOption } from '../../../components/echart';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { CHART_PALETTE } from '../../../lib/chart-palette';
import { useTrackingUsage } from '../api/usage-api';

const DAY = 'YYYY-MM-DD';

/** The line chart of active authors per day. */
function activeAuthorsOption(data: TrackingUsage, seriesName: string): EChartsCoreOption {
  return {
    color: [CHART_PALETTE[0]],
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: data.activeAuthors.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: seriesName,
        type: 'line',
        smooth: false,
        data: data.activeAuthors.map((d) => d.authors),
        areaStyle: {},
      },
    ],
  };
}

/**
 * The operators' product-usage tab of /ops/review (issue #15): for a period (default the last 14 days), active
 * authors per day (a chart), the upload → publish funnel, the most viewed pages and the key actions — all from
 * the tracking table (`GET /api/ops/tracking/usage`).
 */
export function OpsUsagePanel() {
  const { t } = useTranslation();
  // none chosen: the server's default period (the last 14 days up to today in REPORT_TZ, which this browser's
  // calendar may not share)
  const [chosen, setChosen] = useState<[Dayjs, Dayjs] | null>(null);
  const usage = useTrackingUsage(chosen ? { from: chosen[0].format(DAY), to: chosen[1].format(DAY) } : {});
  const range: [Dayjs, Dayjs] | null =
    chosen ?? (usage.data ? [dayjs(usage.data.from), dayjs(usage.data.to)] : null);
  const option = useMemo(
    () => (usage.data ? activeAuthorsOption(usage.data, t('tracking.usage.authorsSeries')) : null),
    [usage.data, t],
  );
  const actionName = (a: TrackingAction) => t(`tracking.usage.actionNames.${a}`);

  const picker = (
    <Space wrap>
      <Typography.Text>{t('tracking.usage.period')}</Typography.Text>
      <DatePicker.RangePicker
        value={range}
        allowClear={false}
        aria-label={t('tracking.usage.period')}
        disabledDate={(d) => d.isAfter(dayjs().add(1, 'day'), 'day')}
        onChange={(v) => {
          if (!v?.[0] || !v[1]) return;
          const [from, to] = v as [Dayjs, Dayjs];
          // at most TRACKING_USAGE_MAX_DAYS days: a longer pick keeps its end
          setChosen(
            to.diff(from, 'day') + 1 > TRACKING_USAGE_MAX_DAYS
              ? [to.subtract(TRACKING_USAGE_MAX_DAYS - 1, 'day'), to]
              : [from, to],
          );
        }}
      />
    </Space>
  );

  if (usage.isPending) return <LoadingState rows={6} />;
  if (usage.isError) return <ErrorState error={usage.error} onRetry={() => void usage.refetch()} />;
  const data = usage.data;
  const { uploaded, published } = data.funnel;
  const rate = uploaded > 0 ? Math.round((published / uploaded) * 1000) / 10 : 0;

  return (
    <div className="cc-ops-usage" data-testid="ops-usage">
      <Typography.Paragraph type="secondary">
        {t('tracking.usage.intro', { tz: data.timeZone })}
      </Typography.Paragraph>
      {picker}
      {data.totalAuthors === 0 ? (
        <EmptyState description={t('tracking.usage.empty')} />
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} md={6}>
              <Card size="small">
                <Statistic title={t('tracking.usage.totalAuthors')} value={data.totalAuthors} />
              </Card>
            </Col>
            <Col xs={24} md={18}>
              <Card size="small" title={t('tracking.usage.funnel')}>
                <Row gutter={16}>
                  <Col span={8}>
                    <Statistic title={t('tracking.usage.uploaded')} value={uploaded} />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('tracking.usage.published')} value={published} />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('tracking.usage.conversion')} value={rate} suffix="%" />
                  </Col>
                </Row>
                <Typography.Text type="secondary">{t('tracking.usage.funnelHelp')}</Typography.Text>
              </Card>
            </Col>
          </Row>
          <h3 className="cc-section-title" style={{ marginTop: 16 }}>
            {t('tracking.usage.activeAuthors')}
          </h3>
          {option ? (
            <EChart
              option={option}
              height={260}
              ariaLabel={t('tracking.usage.chartLabel', { from: data.from, to: data.to })}
            />
          ) : null}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={15}>
              <h3 className="cc-section-title">{t('tracking.usage.topPages')}</h3>
              <Table
                size="small"
                rowKey="path"
                pagination={false}
                dataSource={data.topPages}
                columns={[
                  { title: t('tracking.usage.path'), dataIndex: 'path' },
                  { title: t('tracking.usage.pageTitle'), dataIndex: 'pageTitle' },
                  {
                    title: t('tracking.usage.views'),
                    dataIndex: 'views',
                    align: 'right',
                    className: 'cc-tabular',
                  },
                  {
                    title: t('tracking.usage.authors'),
                    dataIndex: 'authors',
                    align: 'right',
                    className: 'cc-tabular',
                  },
                ]}
              />
            </Col>
            <Col xs={24} lg={9}>
              <h3 className="cc-section-title">{t('tracking.usage.actions')}</h3>
              <Table
                size="small"
                rowKey="action"
                pagination={false}
                dataSource={data.actions}
                columns={[
                  {
                    title: t('tracking.usage.action'),
                    dataIndex: 'action',
                    render: (a: TrackingAction) => actionName(a),
                  },
                  {
                    title: t('tracking.usage.count'),
                    dataIndex: 'count',
                    align: 'right',
                    className: 'cc-tabular',
                  },
                  {
                    title: t('tracking.usage.authors'),
                    dataIndex: 'authors',
                    align: 'right',
                    className: 'cc-tabular',
                  },
                ]}
              />
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
