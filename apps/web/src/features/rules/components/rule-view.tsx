import { Alert, App, Result, Tag } from 'antd';
import { type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ruleHref, type RuleDetail } from '@cc/contracts';
import { formatDate } from '../../../lib/format';
import { isApiError } from '../../../lib/api-client';
import { ErrorState, LoadingState } from '../../../components/states';
import { LinkButton } from '../../../components/content-table';
import { useRuleDetail } from '../api/rules-api';
import { HISTORY_SECTION, prepareRuleHtml, sectionElementId } from '../logic';
import '../rules.css';

/** A rule's effective date: a calendar day (UTC midnight on the wire), the same day in every zone. */
const dayOf = (iso: string) => formatDate(iso, 'YYYY-MM-DD', { utc: true });

/** The in-page link of a section of `slug`: this page, `?rule=` and the section as the fragment. */
const sectionTo = (slug: string, id: string) => ({
  search: `?rule=${encodeURIComponent(slug)}`,
  hash: `#${id}`,
});

/**
 * One rule of the rule centre (issue #11): its title, version and effective date, summary, a table of contents
 * that scrolls to each section, the sanitized html, and the version history. The URL is the source of truth: the
 * fragment (`#length`) names the section, which is scrolled to and highlighted once the html is rendered — a deep
 * link from a refusal (`RuleLink`) lands there. Each section heading carries a "#" that copies the section's link
 * (and puts it in the address bar); links between rules open in the app.
 */
export function RuleView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const rule = useRuleDetail(slug);
  if (rule.isPending) return <LoadingState rows={12} />;
  if (rule.isError) {
    // 10006: no such rule; 10007: not even a rule's slug (`?rule=` typed by hand)
    if (isApiError(rule.error, 10006, 10007))
      return (
        <Result
          status="404"
          data-testid="rule-not-found"
          title={<h1 className="cc-result-title">{t('rules.rule.notFound')}</h1>}
          subTitle={t('rules.rule.notFoundHint')}
          extra={
            <LinkButton to="/authoringService/ruleCenter" type="primary">
              {t('rules.rule.backToCentre')}
            </LinkButton>
          }
        />
      );
    return <ErrorState error={rule.error} onRetry={() => void rule.refetch()} />;
  }
  return <RuleArticle rule={rule.data} />;
}

function RuleArticle({ rule }: { rule: RuleDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const bodyRef = useRef<HTMLDivElement>(null);
  const historyRef = useRef<HTMLHeadingElement>(null);
  const section = safeDecode(location.hash.slice(1));
  const { slug } = rule;

  const html = useMemo(
    () =>
      prepareRuleHtml(rule.html, (id, title) => ({
        href: ruleHref(`${slug}#${id}`),
        label: t('rules.rule.copyLink', { title }),
      })),
    [rule.html, slug, t],
  );

  /** The element a section id names: a heading of the html, or the version history. */
  const targetOf = (id: string): HTMLElement | null => {
    const found = document.getElementById(sectionElementId(id));
    if (found && bodyRef.current?.contains(found)) return found;
    return id === HISTORY_SECTION ? historyRef.current : null;
  };
  const missing = section !== '' && !rule.toc.some((e) => e.id === section) && section !== HISTORY_SECTION;

  // After the html is in the page (and after the router's own scroll handling, which runs in layout effects and
  // does not know the prefixed ids): scroll the section into view, mark it, and move focus there.
  useEffect(() => {
    if (!section) return;
    const target = targetOf(section);
    if (!target) return;
    const frame = requestAnimationFrame(() => {
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    });
    target.classList.add('cc-rule-target');
    return () => {
      cancelAnimationFrame(frame);
      target.classList.remove('cc-rule-target');
    };
    // location.key repeats the scroll when the same section is asked for again
  }, [html, section, location.key]);

  const handleCopy = (id: string) => {
    void navigate(sectionTo(slug, id), { replace: true, preventScrollReset: true });
    const url = new URL(ruleHref(`${slug}#${id}`), window.location.origin).href;
    // WARNING: `navigator.clipboard` is missing outside secure contexts (plain http on another host)
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return void message.warning(t('rules.rule.copyFailed'));
    clipboard.writeText(url).then(
      () => void message.success(t('rules.rule.linkCopied')),
      () => void message.warning(t('rules.rule.copyFailed')),
    );
  };

  // Links inside the html: the "#" of a heading copies; a link to another rule (`/authoringService/…`) or to a
  // section of this one opens in the app; a modified click is the browser's (new tab).
  const handleBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const copy = link.dataset.copySection;
    const href = link.getAttribute('href') ?? '';
    if (copy !== undefined) {
      event.preventDefault();
      handleCopy(copy);
    } else if (href.startsWith('#')) {
      event.preventDefault();
      void navigate(sectionTo(slug, safeDecode(href.slice(1))), { preventScrollReset: true });
    } else if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    }
  };

  return (
    <article className="cc-rule" data-testid="rule-view" data-slug={slug}>
      <header className="cc-rule-header">
        <h1 className="cc-page-title" data-testid="rule-title">
          {rule.title}
        </h1>
        <div className="cc-rule-meta cc-tabular" data-testid="rule-meta">
          <Tag color="processing">{t('rules.rule.version', { version: rule.version })}</Tag>
          <span>{t('rules.rule.effective', { date: dayOf(rule.updatedAt) })}</span>
        </div>
        <p className="cc-rule-summary">{rule.summary}</p>
      </header>
      {missing ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="rule-section-missing"
          title={t('rules.rule.sectionMissing', { section })}
        />
      ) : null}
      <div className="cc-rule-layout">
        <div className="cc-rule-main">
          <div
            ref={bodyRef}
            className="cc-article-body cc-rule-body"
            data-testid="rule-body"
            onClick={handleBodyClick}
            dangerouslySetInnerHTML={{ __html: html }}
          />
          <section className="cc-rule-history" aria-labelledby="cc-rule-history-title">
            <h2 id="cc-rule-history-title" ref={historyRef} tabIndex={-1}>
              {t('rules.rule.history')}
            </h2>
            <ol data-testid="rule-history">
              {rule.history.map((v, i) => (
                <li key={v.version} data-testid="rule-history-entry">
                  <div className="cc-rule-history-head cc-tabular">
                    {t('rules.rule.historyEntry', { version: v.version, date: dayOf(v.effectiveAt) })}
                    {i === 0 ? (
                      <Tag color="success" style={{ marginInlineStart: 8 }}>
                        {t('rules.rule.current')}
                      </Tag>
                    ) : null}
                  </div>
                  <ul>
                    {v.changes.map((change) => (
                      <li key={change}>{change}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <nav className="cc-rule-toc" aria-label={t('rules.rule.toc')} data-testid="rule-toc">
          <div className="cc-rule-toc-title" aria-hidden="true">
            {t('rules.rule.toc')}
          </div>
          <ol>
            {[...rule.toc, { id: HISTORY_SECTION, title: t('rules.rule.history'), level: 2 }].map((entry) => (
              <li key={entry.id} className={entry.level === 3 ? 'cc-rule-toc-sub' : undefined}>
                <Link
                  to={sectionTo(slug, entry.id)}
                  preventScrollReset
                  aria-current={entry.id === section ? 'location' : undefined}
                >
                  {entry.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </article>
  );
}

/** A URL fragment as text (`%E6…` → 标…); a malformed one as it is. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
