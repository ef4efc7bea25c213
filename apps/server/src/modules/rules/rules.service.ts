import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  MESSAGE_LANGUAGES,
  type MessageLanguage,
  RULE_CATEGORIES,
  RULE_SEARCH_MAX_RESULTS,
  RULE_SLUG_PATTERN,
  type RuleCategory,
  type RuleDetail,
  type RuleListItem,
  type RuleSearchHit,
  type RuleTocEntry,
  type RuleVersion,
} from '@cc/contracts';
import matter from 'gray-matter';
import MarkdownIt from 'markdown-it';
import markdownItAttrs from 'markdown-it-attrs';
import MiniSearch from 'minisearch';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { loadJieba } from '../../lib/jieba.js';

/**
 * The rule centre (issue #11, API.md §14 `rules/*`): rules are Markdown files in the repository,
 * `apps/server/rules/<slug>.<lang>.md`, one per language, with front matter (slug, title, category, version,
 * effective date, summary, history). At start they are read once, rendered by markdown-it with HTML off (headings
 * take explicit ids, `## Length {#length}`, through markdown-it-attrs restricted to `id`), then sanitized by
 * sanitize-html. Each language is indexed for search by MiniSearch on its first search (issue #16: jieba is not
 * loaded at start) — Chinese text segmented by jieba (`cutForSearch`, @node-rs/jieba), English by MiniSearch's own
 * word tokenizer with prefix matching. The catalog is immutable while the server runs: a rule changes by a new
 * version of its file and a deploy.
 */

/** The front matter of a rule file (validated; a bad file stops the server at start, naming the file). */
const frontMatterSchema = z.object({
  slug: z.string().regex(RULE_SLUG_PATTERN),
  title: z.string().min(1),
  category: z.enum(RULE_CATEGORIES),
  version: z.int().min(1),
  effective: z.union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]),
  summary: z.string().min(1),
  history: z
    .array(
      z.object({
        version: z.int().min(1),
        effective: z.union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]),
        changes: z.array(z.string().min(1)).min(1),
      }),
    )
    .min(1),
});

/** A section of a rule (a level-2 or level-3 heading and the text up to the next heading), for search. */
interface RuleSection {
  id: string;
  title: string;
  text: string;
}

/** One rule in one language, rendered. */
export interface RuleDocument extends RuleDetail {
  lang: MessageLanguage;
  sections: RuleSection[];
}

/** Every rule in every language, and a search index per language. */
export interface RuleCatalog {
  rules: ReadonlyMap<MessageLanguage, ReadonlyMap<string, RuleDocument>>;
  /** the search index of each language, built on its first search (`searchIndex`, issue #16); a cache */
  index: Map<MessageLanguage, Promise<MiniSearch<SearchEntry>>>;
}

interface SearchEntry {
  id: string;
  slug: string;
  section: string;
  sectionTitle: string;
  title: string;
  text: string;
}

