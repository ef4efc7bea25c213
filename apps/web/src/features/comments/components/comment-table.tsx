import { Table, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentItem } from '@cc/contracts';
import { useMarkRead, type CommentListData } from '../api/comments-api';
import { INBOX_PAGE_SIZES, MARK_READ_DELAY_MS } from '../logic';
import { CommentBody } from './comment-body';
import { CommentStateCell } from './comment-state-tag';
import { ReplyEditor } from './reply-editor';
import { RowActions } from './row-actions';

/**
 * Marks the unread comments of the shown page read (`POST /api/comment/read {ids}`) once the page has been visible
 * for {@link MARK_READ_DELAY_MS}: a page the author flicks past, or one in a background tab, stays unread. Each id
 * is sent once; the rows keep their marker until the list is next fetched, so the author still sees what was new.
 */
function useMarkShownRead(rows: readonly CommentItem[]) {
  const markRead = useMarkRead();
  const sent = useRef(new Set<number>());
  const unreadKey = rows
    .filter((r) => r.unread)
    .map((r) => r.id)
    .join(',');
  const { mutate } = markRead;
  useEffect(() => {
    const ids = unreadKey
      ? unreadKey
          .split(',')
          .map(Number)
          .filter((id) => !sent.current.has(id))
      : [];
    if (ids.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') return;
      timer = setTimeout(() => {
        for (const id of ids) sent.current.add(id);
        mutate(ids);
      }, MARK_READ_DELAY_MS);
    };
    arm();
    document.addEventListener('visibilitychange', arm);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', arm);
    };
  }, [unreadKey, mutate]);
}

/**
 * One page of the inbox (issue #13): each comment with its reader, work, text, time, counts and markers, its
 * state (with the hold reason beside held ones), and its actions; a reply opens an editor under the comment.
 * Rows are selectable across pages ("select all on this page" in the header) for the bulk bar. Shown unread
 * comments are marked read after a moment.
 */
export function CommentTable({
  data,
  refreshing,
  page,
  pageSize,
  selected,
  onSelect,
  onPageChange,
  onThread,
}: {
  data: CommentListData;
  refreshing: boolean;
  page: number;
  pageSize: number;
  selected: number[];
  onSelect(ids: number[]): void;
  onPageChange(page: number, pageSize: number): void;
  onThread(rootId: number): void;
}) {
  const { t, i18n } = useTranslation();
  const [replying, setReplying] = useState<number | null>(null);
  useMarkShownRead(data.list);

  const columns: TableColumnsType<CommentItem> = [
    {
      key: 'comment',
      title: t('comments.columns.comment'),
      render: (_, item) => (
        <>
          <CommentBody item={item} />
          {replying === item.id ? (
            <ReplyEditor
              commentId={item.id}
              readerName={item.readerName}
              approves={item.state === 'held'}
              onDone={() => setReplying(null)}
              onCancel={() => setReplying(null)}
            />
          ) : null}
        </>
      ),
    },
    {
      key: 'state',
      title: t('comments.columns.state'),
      width: i18n.language === 'en-US' ? 168 : 150,
      render: (_, item) => <CommentStateCell state={item.state} holdReason={item.holdReason} />,
    },
    {
      key: 'actions',
      title: t('comments.columns.actions'),
      width: i18n.language === 'en-US' ? 236 : 200,
      render: (_, item) => (
        <RowActions
          item={item}
          onReply={() => setReplying((id) => (id === item.id ? null : item.id))}
          onThread={() => onThread(item.rootId ?? item.id)}
        />
      ),
    },
  ];

  return (
    <Table<CommentItem>
      rowKey="id"
      tableLayout="fixed"
      size="middle"
      columns={columns}
      dataSource={data.list}
      loading={refreshing}
      data-testid="comment-list"
      rowClassName={(item) => (item.unread ? 'cc-comment-row-unread' : '')}
      rowSelection={{
        columnWidth: 40,
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelect(keys.map(Number)),
        getCheckboxProps: (item) => ({ 'aria-label': t('comments.row.select', { name: item.readerName }) }),
        getTitleCheckboxProps: () => ({ 'aria-label': t('comments.row.selectPage') }),
      }}
      pagination={{
        current: page,
        pageSize,
        total: data.total,
        showSizeChanger: true,
        pageSizeOptions: INBOX_PAGE_SIZES.map(String),
        // a capped total is a lower bound: "at least N"
        showTotal: (total) =>
          data.totalCapped
            ? t('comments.totalCapped', { count: total })
            : t('common.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  );
}
