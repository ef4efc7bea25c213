import { Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { METRIC_DEFINITIONS, type MetricDefinition } from '@cc/contracts';
import { useUiLanguage } from './parts';

/**
 * `/stat_param` (spec §2, issue #12): the definition of every metric — name, field, unit, how it is computed and
 * from which events — generated from contracts METRIC_DEFINITIONS (the rules the server's rollups implement) in
 * the page's language; no second copy of the texts.
 */
export function StatParams() {
  const { t } = useTranslation();
  const lang = useUiLanguage();
  const columns: TableProps<MetricDefinition>['columns'] = [
    {
      key: 'name',
      title: t('data.statParam.columns.name'),
      width: 160,
      render: (_: unknown, d) => (
        <div>
          <Typography.Text strong>{d.name[lang]}</Typography.Text>
          <div>
            <Typography.Text type="secondary" code>
              {d.key}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'unit',
      title: t('data.statParam.columns.unit'),
      width: 160,
      render: (_: unknown, d) => t(`data.statParam.units.${d.unit}`),
    },
    {
      key: 'definition',
      title: t('data.statParam.columns.definition'),
      render: (_: unknown, d) => d.definition[lang],
    },
    {
      key: 'events',
      title: t('data.statParam.columns.events'),
      width: 200,
      render: (_: unknown, d) =>
        d.events.map((e) => (
          <Tag key={e} variant="filled">
            <code>{e}</code>
          </Tag>
        )),
    },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('data.statParam.intro')}</Typography.Paragraph>
      <Table<MetricDefinition>
        rowKey="key"
        columns={columns}
        dataSource={[...METRIC_DEFINITIONS]}
        pagination={false}
        size="middle"
        onRow={(d) => ({ 'data-testid': `stat-param-${d.key}` }) as React.HTMLAttributes<HTMLElement>}
        data-testid="stat-params"
      />
    </>
  );
}
