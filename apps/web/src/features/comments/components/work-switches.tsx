import { App, Input, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BARRAGE_CONTENT_TYPES, type CommentWorkItem } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useFormatCount } from '../../../lib/format';
import { useCommentWorks, useWorkSettings } from '../api/comments-api';
import { useErrorText } from './use-error-text';

const PAGE_SIZE = 10;

const hasBarrage = (w: CommentWorkItem) => (BARRAGE_CONTENT_TYPES as readonly string[]).includes(w.type);

/**
 * Comments and barrage per work (Bilibili 关闭评论/弹幕): the author's works (`GET /api/comment/work_list`, paged,
 * searchable) with their comments, held, unread and barrage counts, and the "comments off" / "barrage off"
 * switches (barrage only on videos and short videos), each saved at once (`POST /api/comment/work_settings`).
 */
export function WorkSwitches() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const formatCount = useFormatCount();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const works = useCommentWorks({ keyword: keyword || undefined, page, pageSize: PAGE_SIZE });
  const save = useWorkSettings();
  const toggle = (work: CommentWorkItem, next: { commentsOff?: boolean; barrageOff?: boolean }) =>
    save.mutate(
      { contentId: work.contentId, ...next },
      {
        onSuccess: () => void message.success(t('comments.settings.workSaved', { title: work.title })),
        onError: (e) => void message.error(errorText(e)),
      },
    );
  const count = (n: number) => <span className="cc-tabular">{formatCount(n)}</span>;
  const columns: TableColumnsType<CommentWorkItem> = [
    {
      key: 'work',
      title: t('comments.settings.work'),
      render: (_, w) => (
        <div>
          <Typography.Text type="secondary">{t(`content.types.${w.type}`)}</Typography.Text>
          <div className="cc-comment-work-title">{w.title}</div>
        </div>
      ),
    },
    {
      key: 'comments',
      title: t('comments.settings.comments'),
      width: 72,
      render: (_, w) => count(w.comments),
    },
    { key: 'held', title: t('comments.settings.held'), width: 72, render: (_, w) => count(w.held) },
    { key: 'unread', title: t('comments.settings.unread'), width: 64, render: (_, w) => count(w.unread) },
    {
      key: 'barrages',
      title: t('comments.settings.barrages'),
      width: 64,
      render: (_, w) => count(w.barrages),
    },
    {
      key: 'commentsOff',
      title: t('comments.settings.commentsOff'),
      width: 96,
      render: (_, w) => (
        <Switch
          size="small"
          checked={w.commentsOff}
          aria-label={t('comments.settings.commentsOffFor', { title: w.title })}
          onChange={(commentsOff) => toggle(w, { commentsOff })}
          data-testid={`work-comments-off-${w.contentId}`}
        />
      ),
    },
    {
      key: 'barrageOff',
      title: t('comments.settings.barrageOff'),
      width: 96,
      render: (_, w) =>
        hasBarrage(w) ? (
          <Switch
            size="small"
            checked={w.barrageOff}
            aria-label={t('comments.settings.barrageOffFor', { title: w.title })}
            onChange={(barrageOff) => toggle(w, { barrageOff })}
            data-testid={`work-barrage-off-${w.contentId}`}
          />
        ) : (
          <Typography.Text type="secondary">{t('comments.settings.noBarrage')}</Typography.Text>
        ),
    },
  ];
  let body;
  if (works.isPending) body = <LoadingState rows={4} />;
  else if (works.isError) body = <ErrorState error={works.error} onRetry={() => void works.refetch()} />;
  else if (works.data.total === 0 && !keyword)
    body = <EmptyState description={t('comments.settings.worksEmpty')} />;
  else
    body = (
      <Table<CommentWorkItem>
        rowKey="contentId"
        size="small"
        tableLayout="fixed"
        columns={columns}
        dataSource={works.data.list}
        loading={works.isFetching && works.isPlaceholderData}
        data-testid="settings-works"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: works.data.total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    );
  return (
    <div className="cc-comment-settings-works">
      <Input.Search
        placeholder={t('comments.settings.worksSearch')}
        enterButton={t('common.search')}
        aria-label={t('comments.settings.worksSearch')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      {body}
    </div>
  );
}
