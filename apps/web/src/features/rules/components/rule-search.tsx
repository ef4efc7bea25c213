import { Button, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ruleHref } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useRuleSearch } from '../api/rules-api';
import { highlightSegments } from '../logic';
import '../rules.css';

/**
 * The rule centre's search box (issue #11): the query is the page's (`?q=`); Enter or the button searches, the
 * clear button and an empty query go back to browsing.
 */
export function RuleSearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  // typing stays local until the author searches; a new `?q=` (back, a link) replaces what was typed
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <div role="search" className="cc-rule-search">
      <Input.Search
        value={text}
        allowClear
        size="large"
        maxLength={100}
        aria-label={t('rules.search.label')}
        placeholder={t('rules.search.placeholder')}
        enterButton={t('rules.search.button')}
        data-testid="rule-search-input"
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '' && value !== '') onSearch('');
        }}
        onSearch={(q) => onSearch(q.trim())}
      />
    </div>
  );
}

/** Text with the words of the query marked (`<mark>`); every piece is a text node, never HTML. */
export function Highlighted({ text, q }: { text: string; q: string }) {
  return (
    <>
      {highlightSegments(text, q).map((s, i) =>
        s.hit ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>,
      )}
    </>
  );
}

/**
 * The sections that match `q` (`GET /api/rules/search`, best first): the rule's title and the section's, the
 * category, and the snippet with the query's words marked; each opens the section (its deep link).
 */
export function RuleSearchResults({ q, onClear }: { q: string; onClear: () => void }) {
  const { t } = useTranslation();
  const search = useRuleSearch(q);
  if (search.isPending) return <LoadingState rows={6} />;
  if (search.isError) return <ErrorState error={search.error} onRetry={() => void search.refetch()} />;
  const hits = search.data;
  return (
    <section className="cc-rule-hits" aria-labelledby="cc-rule-hits-title" data-testid="rule-search-results">
      <h2 id="cc-rule-hits-title" className="cc-rule-hits-title" aria-live="polite">
        {t('rules.search.results', { q, count: hits.length })}
      </h2>
      {hits.length === 0 ? (
        <EmptyState
          description={t('rules.search.empty', { q })}
          action={
            <Button type="link" onClick={onClear}>
              {t('rules.search.clear')}
            </Button>
          }
        />
      ) : (
        <ol>
          {hits.map((hit) => (
            <li key={`${hit.slug}#${hit.section ?? ''}`}>
              <Link
                to={ruleHref(hit.section ? `${hit.slug}#${hit.section}` : hit.slug)}
                className="cc-rule-hit"
                data-testid="rule-search-hit"
              >
                <span className="cc-rule-hit-head">
                  <span className="cc-rule-hit-title">
                    <Highlighted text={hit.title} q={q} />
                    {hit.sectionTitle ? (
                      <>
                        <span aria-hidden="true"> › </span>
                        <span className="cc-rule-hit-section">
                          <Highlighted text={hit.sectionTitle} q={q} />
                        </span>
                      </>
                    ) : null}
                  </span>
                  <Tag>{t(`rules.categories.${hit.category}`)}</Tag>
                </span>
                <span className="cc-rule-hit-snippet" data-testid="rule-search-snippet">
                  <Highlighted text={hit.snippet} q={[q, ...hit.terms].join(' ')} />
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
