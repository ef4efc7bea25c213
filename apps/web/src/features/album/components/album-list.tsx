import { Button, Space, Tabs, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ContentListItem, ContentStatus } from '@cc/contracts';
import { useFormatCount } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import {
  DateTimeCell,
  DeleteContentButton,
  LinkButton,
  rejectionRuleRef,
  StatusTag,
  useContentList,
  WorkTitleCell,
  WorksTable,
} from '../../../components/content-table';
import { RuleLink } from '../../../components/rule-link';
import { useAlbumDetail } from '../api/album-api';
import { useTopicList } from '../../../components/work-pickers';
import { albumEditorPath } from '../logic';
import { AlbumPreview } from './album-preview';
import './album.css';

export const ALBUM_LIST_PAGE_SIZE = 10;

/** The status tabs of the list, in order; `all` is every status but deleted. */
export const ALBUM_STATUS_TABS = ['all', 'published', 'reviewing', 'scheduled', 'rejected', 'draft'] as const;
export type AlbumStatusTab = (typeof ALBUM_STATUS_TABS)[number];

/**
 * The author's image collections (issue #10 "Image collections: … list page, edit, preview"; spec §2
 * `imageCollection`): `GET /api/content/list?type=album` by status tab, each with its cover, title, status (colour,
 * word and icon), views, published time, and edit / preview / delete (with confirmation); a refused album shows
 * its reason beside its edit button. Loading, empty ("publish an image collection") and error (retry) states.
 */
export function AlbumList({
  status,
  page,
  onChange,
}: {
  status: AlbumStatusTab;
  page: number;
  onChange(next: { status?: AlbumStatusTab; page?: number }): void;
}) {
  const { t, i18n } = useTranslation();
  const formatCount = useFormatCount();
  // `?preview=N` opens an album's preview at once (content management's "preview" links here, issue #10)
  const [searchParams] = useSearchParams();
  const [previewId, setPreviewId] = useState<number | undefined>(
    () => Number(searchParams.get('preview')) || undefined,
  );
  const list = useContentList({
    type: 'album',
    status: status === 'all' ? undefined : status,
    page,
    pageSize: ALBUM_LIST_PAGE_SIZE,
  });

  const columns: TableColumnsType<ContentListItem> = [
    {
      title: t('content.columns.title'),
      dataIndex: 'title',
      render: (_, item) => <WorkTitleCell item={item} />,
    },
    {
      title: t('content.columns.status'),
      dataIndex: 'status',
      width: 116,
      render: (s: ContentStatus, item) => <StatusTag status={s} rejectReason={item.rejectReason} />,
    },
    {
      title: t('album.list.views'),
      width: 88,
      render: (_, item) => (
        <span className="cc-tabular" data-testid="album-views">
          {formatCount(item.stats.views)}
        </span>
      ),
    },
    {
      title: t('album.list.publishedAt'),
      dataIndex: 'publishedAt',
      width: 116,
      render: (v: string | null) => <DateTimeCell value={v} />,
    },
    {
      title: t('content.columns.actions'),
      width: i18n.language === 'en-US' ? 284 : 244,
      render: (_, item) => (
        <div>
          <Space size={0} className="cc-nowrap">
            <LinkButton
              to={albumEditorPath(item.id)}
              type="link"
              size="small"
              icon={<EditOutlined />}
              data-testid="album-edit"
            >
              {item.status === 'rejected' ? t('album.list.editAgain') : t('common.edit')}
            </LinkButton>
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              data-testid="album-preview-open"
              onClick={() => setPreviewId(item.id)}
            >
              {t('common.preview')}
            </Button>
            <DeleteContentButton item={item} />
          </Space>
          {item.status === 'rejected' && item.rejectReason ? (
            <>
              <Typography.Paragraph
                type="danger"
                className="cc-album-reason"
                ellipsis={{ rows: 2, tooltip: item.rejectReason }}
                data-testid="album-reject-reason"
              >
                {t('content.rejectReason', { reason: item.rejectReason })}
              </Typography.Paragraph>
              <RuleLink ruleRef={rejectionRuleRef(item)} />
            </>
          ) : null}
        </div>
      ),
    },
  ];

  const isFiltered = status !== 'all';
  return (
    <div>
      <Tabs
        activeKey={status}
        onChange={(key) => onChange({ status: key as AlbumStatusTab, page: 1 })}
        items={ALBUM_STATUS_TABS.map((key) => ({
          key,
          label: key === 'all' ? t('album.list.all') : t(`content.status.${key}`),
        }))}
      />
      {list.isPending ? (
        <LoadingState rows={6} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 && !isFiltered ? (
        <EmptyState
          description={t('album.list.empty')}
          action={
            <LinkButton
              to={albumEditorPath()}
              type="primary"
              icon={<PlusOutlined />}
              data-testid="album-empty-publish"
            >
              {t('album.list.publish')}
            </LinkButton>
          }
        />
      ) : (
        <WorksTable
          data={list.data}
          refreshing={list.isFetching && list.isPlaceholderData}
          columns={columns}
          page={page}
          pageSize={ALBUM_LIST_PAGE_SIZE}
          onPageChange={(p) => onChange({ page: p })}
          emptyText={<EmptyState description={t('album.list.emptyStatus')} />}
          data-testid="album-table"
        />
      )}
      <ListPreview id={previewId} onClose={() => setPreviewId(undefined)} />
    </div>
  );
}

/** The preview of a listed album: its detail is loaded when opened. */
function ListPreview({ id, onClose }: { id: number | undefined; onClose(): void }) {
  const detail = useAlbumDetail(id);
  const topics = useTopicList();
  const d = detail.data;
  return (
    <AlbumPreview
      open={Boolean(id && d)}
      onClose={onClose}
      title={d?.title ?? ''}
      images={d?.images ?? []}
      carSeries={d?.carSeries}
      topicName={topics.data?.find((tp) => tp.id === d?.topicId)?.name ?? null}
    />
  );
}