/** Tags and attributes a rendered rule may hold (Markdown's output; nothing else survives). */
const RULE_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'hr',
    'br',
  ],
  allowedAttributes: { h2: ['id'], h3: ['id'], h4: ['id'], a: ['href'], th: ['style'], td: ['style'] },
  allowedStyles: {
    th: { 'text-align': [/^(left|right|center)$/] },
    td: { 'text-align': [/^(left|right|center)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
};

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).use(markdownItAttrs, {
  allowedAttributes: ['id'],
});

/**
 * The word splitter of a language (issue #11): jieba's search mode for zh-CN (long words and their parts; the shared
 * instance of `lib/jieba.ts`, imported on the first call, issue #16), MiniSearch's word split for en-US; lower case,
 * words without a letter or digit dropped. Used for the index and the query alike.
 * @returns a synchronous `(text) => words`
 */
export async function tokenizer(lang: MessageLanguage): Promise<(text: string) => string[]> {
  const split =
    lang === 'zh-CN'
      ? await loadJieba().then((jieba) => (text: string) => jieba.cutForSearch(text, true))
      : (text: string) => text.split(/[^\p{L}\p{N}]+/u);
  return (text) =>
    split(text)
      .map((w) => w.trim().toLowerCase())
      .filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/** Words of a text as the index and the query see them (`tokenizer`). */
export async function tokenize(text: string, lang: MessageLanguage): Promise<string[]> {
  return (await tokenizer(lang))(text);
}

const isoDay = (d: Date | string) =>
  (d instanceof Date ? d : new Date(`${d}T00:00:00Z`)).toISOString().replace(/\.\d{3}Z$/, '.000Z');

/**
 * Renders one rule file.
 * @param source the file's text; `file` its name, for errors
 * @throws Error naming the file when the front matter is invalid, a heading has no id, or ids repeat
 */
export function renderRule(source: string, file: string, lang: MessageLanguage): RuleDocument {
  const parsed = matter(source);
  const fm = frontMatterSchema.safeParse(parsed.data);
  if (!fm.success) throw new Error(`rule ${file}: invalid front matter: ${fm.error.message}`);
  const meta = fm.data;
  if (!meta.slug.startsWith(`${meta.category}-`))
    throw new Error(`rule ${file}: slug ${meta.slug} must begin with its category ${meta.category}-`);
  const env = {};
  const tokens = markdown.parse(parsed.content, env);
  const toc: RuleTocEntry[] = [];
  const sections: RuleSection[] = [{ id: '', title: '', text: '' }];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.type === 'heading_open') {
      const level = Number(token.tag.slice(1));
      const rawId = token.attrGet('id');
      const id = rawId === null ? '' : String(rawId);
      // the inline token's children are the text after markdown-it-attrs took `{#id}` off (its `content` keeps it)
      const title = (tokens[i + 1]?.children ?? [])
        .filter((c) => c.type === 'text' || c.type === 'code_inline')
        .map((c) => c.content)
        .join('')
        .trim();
      if (level === 1) throw new Error(`rule ${file}: use ## and ### headings, not #`);
      if (!id) throw new Error(`rule ${file}: heading "${title}" needs an id ({#id})`);
      if (toc.some((t) => t.id === id)) throw new Error(`rule ${file}: heading id ${id} repeats`);
      if (level <= 3) toc.push({ id, title, level });
      sections.push({ id, title, text: '' });
      i += 2; // the inline and heading_close tokens
      continue;
    }
    if (token.type === 'inline') {
      const text = (token.children ?? [])
        .filter((c) => c.type === 'text' || c.type === 'code_inline')
        .map((c) => c.content)
        .join('');
      sections[sections.length - 1]!.text += `${text}\n`;
    }
  }
  const html = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, env), RULE_HTML_OPTIONS);
  const history: RuleVersion[] = [...meta.history]
    .sort((a, b) => b.version - a.version)
    .map((h) => ({ version: h.version, effectiveAt: isoDay(h.effective), changes: h.changes }));
  if (history[0]?.version !== meta.version)
    throw new Error(`rule ${file}: the newest history entry must be version ${meta.version}`);
  const updatedAt = isoDay(meta.effective);
  return {
    lang,
    slug: meta.slug,
    title: meta.title,
    category: meta.category,
    updatedAt,
    version: meta.version,
    summary: meta.summary,
    html,
    toc,
    history,
    sections: sections.filter((s) => s.text.trim() || s.id),
  };
}

/**
 * Reads and renders every rule of `dir` (`<slug>.<lang>.md`); the search index of a language is built on its
 * first search (`searchIndex`, issue #16).
 * @throws Error naming the file when one is invalid, or when a rule lacks one of the languages or the two
 *   languages disagree on version or section ids
 */
export async function loadRuleCatalog(dir: string): Promise<RuleCatalog> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort();
  const rules = new Map<MessageLanguage, Map<string, RuleDocument>>(
    MESSAGE_LANGUAGES.map((l) => [l, new Map()]),
  );
  for (const file of files) {
    const match = /^(.+)\.(zh-CN|en-US)\.md$/.exec(file);
    if (!match) throw new Error(`rule ${file}: name it <slug>.zh-CN.md or <slug>.en-US.md`);
    const lang = match[2] as MessageLanguage;
    const doc = renderRule(await readFile(path.join(dir, file), 'utf8'), file, lang);
    if (doc.slug !== match[1])
      throw new Error(`rule ${file}: front-matter slug ${doc.slug} differs from the file name`);
    rules.get(lang)!.set(doc.slug, doc);
  }
  for (const lang of MESSAGE_LANGUAGES) {
    for (const [slug, doc] of rules.get(lang)!) {
      for (const other of MESSAGE_LANGUAGES) {
        const twin = rules.get(other)!.get(slug);
        if (!twin) throw new Error(`rule ${slug}: no ${other} version`);
        if (twin.version !== doc.version) throw new Error(`rule ${slug}: versions differ between languages`);
        const ids = (d: RuleDocument) => d.toc.map((t) => t.id).join(',');
        if (ids(twin) !== ids(doc)) throw new Error(`rule ${slug}: section ids differ between languages`);
      }
    }
  }
  return { rules, index: new Map() };
}

/**
 * The search index of `lang` (MiniSearch over every section of every rule), built on the first call and kept in
 * the catalog; concurrent first calls share one build. A build that fails is not kept.
 */
export function searchIndex(catalog: RuleCatalog, lang: MessageLanguage): Promise<MiniSearch<SearchEntry>> {
  let index = catalog.index.get(lang);
  if (!index) {
    index = buildIndex(catalog.rules.get(lang)!.values(), lang);
    catalog.index.set(lang, index);
    index.catch(() => catalog.index.delete(lang));
  }
  return index;
}

