import { Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BARRAGE_CONTENT_TYPES, formatDuration, type CommentWorkItem } from '@cc/contracts';
import { useFormatCount } from '../../../lib/format';
import { useBarrageWorks } from '../api/barrage-api';

/** Wait after the last keystroke before searching the author's videos, milliseconds. */
export const VIDEO_SEARCH_DEBOUNCE_MS = 300;

/** The placeholder in the product's description colour: antd's default fails WCAG AA contrast (issue #9). */
const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--cc-text-description)' } };

/**
 * The video whose barrage the page shows: a searchable select of the author's videos and short videos
 * (`comment/work_list`, searched on the server as the author types), each with its barrage count and length;
 * cleared, the page shows the barrage of every video.
 * @param picked the picked video's item when known (kept as an option while a search hides it)
 */
export function VideoPicker({
  id,
  value,
  picked,
  onChange,
}: {
  id: string;
  value: number | undefined;
  picked: CommentWorkItem | undefined;
  onChange: (contentId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), VIDEO_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const queries = useBarrageWorks(keyword);
  const isLoading = queries.some((q) => q.isPending) || typed.trim() !== keyword;
  const failed = queries.find((q) => q.isError);

  const option = (w: CommentWorkItem) => ({
    value: w.contentId,
    title: w.title,
    label: (
      <div className="cc-barrage-option">
        <span className="cc-barrage-option-title">{w.title || t('barrage.picker.untitled')}</span>
        <Typography.Text className="cc-barrage-muted cc-tabular" style={{ fontSize: 12 }}>
          {t('barrage.picker.meta', {
            count: w.barrages,
            n: formatCount(w.barrages),
            duration: formatDuration(w.duration),
          })}
          {w.barrageOff ? ` · ${t('barrage.picker.off')}` : ''}
        </Typography.Text>
      </div>
    ),
  });
  const groups = BARRAGE_CONTENT_TYPES.map((type, i) => {
    const list = queries[i]?.data?.list ?? [];
    const withPicked =
      picked && picked.type === type && !list.some((w) => w.contentId === picked.contentId)
        ? [picked, ...list]
        : list;
    return { type, list: withPicked };
  }).filter((g) => g.list.length > 0);

  return (
    <Select<number>
      id={id}
      className="cc-barrage-picker"
      allowClear
      value={value}
      showSearch={{ filterOption: false, searchValue: typed, onSearch: (v) => setTyped(v.slice(0, 100)) }}
      styles={PLACEHOLDER_STYLES}
      placeholder={t('barrage.picker.all')}
      loading={isLoading}
      data-testid="barrage-video-picker"
      optionLabelProp="title"
      notFoundContent={
        isLoading ? (
          <Spin size="small" />
        ) : failed ? (
          t('barrage.picker.failed', { message: (failed.error as Error | null)?.message ?? '' })
        ) : keyword ? (
          t('barrage.picker.none')
        ) : (
          t('barrage.picker.noVideos')
        )
      }
      options={groups.map((g) => ({
        label: t(`barrage.picker.groups.${g.type}`),
        title: t(`barrage.picker.groups.${g.type}`),
        options: g.list.map(option),
      }))}
      onChange={(next) => {
        setTyped('');
        onChange(next ?? undefined);
      }}
      popupMatchSelectWidth={false}
    />
  );
}
