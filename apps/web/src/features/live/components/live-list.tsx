import { Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContentListItem, ContentStatus, LiveDetail } from '@cc/contracts';
import {
  DeleteContentButton,
  LinkButton,
  StatusTag,
  useContentList,
  WorkTitleCell,
  WorksTable,
} from '../../../components/content-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { useLiveDetails } from '../api/live-api';
import { LiveActions } from './live-actions';
import { LiveStateTag } from './live-state-tag';

export const LIVE_LIST_PAGE_SIZE = 10;

/** Where one show opens (`/liveShow?id=N`); the page of the list lives in the query string too. */
export const liveShowPath = (id?: number) => (id ? `/liveShow?id=${id}` : '/liveShow?new=1');

/**
 * The author's live shows (issue #10 "Live shows"): `content/list` type `live`, each with its `live/detail` for
 * the state and the start time — cover and title with the start time under it, the state (upcoming / live / ended,
 * colour + icon + word), the review status (the reason of a rejection on hover), and per row "manage", the state
 * button of its state ("go live" / "end") and delete. Loading, empty ("schedule your first live show") and error
 * (retry) states.
 */
export function LiveList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const list = useContentList({ type: 'live', page, pageSize: LIVE_LIST_PAGE_SIZE });
  const ids = list.data?.list.map((i) => i.id) ?? [];
  const details = useLiveDetails(ids);
  const byId = new Map<number, LiveDetail>();
  for (const d of details) if (d.data) byId.set(d.data.id, d.data);

  const columns: TableColumnsType<ContentListItem> = [
    {
      title: t('live.list.show'),
      dataIndex: 'title',
      render: (_, item) => {
        const d = byId.get(item.id);
        return (
          <WorkTitleCell
            item={item}
            subtitle={d ? t('live.list.startsAt', { time: formatDate(d.startAt, 'YYYY-MM-DD HH:mm') }) : ' '}
          />
        );
      },
    },
    {
      title: t('live.list.state'),
      width: 104,
      render: (_, item) => {
        const d = byId.get(item.id);
        return d ? <LiveStateTag state={d.state} /> : <Tag>…</Tag>;
      },
    },
    {
      title: t('live.list.review'),
      dataIndex: 'status',
      width: 112,
      render: (s: ContentStatus, item) => <StatusTag status={s} rejectReason={item.rejectReason} />,
    },
    {
      title: t('content.columns.actions'),
      width: i18n.language === 'en-US' ? 300 : 264,
      render: (_, item) => {
        const d = byId.get(item.id);
        return (
          <Space size={4} className="cc-nowrap">
            <LinkButton
              to={liveShowPath(item.id)}
              type="link"
              size="small"
              icon={<SettingOutlined />}
              aria-label={`${t('live.list.manage')}: ${item.title}`}
            >
              {t('live.list.manage')}
            </LinkButton>
            {d ? <LiveActions show={d} size="small" /> : null}
            <DeleteContentButton item={item} />
          </Space>
        );
      },
    },
  ];

  if (list.isPending) return <LoadingState rows={6} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0)
    return (
      <EmptyState
        description={t('live.list.empty')}
        action={
          <LinkButton to={liveShowPath()} type="primary" icon={<PlusOutlined />}>
            {t('live.schedule')}
          </LinkButton>
        }
      />
    );
  return (
    <WorksTable
      data={list.data}
      refreshing={list.isFetching && list.isPlaceholderData}
      columns={columns}
      page={page}
      pageSize={LIVE_LIST_PAGE_SIZE}
      onPageChange={onPageChange}
      data-testid="live-table"
    />
  );
}