async function buildIndex(
  docs: Iterable<RuleDocument>,
  lang: MessageLanguage,
): Promise<MiniSearch<SearchEntry>> {
  const tokenize = await tokenizer(lang);
  const search = new MiniSearch<SearchEntry>({
    fields: ['title', 'sectionTitle', 'text'],
    storeFields: ['slug', 'section', 'sectionTitle', 'title', 'text'],
    tokenize,
    processTerm: (term) => term,
    searchOptions: {
      boost: { title: 3, sectionTitle: 2 },
      prefix: lang === 'en-US',
      fuzzy: lang === 'en-US' ? 0.15 : false,
      tokenize,
      processTerm: (term) => term,
    },
  });
  for (const doc of docs) {
    search.addAll(
      doc.sections.map((s) => ({
        id: `${doc.slug}#${s.id}`,
        slug: doc.slug,
        section: s.id,
        sectionTitle: s.title,
        title: doc.title,
        text: s.text,
      })),
    );
  }
  return search;
}

const catalogs = new Map<string, Promise<RuleCatalog>>();

/**
 * The catalog of `dir`, loaded once per process (the files do not change while the server runs; tests build
 * many apps on one catalog). A load that fails is not kept, so the error repeats with its file name.
 */
export function ruleCatalogOf(dir: string): Promise<RuleCatalog> {
  let catalog = catalogs.get(dir);
  if (!catalog) {
    catalog = loadRuleCatalog(dir);
    catalogs.set(dir, catalog);
    catalog.catch(() => catalogs.delete(dir));
  }
  return catalog;
}

const listItem = (d: RuleDocument): RuleListItem => ({
  slug: d.slug,
  title: d.title,
  category: d.category,
  updatedAt: d.updatedAt,
  version: d.version,
  summary: d.summary,
});

/**
 * `GET /api/rules/list { category? }` (API.md §14): every rule in `lang`, of one category or all, by category
 * then title order of the files.
 */
export function listRules(
  catalog: RuleCatalog,
  lang: MessageLanguage,
  category?: RuleCategory,
): RuleListItem[] {
  const all = [...catalog.rules.get(lang)!.values()];
  return all
    .filter((d) => !category || d.category === category)
    .sort((a, b) => RULE_CATEGORIES.indexOf(a.category) - RULE_CATEGORIES.indexOf(b.category))
    .map(listItem);
}

/**
 * `GET /api/rules/detail { slug }` (API.md §14): the rule in `lang` with its html, table of contents and history.
 * @throws NOT_FOUND (10006, RULE_NOT_FOUND) for an unknown slug
 */
export function getRule(catalog: RuleCatalog, lang: MessageLanguage, slug: string): RuleDetail {
  const doc = catalog.rules.get(lang)!.get(slug);
  if (!doc) throw new AppError('NOT_FOUND', 'RULE_NOT_FOUND');
  return { ...listItem(doc), html: doc.html, toc: doc.toc, history: doc.history };
}

/** The current version of a rule (the agreement's is what authors accept, issue #11). @throws NOT_FOUND */
export function ruleVersion(catalog: RuleCatalog, slug: string): number {
  const doc = catalog.rules.get('zh-CN')!.get(slug);
  if (!doc) throw new AppError('NOT_FOUND', 'RULE_NOT_FOUND');
  return doc.version;
}

/** Characters of context on each side of the first match in a snippet. */
const SNIPPET_CONTEXT = 40;

/** A plain-text excerpt of `text` around the first of `terms` found (the start when none is). */
export function snippetOf(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const at = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  const first = at.length ? Math.min(...at) : 0;
  const start = Math.max(0, first - SNIPPET_CONTEXT);
  const end = Math.min(flat.length, first + SNIPPET_CONTEXT * 2);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/**
 * `GET /api/rules/search { q }` (API.md §14): the sections of rules in `lang` that best match `q`, at most
 * `RULE_SEARCH_MAX_RESULTS`, each with its rule, section and a plain-text snippet around the match. The first
 * search of a language builds its index (`searchIndex`; jieba is imported then for zh-CN, issue #16).
 */
export async function searchRules(
  catalog: RuleCatalog,
  lang: MessageLanguage,
  q: string,
): Promise<RuleSearchHit[]> {
  const search = await searchIndex(catalog, lang);
  const results = search.search(q).slice(0, RULE_SEARCH_MAX_RESULTS);
  const rules = catalog.rules.get(lang)!;
  return results.map((r) => {
    const entry = r as unknown as SearchEntry & { terms: string[] };
    const doc = rules.get(entry.slug)!;
    return {
      slug: entry.slug,
      title: entry.title,
      snippet: snippetOf(entry.text || entry.sectionTitle, r.terms),
      category: doc.category,
      ...(entry.section ? { section: entry.section, sectionTitle: entry.sectionTitle } : {}),
      terms: r.terms,
    };
  });
}
