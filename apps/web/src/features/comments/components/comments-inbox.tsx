import { App, Badge, Button, Popconfirm, Tabs } from 'antd';
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentCounts } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ERROR_COLOR } from '../../../lib/theme';
import { useCommentCounts, useCommentList, useMarkRead } from '../api/comments-api';
import { INBOX_TABS, isFiltered, listParamOf, type CommentFilters, type InboxTab } from '../logic';
import { BulkBar } from './bulk-bar';
import { CommentFilterBar } from './comment-filters';
import { CommentTable } from './comment-table';
import { ReplyPopup } from './reply-popup';
import { SettingsDrawer } from './settings-drawer';
import { ThreadDrawer } from './thread-drawer';
import { useErrorText } from './use-error-text';
import './comments.css';

/** The held badge's colour: the warning hue dark enough for white digits (AA). */
const HELD_BADGE_COLOR = '#874d00';

/** What the inbox reads from and writes to its address (the route owns the address). */
export interface CommentsInboxProps {
  filters: CommentFilters;
  tab: InboxTab;
  /** the open thread's top-level comment (`?thread=`) */
  threadId: number | undefined;
  /** the comment the reply popup answers (`/popReply?commentId=`) */
  replyId: number | undefined;
  settingsOpen: boolean;
  onFiltersChange(next: Partial<CommentFilters>): void;
  onTabChange(tab: InboxTab): void;
  onThreadChange(rootId: number | undefined): void;
  onReplyClose(): void;
  onSettingsChange(open: boolean): void;
}

/** The badge count of a tab: unread in all or one type, held on the held tab. */
function tabCount(tab: InboxTab, counts: CommentCounts | undefined): number {
  if (!counts) return 0;
  if (tab === 'all') return counts.unread;
  if (tab === 'held') return counts.held;
  return counts.unreadByType[tab] ?? 0;
}

/**
 * The author's comments inbox (`/manage/commentManage/*`, API.md §12, issue #13): tabs per content type with unread
 * badges and a held tab, filters, a paged list with selection and bulk actions, row actions, the thread drawer, the
 * reply popup and the settings drawer; "mark all read". Every piece of state that survives a reload is the caller's
 * (the address); the selection lives here and is dropped when the filters change.
 */
export function CommentsInbox(props: CommentsInboxProps) {
  const { filters, tab } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const counts = useCommentCounts();
  const list = useCommentList(listParamOf(filters));
  const markAll = useMarkRead();
  // the selection belongs to one set of filters: another tab or filter starts empty (pages keep it)
  const selectionKey = JSON.stringify({ ...filters, page: 0, pageSize: 0 });
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: selectionKey, ids: [] });
  const selected = selection.key === selectionKey ? selection.ids : [];
  const select = (ids: number[]) => setSelection({ key: selectionKey, ids });

  const markAllRead = () =>
    markAll.mutateAsync(undefined).then(
      ({ done }) => void message.success(t('comments.head.markedAllRead', { count: done })),
      (e: unknown) => void message.error(errorText(e)),
    );

  const workTitle = filters.contentId
    ? list.data?.list.find((c) => c.contentId === filters.contentId)?.contentTitle
    : undefined;

  let body;
  if (list.isPending) body = <LoadingState rows={8} />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.total === 0) {
    let description: string;
    if (tab === 'held' && filters.state === 'held' && !isFiltered({ ...filters, state: undefined }))
      description = t('comments.empty.held');
    else if (isFiltered(filters)) description = t('comments.empty.filtered');
    else if (filters.type)
      description = t('comments.empty.type', { type: t(`content.types.${filters.type}`) });
    else description = t('comments.empty.none');
    body = (
      <div data-testid="comment-empty">
        <EmptyState description={description} />
      </div>
    );
  } else
    body = (
      <CommentTable
        data={list.data}
        refreshing={list.isFetching && list.isPlaceholderData}
        page={filters.page}
        pageSize={filters.pageSize}
        selected={selected}
        onSelect={select}
        onPageChange={(page, pageSize) =>
          props.onFiltersChange(pageSize === filters.pageSize ? { page } : { page: 1, pageSize })
        }
        onThread={(rootId) => props.onThreadChange(rootId)}
      />
    );

  return (
    <section className="cc-card cc-comments" data-testid="comments-inbox">
      <div className="cc-comments-head">
        <h1 className="cc-page-title">{t('comments.title')}</h1>
        <div className="cc-comments-head-actions">
          <Popconfirm
            title={t('comments.head.markAllReadConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={markAllRead}
          >
            <Button icon={<CheckOutlined />} loading={markAll.isPending} data-testid="mark-all-read">
              {t('comments.head.markAllRead')}
            </Button>
          </Popconfirm>
          <Button
            icon={<SettingOutlined />}
            onClick={() => props.onSettingsChange(true)}
            data-testid="open-settings"
          >
            {t('comments.head.settings')}
          </Button>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => props.onTabChange(key as InboxTab)}
        items={INBOX_TABS.map((key) => {
          const n = tabCount(key, counts.data);
          return {
            key,
            label: (
              <span data-testid={`comment-tab-${key}`}>
                {key === 'all' || key === 'held' ? t(`comments.tabs.${key}`) : t(`content.types.${key}`)}
                {n > 0 ? (
                  <Badge
                    count={n}
                    overflowCount={99}
                    color={key === 'held' ? HELD_BADGE_COLOR : ERROR_COLOR}
                    className="cc-comments-tab-badge"
                    title={
                      key === 'held'
                        ? t('comments.tabs.heldBadge', { count: n })
                        : t('comments.tabs.unreadBadge', { count: n })
                    }
                    data-testid={`comment-tab-count-${key}`}
                  />
                ) : null}
              </span>
            ),
          };
        })}
      />
      <CommentFilterBar filters={filters} workTitle={workTitle} onChange={props.onFiltersChange} />
      <BulkBar selected={selected} onClear={() => select([])} />
      {body}
      <ThreadDrawer rootId={props.threadId} onClose={() => props.onThreadChange(undefined)} />
      <ReplyPopup commentId={props.replyId} shown={list.data?.list ?? []} onClose={props.onReplyClose} />
      <SettingsDrawer open={props.settingsOpen} onClose={() => props.onSettingsChange(false)} />
    </section>
  );
}
