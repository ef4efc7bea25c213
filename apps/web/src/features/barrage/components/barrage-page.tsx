import { App, Button, Checkbox, Input, Modal, Popconfirm, Radio, Switch, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BARRAGE_STATES, type BarrageAction, type BarrageItem, type BatchResult } from '@cc/contracts';
import { apiErrorText } from '../../../lib/api-client';
import { useFormatCount } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { LinkButton, publishPathOf } from '../../../components/content-table';
import {
  useBarrageBatch,
  useBarrageList,
  useBarrageWorkByTitle,
  useBarrageWorks,
  useBlockReader,
  useSetBarrageOff,
} from '../api/barrage-api';
import {
  BARRAGE_PAGE_SIZE,
  BARRAGE_SELECTION_MAX,
  BARRAGE_SORTS,
  BULK_ACTIONS,
  isFiltered,
  positionSeconds,
  readerOf,
  type BarrageFilters,
  type BarrageSort,
} from '../logic';
import { BarragePlayer, type BarragePlayerHandle, type BarrageVideoQuery } from './barrage-player';
import { BarrageTable } from './barrage-table';
import { VideoPicker } from './video-picker';
import './barrage.css';

/** The outcome of the last batch call, shown until the next one. */
interface BatchOutcome extends BatchResult {
  action: BarrageAction;
}

/**
 * Barrage management (`/popBarrage`, API.md §12, issue #13; Bilibili's 弹幕管理): the barrage of every video,
 * newest first, or — with a video picked — its player beside its barrage in the order of the video, where a
 * message's position jumps the player there. Filters by state and keyword; deletes, protects, unprotects and
 * releases held messages one by one or up to 1,000 at once; blocks and unblocks senders; turns the picked
 * video's barrage off. The filters are the caller's (the query string), so reload and back keep them.
 * @param video the picked video's `video/detail` query (the route composes it from the video feature)
 */
