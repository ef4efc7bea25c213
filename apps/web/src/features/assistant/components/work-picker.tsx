import { Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentListItem } from '@cc/contracts';
import { useMyWorks } from '../api';

/** Wait after the last keystroke before searching, milliseconds. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * One of the author's works, searched by title as they type (`content/list`, the newest 20): the page then reads
 * its title, body and covers (`content/detail`).
 */
export function WorkPicker({
  id,
  onPick,
  disabled,
}: {
  id?: string;
  onPick(work: ContentListItem): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const works = useMyWorks(keyword, true);
  const list = works.data?.list ?? [];
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, searchValue: typed, onSearch: (v) => setTyped(v.slice(0, 100)) }}
      styles={{ placeholder: { color: 'var(--cc-text-description)' } }}
      disabled={disabled}
      placeholder={t('assistant.source.pickPlaceholder')}
      loading={works.isFetching}
      notFoundContent={works.isFetching ? null : t('assistant.source.pickEmpty')}
      style={{ width: '100%' }}
      data-testid="assistant-work-picker"
      onChange={(value) => {
        const work = list.find((w) => w.id === value);
        if (work) onPick(work);
      }}
      options={list.map((w) => ({
        value: w.id,
        label: (
          <span>
            <Tag>{t(`assistant.types.${w.type}`)}</Tag>
            <span>{w.title || '—'}</span>
          </span>
        ),
      }))}
    />
  );
}
