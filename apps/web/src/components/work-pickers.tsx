import { Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CAR_KEYWORD_MAX, CAR_SERIES_PER_WORK_MAX, type CarSeriesItem, type TopicItem } from '@cc/contracts';
import { apiGet } from '../lib/api-client';

/*
 * What every editor attaches to a work (issue #10): a topic and car series. One picker of each, shared by the
 * album and dynamic editors, and the queries the topic page uses too.
 */

/** Query-key root of the topic list; a publish invalidates it (the counts change). */
export const TOPIC_KEY = ['topic'] as const;

/**
 * `GET /api/topic/list { keyword? }` (docs/api.md "Topics"): the platform's topics in the UI language, with how
 * many of the author's works carry each.
 */
export function useTopicList(keyword = '') {
  return useQuery({
    queryKey: [...TOPIC_KEY, 'list', keyword],
    queryFn: () => apiGet<TopicItem[]>('topic/list', keyword ? { keyword } : {}),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/car/series_search { keyword }` (API.md §13): at most 20 series, best first; idle while empty. */
export function useCarSeriesSearch(keyword: string) {
  const key = keyword.trim();
  return useQuery({
    queryKey: ['car', 'series', key],
    queryFn: () => apiGet<CarSeriesItem[]>('car/series_search', { keyword: key }),
    enabled: key.length > 0,
    staleTime: 10 * 60_000,
  });
}

/** Wait after the last keystroke before asking the server, milliseconds. */
export const CAR_SEARCH_DEBOUNCE_MS = 300;

/** `比亚迪 汉` — how a series reads in a tag and an option. */
export const carSeriesLabel = (s: Pick<CarSeriesItem, 'brand' | 'series'>) => `${s.brand} ${s.series}`;

/** The placeholder in the product's description colour: antd's default fails WCAG AA contrast (issue #9). */
const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--cc-text-description)' } };

interface PickerProps<V> {
  id?: string;
  value: V;
  onChange(value: V): void;
  status?: 'error';
  'data-testid'?: string;
}

/**
 * The car series of a work (issue #10 "Car catalogue … searched as you type, attachable to any work"): a
 * multiple select that searches `car/series_search` as the author types (debounced 300 ms), shows the chosen
 * series as tags and takes at most 10 (`CAR_SERIES_PER_WORK_MAX`, the server's rule).
 */
export function CarSeriesSelect({
  id,
  value,
  onChange,
  status,
  'data-testid': testId,
}: PickerProps<CarSeriesItem[]>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed), CAR_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useCarSeriesSearch(keyword);
  const isFull = value.length >= CAR_SERIES_PER_WORK_MAX;
  const chosen = new Set(value.map((s) => s.id));
  const found = (search.data ?? []).filter((s) => !chosen.has(s.id));
  const options = [...value, ...found].map((s) => ({
    value: s.id,
    label: carSeriesLabel(s),
    disabled: isFull && !chosen.has(s.id),
  }));
  const waiting = typed.trim() !== '' && (typed !== keyword || search.isFetching);
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      showSearch={{
        filterOption: false,
        searchValue: typed,
        onSearch: (v) => setTyped(v.slice(0, CAR_KEYWORD_MAX)),
      }}
      value={value.map((s) => s.id)}
      options={options}
      status={status}
      styles={PLACEHOLDER_STYLES}
      data-testid={testId}
      placeholder={t('pickers.carSeries.placeholder', { max: CAR_SERIES_PER_WORK_MAX })}
      notFoundContent={
        waiting ? (
          <Spin size="small" />
        ) : typed.trim() ? (
          t('pickers.carSeries.none')
        ) : (
          t('pickers.carSeries.type')
        )
      }
      onChange={(ids) => {
        const known = new Map([...value, ...(search.data ?? [])].map((s) => [s.id, s]));
        onChange(ids.flatMap((i) => (known.has(i) ? [known.get(i)!] : [])).slice(0, CAR_SERIES_PER_WORK_MAX));
        setTyped('');
      }}
      style={{ width: '100%' }}
    />
  );
}

/**
 * The topic of a work (issue #10 "Topics: a topic list to attach to works"): one of `topic/list`, or none;
 * searchable by name, each option with its description.
 */
export function TopicSelect({
  id,
  value,
  onChange,
  status,
  'data-testid': testId,
}: PickerProps<number | null>) {
  const { t } = useTranslation();
  const topics = useTopicList();
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'name' }}
      loading={topics.isPending}
      value={value ?? undefined}
      status={status}
      styles={PLACEHOLDER_STYLES}
      data-testid={testId}
      placeholder={topics.isError ? t('pickers.topic.failed') : t('pickers.topic.placeholder')}
      onChange={(v) => onChange(v ?? null)}
      options={(topics.data ?? []).map((topic) => ({
        value: topic.id,
        name: topic.name,
        label: `#${topic.name}`,
      }))}
      optionRender={(option) => {
        const topic = topics.data?.find((x) => x.id === option.value);
        return (
          <div>
            <div>#{topic?.name}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {topic?.description}
            </Typography.Text>
          </div>
        );
      }}
      style={{ width: '100%' }}
    />
  );
}