export function BarragePage({
  filters,
  onChange,
  video,
}: {
  filters: BarrageFilters;
  onChange: (next: Partial<BarrageFilters>) => void;
  video: BarrageVideoQuery;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const formatCount = useFormatCount();
  const errorText = (e: unknown) => apiErrorText(e, t, (k) => i18n.exists(k));
  const pickerId = useId();
  const switchId = useId();
  const { contentId } = filters;
  const isVideoView = contentId !== undefined;

  // the picked video's work_list item (its barrage switch): among the picker's first page, else found by title
  const baseWorks = useBarrageWorks('');
  const fromBase = baseWorks.flatMap((q) => q.data?.list ?? []).find((w) => w.contentId === contentId);
  const baseComplete = baseWorks.every((q) => q.data && q.data.total <= q.data.list.length);
  const byTitle = useBarrageWorkByTitle(
    !fromBase && !baseComplete && baseWorks.every((q) => q.data) ? contentId : undefined,
    video.data?.use,
    video.data?.title,
  );
  const picked = isVideoView ? (fromBase ?? byTitle.data ?? undefined) : undefined;

  const list = useBarrageList({
    ...(contentId !== undefined ? { contentId } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    sort: filters.sort,
    page: filters.page,
    pageSize: BARRAGE_PAGE_SIZE,
  });
  // a page emptied by deletions: go back to the last page that has rows
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / BARRAGE_PAGE_SIZE)) : 1;
  const isPastEnd = Boolean(list.data && list.data.list.length === 0 && filters.page > lastPage);
  useEffect(() => {
    if (isPastEnd) onChange({ page: lastPage });
  }, [isPastEnd, lastPage, onChange]);

  // the selection belongs to one list (video, state, keyword, sort); another list starts with none
  const listKey = JSON.stringify([contentId, filters.state, filters.keyword, filters.sort]);
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: listKey, ids: [] });
  const selected = selection.key === listKey ? selection.ids : [];
  const setSelected = (ids: number[]) => setSelection({ key: listKey, ids });

  const batch = useBarrageBatch();
  const block = useBlockReader();
  const setOff = useSetBarrageOff();
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const [blocking, setBlocking] = useState<BarrageItem | null>(null);
  const [hideExisting, setHideExisting] = useState(false);

  const player = useRef<BarragePlayerHandle>(null);
  const [pendingSeek, setPendingSeek] = useState<number | null>(null);
  const clearPendingSeek = useCallback(() => setPendingSeek(null), []);

  const runBatch = (ids: number[], action: BarrageAction, isBulk: boolean) =>
    batch.mutate(
      { ids, action },
      {
        onSuccess: (result) => {
          setOutcome({ action, ...result });
          if (isBulk) setSelected([]);
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );

  const pickVideo = (id: number | undefined) => onChange({ contentId: id, sort: undefined, page: 1 });

  const handlers = {
    onPosition: (item: BarrageItem) => {
      const seconds = positionSeconds(item.positionMs);
      if (item.contentId === contentId && player.current) player.current.seek(seconds);
      else {
        setPendingSeek(seconds);
        pickVideo(item.contentId);
      }
    },
    onPickVideo: (item: BarrageItem) => pickVideo(item.contentId),
    onAction: (item: BarrageItem, action: BarrageAction) => runBatch([item.id], action, false),
    onBlock: (item: BarrageItem) => {
      setHideExisting(false);
      setBlocking(item);
    },
    onUnblock: (item: BarrageItem) =>
      block.mutate(
        { readerId: item.readerId, unblock: true },
        {
          onSuccess: () => void message.success(t('barrage.block.unblocked', { name: readerOf(item) })),
          onError: (e) => void message.error(errorText(e)),
        },
      ),
  };

  const confirmBlock = () => {
    if (!blocking) return;
    const item = blocking;
    block.mutate(
      { readerId: item.readerId, hideExisting },
      {
        onSuccess: () => {
          setBlocking(null);
          void message.success(
            t(hideExisting ? 'barrage.block.blockedAndHeld' : 'barrage.block.blocked', {
              name: readerOf(item),
            }),
          );
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  };

  const barrageOff = setOff.isPending ? setOff.variables.barrageOff : (picked?.barrageOff ?? false);
  const toggleOff = (next: boolean) => {
    if (!picked) return;
    setOff.mutate(
      { contentId: picked.contentId, barrageOff: next },
      {
        onSuccess: (r) =>
          void message.success(t(r.barrageOff ? 'barrage.off.turnedOff' : 'barrage.off.turnedOn')),
        onError: (e) => void message.error(errorText(e)),
      },
    );
  };

  let body;
  if (list.isPending) body = <LoadingState rows={8} />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.total === 0 && isFiltered(filters))
    body = (
      <EmptyState
        description={t('barrage.empty.filtered')}
        action={
          <Button onClick={() => onChange({ state: undefined, keyword: '', page: 1 })}>
            {t('barrage.empty.clearFilters')}
          </Button>
        }
      />
    );
  else if (list.data.total === 0 && isVideoView)
    body = <EmptyState description={t(barrageOff ? 'barrage.empty.videoOff' : 'barrage.empty.video')} />;
  else if (list.data.total === 0)
    body = (
      <EmptyState
        description={t('barrage.empty.all')}
        action={
          <LinkButton to={publishPathOf('video')} type="primary" icon={<PlusOutlined />}>
            {t('barrage.empty.publishVideo')}
          </LinkButton>
        }
      />
    );
  else
    body = (
      <BarrageTable
        data={list.data}
        refreshing={list.isFetching && list.isPlaceholderData}
        allVideos={!isVideoView}
        page={filters.page}
        onPageChange={(page) => onChange({ page })}
        selected={selected}
        onSelect={setSelected}
        busy={batch.isPending || block.isPending}
        handlers={handlers}
      />
    );

  const hasSelection = selected.length > 0;
  return (
    <div className="cc-barrage-page">
      <div className="cc-card cc-barrage-head">
        <div>
          <h1 className="cc-page-title">{t('barrage.title')}</h1>
          <Typography.Paragraph className="cc-barrage-muted cc-barrage-intro">
            {t('barrage.intro')}
          </Typography.Paragraph>
        </div>
        <div className="cc-barrage-head-controls">
          <label htmlFor={pickerId} className="cc-barrage-label">
            {t('barrage.picker.label')}
          </label>
          <VideoPicker id={pickerId} value={contentId} picked={picked} onChange={pickVideo} />
          {picked ? (
            <span className="cc-barrage-off">
              <Switch
                id={switchId}
                checked={barrageOff}
                loading={setOff.isPending}
                onChange={toggleOff}
                data-testid="barrage-off"
              />
              <label htmlFor={switchId}>{t('barrage.off.label')}</label>
              <Typography.Text className="cc-barrage-muted cc-barrage-small" data-testid="barrage-off-hint">
                {barrageOff
                  ? t('barrage.off.hintOff')
                  : t('barrage.off.hintOn', { count: picked.barrages, n: formatCount(picked.barrages) })}
              </Typography.Text>
            </span>
          ) : null}
        </div>
      </div>
      <div className={isVideoView ? 'cc-barrage-body cc-barrage-body--video' : 'cc-barrage-body'}>
        {isVideoView ? (
          <section className="cc-card cc-barrage-player-card" aria-label={t('barrage.player.region')}>
            <BarragePlayer
              ref={player}
              video={video}
              initialSeconds={pendingSeek}
              onInitialSeekDone={clearPendingSeek}
            />
          </section>
        ) : null}
        <section className="cc-card cc-barrage-list-card" aria-label={t('barrage.listRegion')}>
          <div className="cc-barrage-filters">
            <Radio.Group
              optionType="button"
              size="small"
              aria-label={t('barrage.filters.state')}
              value={filters.state ?? 'all'}
              onChange={(e) => {
                const value = String(e.target.value);
                onChange({
                  state: value === 'all' ? undefined : (value as BarrageFilters['state']),
                  page: 1,
                });
              }}
              options={['all', ...BARRAGE_STATES].map((s) => ({
                value: s,
                label: t(`barrage.filters.states.${s}`),
              }))}
              data-testid="barrage-state-filter"
            />
            {isVideoView ? (
              <Radio.Group
                optionType="button"
                size="small"
                aria-label={t('barrage.filters.sort')}
                value={filters.sort}
                onChange={(e) => onChange({ sort: e.target.value as BarrageSort, page: 1 })}
                options={BARRAGE_SORTS.map((s) => ({ value: s, label: t(`barrage.filters.sorts.${s}`) }))}
                data-testid="barrage-sort"
              />
            ) : null}
            <Input.Search
              key={filters.keyword}
              defaultValue={filters.keyword}
              allowClear
              maxLength={100}
              placeholder={t('barrage.filters.keyword')}
              aria-label={t('barrage.filters.keyword')}
              enterButton={t('barrage.filters.search')}
              className="cc-barrage-search"
              onSearch={(keyword) => onChange({ keyword: keyword.trim(), page: 1 })}
              data-testid="barrage-keyword"
            />
          </div>
          <div className="cc-barrage-bulk" data-testid="barrage-bulk">
            <span className="cc-barrage-small cc-tabular" data-testid="barrage-selected">
              {t('barrage.bulk.selected', { count: selected.length, max: BARRAGE_SELECTION_MAX })}
            </span>
            {BULK_ACTIONS.map((action) =>
              action === 'delete' ? (
                <Popconfirm
                  key={action}
                  title={t('barrage.bulk.confirmDelete', { count: selected.length })}
                  okText={t('barrage.actions.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('barrage.cancel')}
                  disabled={!hasSelection}
                  onConfirm={() => runBatch(selected, 'delete', true)}
                >
                  <Button
                    size="small"
                    danger
                    disabled={!hasSelection}
                    loading={batch.isPending && batch.variables.action === 'delete'}
                    data-testid="barrage-bulk-delete"
                  >
                    {t('barrage.actions.delete')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  key={action}
                  size="small"
                  disabled={!hasSelection}
                  loading={batch.isPending && batch.variables.action === action}
                  data-testid={`barrage-bulk-${action}`}
                  onClick={() => runBatch(selected, action, true)}
                >
                  {t(`barrage.actions.${action}`)}
                </Button>
              ),
            )}
            {hasSelection ? (
              <Button size="small" type="text" onClick={() => setSelected([])}>
                {t('barrage.bulk.clear')}
              </Button>
            ) : null}
          </div>
          <div role="status" aria-live="polite" className="cc-barrage-outcome">
            {outcome ? (
              <span data-testid="barrage-batch-result">
                {t('barrage.bulk.result', {
                  action: t(`barrage.actions.${outcome.action}`),
                  done: outcome.done,
                  skipped: outcome.skipped,
                })}
              </span>
            ) : null}
          </div>
          {body}
        </section>
      </div>
      <Modal
        open={blocking !== null}
        title={t('barrage.block.title', { name: blocking ? readerOf(blocking) : '' })}
        okText={t('barrage.block.confirm')}
        okButtonProps={{ danger: true }}
        cancelText={t('barrage.cancel')}
        confirmLoading={block.isPending}
        onOk={confirmBlock}
        onCancel={() => setBlocking(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('barrage.block.explain')}</Typography.Paragraph>
        <Checkbox
          checked={hideExisting}
          onChange={(e) => setHideExisting(e.target.checked)}
          data-testid="barrage-block-hide-existing"
        >
          {t('barrage.block.hideExisting')}
        </Checkbox>
      </Modal>
    </div>
  );
}
