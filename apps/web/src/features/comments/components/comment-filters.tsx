import { Button, Checkbox, DatePicker, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_SORTS, COMMENT_STATES, type CommentState } from '@cc/contracts';
import { useCommentWorks } from '../api/comments-api';
import { isFiltered, type CommentFilters, type CommentSort } from '../logic';

/** Works the work filter offers per search. */
const WORK_OPTIONS = 20;
/** Wait this long after the last key before searching works, ms. */
const WORK_SEARCH_DELAY_MS = 300;

/**
 * The inbox's filters (issue #13): the work (searchable, `comment/work_list {keyword}`, within the tab's type), the
 * state (absent: all but deleted), a keyword, a date range (`from`/`to` as `YYYY-MM-DD`), "unread only", and the
 * sort (newest, most liked, most replied). Each change goes to the caller (the address) with the page reset.
 * @param workTitle the title of the chosen work when known (from the list's rows), so the select names it
 */
export function CommentFilterBar({
  filters,
  workTitle,
  onChange,
}: {
  filters: CommentFilters;
  workTitle: string | undefined;
  onChange: (next: Partial<CommentFilters>) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [workKeyword, setWorkKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setWorkKeyword(typed.trim()), WORK_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const works = useCommentWorks({
    type: filters.type,
    keyword: workKeyword || undefined,
    page: 1,
    pageSize: WORK_OPTIONS,
  });
  const options = (works.data?.list ?? []).map((w) => ({
    value: w.contentId,
    label: `${t(`content.types.${w.type}`)} · ${w.title}`,
  }));
  if (filters.contentId && !options.some((o) => o.value === filters.contentId)) {
    options.unshift({ value: filters.contentId, label: workTitle ?? `#${filters.contentId}` });
  }
  const set = (next: Partial<CommentFilters>) => onChange({ ...next, page: 1 });
  const range: [Dayjs | null, Dayjs | null] = [
    filters.from ? dayjs(filters.from) : null,
    filters.to ? dayjs(filters.to) : null,
  ];

  return (
    <div className="cc-comment-filters" data-testid="comment-filters">
      <Select<number>
        showSearch={{ filterOption: false, onSearch: setTyped }}
        allowClear
        className="cc-comment-filter-work"
        aria-label={t('comments.filters.work')}
        placeholder={t('comments.filters.workPlaceholder')}
        value={filters.contentId}
        options={options}
        loading={works.isFetching}
        notFoundContent={t('comments.filters.workNone')}
        onChange={(contentId) => set({ contentId: contentId ?? undefined })}
        onClear={() => setTyped('')}
        data-testid="filter-work"
      />
      <Select<CommentState | ''>
        className="cc-comment-filter-state"
        aria-label={t('comments.filters.state')}
        value={filters.state ?? ''}
        options={[
          { value: '', label: t('comments.filters.stateDefault') },
          ...COMMENT_STATES.map((s) => ({ value: s, label: t(`comments.states.${s}`) })),
        ]}
        onChange={(state) => set({ state: state || undefined })}
        data-testid="filter-state"
      />
      <Input.Search
        key={filters.keyword}
        defaultValue={filters.keyword}
        allowClear
        className="cc-comment-filter-keyword"
        placeholder={t('comments.filters.keyword')}
        aria-label={t('comments.filters.keyword')}
        enterButton={t('common.search')}
        onSearch={(keyword) => set({ keyword: keyword.trim() })}
        data-testid="filter-keyword"
      />
      <DatePicker.RangePicker
        value={range}
        allowEmpty={[true, true]}
        // the placeholders name the two inputs (an aria-label here would name both alike)
        placeholder={[t('comments.filters.from'), t('comments.filters.to')]}
        onChange={(dates) =>
          set({
            from: dates?.[0]?.format('YYYY-MM-DD') ?? '',
            to: dates?.[1]?.format('YYYY-MM-DD') ?? '',
          })
        }
        data-testid="filter-dates"
      />
      <Checkbox
        checked={filters.unread}
        onChange={(e) => set({ unread: e.target.checked })}
        data-testid="filter-unread"
      >
        {t('comments.filters.unread')}
      </Checkbox>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        aria-label={t('comments.filters.sort')}
        value={filters.sort}
        options={COMMENT_SORTS.map((s) => ({ value: s, label: t(`comments.filters.sorts.${s}`) }))}
        onChange={(e) => set({ sort: e.target.value as CommentSort })}
        data-testid="filter-sort"
      />
      {isFiltered(filters) ? (
        <Button
          type="text"
          onClick={() =>
            set({ contentId: undefined, state: undefined, keyword: '', from: '', to: '', unread: false })
          }
          data-testid="filter-clear"
        >
          {t('comments.filters.clear')}
        </Button>
      ) : null}
    </div>
  );
}
