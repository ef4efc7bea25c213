import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ActivityEntry } from '@cc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatCount } from '../../../lib/format';

/**
 * Entries with their numbers inside the window, score, rank and prize (issue #15): the ranking, my entries and
 * the operators' entries share it. `actions` renders a last column when given.
 */
export function EntriesTable({
  entries,
  showAuthor = true,
  actions,
  testId,
}: {
  entries: ActivityEntry[];
  showAuthor?: boolean;
  actions?: (e: ActivityEntry) => ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const num = (key: 'views' | 'likes' | 'comments' | 'fans' | 'score') => ({
    title: t(`activity.columns.${key}`),
    key,
    align: 'right' as const,
    className: 'cc-tabular',
    render: (_: unknown, e: ActivityEntry) => (
      <span data-testid={`entry-${e.id}-${key}`}>{count(e.numbers[key])}</span>
    ),
  });
  const columns: TableColumnsType<ActivityEntry> = [
    {
      title: t('activity.columns.rank'),
      key: 'rank',
      width: 72,
      className: 'cc-tabular',
      render: (_, e) => e.rank ?? '—',
    },
    {
      title: t('activity.columns.work'),
      key: 'work',
      render: (_, e) => (
        <span>
          {e.contentTitle} <Tag>{t(`activity.types.${e.contentType}`)}</Tag>
          {e.state === 'disqualified' ? (
            <Typography.Text style={{ display: 'block', color: '#a8071a' }}>
              {t('activity.detail.disqualified', { reason: e.reason ?? '' })}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    ...(showAuthor ? [{ title: t('activity.columns.author'), dataIndex: 'authorName', key: 'author' }] : []),
    num('views'),
    num('likes'),
    num('comments'),
    num('fans'),
    num('score'),
    { title: t('activity.columns.prize'), key: 'prize', render: (_, e) => e.prize ?? '—' },
    ...(actions
      ? [
          {
            title: t('activity.columns.actions'),
            key: 'actions',
            render: (_: unknown, e: ActivityEntry) => actions(e),
          },
        ]
      : []),
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={entries}
      pagination={false}
      scroll={{ x: true }}
      data-testid={testId}
    />
  );
}
