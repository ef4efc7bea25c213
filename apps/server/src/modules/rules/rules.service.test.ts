import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MESSAGE_LANGUAGES,
  RULE_REFS,
  RULE_SEARCH_MAX_RESULTS,
  type RuleDetail,
  type RuleSearchHit,
  SERVER_MESSAGES,
} from '@cc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support.js';
import {
  getRule,
  listRules,
  renderRule,
  type RuleCatalog,
  ruleCatalogOf,
  searchRules,
  snippetOf,
  tokenize,
} from './rules.service.js';

// Issue #11 "Rule centre", API.md §14: rules as Markdown files, rendered with HTML off and sanitized, searchable
// in both languages, linked from every refusal.
const RULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../rules');
let catalog: RuleCatalog;
beforeAll(async () => {
  catalog = await ruleCatalogOf(RULES_DIR);
});

const FRONT = `---
slug: publish-sample
title: Sample
category: publish
version: 2
effective: 2026-05-01
summary: a sample
history:
  - version: 2
    effective: 2026-05-01
    changes: [changed]
  - version: 1
    effective: 2025-01-01
    changes: [first]
---
`;

describe('rendering a rule file', () => {
  it('turns HTML off: raw tags and scripts come out as text, links keep only safe schemes', () => {
    const doc = renderRule(
      `${FRONT}<script>alert(1)</script>\n\n## Length {#length}\n\n[bad](javascript:alert(1)) [ok](/authoringService/ruleCenter)\n\n<img src=x onerror=alert(1)>`,
      'publish-sample.en-US.md',
      'en-US',
    );
    expect(doc.html).not.toContain('<script');
    expect(doc.html).toContain('&lt;script&gt;');
    expect(doc.html).not.toContain('<img');
    expect(doc.html).not.toContain('href="javascript');
    expect(doc.html).toContain('<h2 id="length">Length</h2>');
    expect(doc.html).toContain('href="/authoringService/ruleCenter"');
    expect(doc.toc).toEqual([{ id: 'length', title: 'Length', level: 2 }]);
    expect(doc.sections.find((x) => x.id === 'length')?.title).toBe('Length');
    expect(doc.history.map((h) => h.version)).toEqual([2, 1]);
    expect(doc.updatedAt).toBe('2026-05-01T00:00:00.000Z');
  });
  it('refuses a heading without an id, an h1, a repeated id, a history that does not end at the version', () => {
    expect(() => renderRule(`${FRONT}## No id`, 'f.md', 'en-US')).toThrow(/needs an id/);
    expect(() => renderRule(`${FRONT}# Big {#big}`, 'f.md', 'en-US')).toThrow(/not #/);
    expect(() => renderRule(`${FRONT}## A {#a}\n\n## B {#a}`, 'f.md', 'en-US')).toThrow(/repeats/);
    expect(() =>
      renderRule(
        FRONT.replace('version: 2\neffective: 2026', 'version: 3\neffective: 2026'),
        'f.md',
        'en-US',
      ),
    ).toThrow(/version 3/);
    expect(() =>
      renderRule(FRONT.replace('category: publish', 'category: recommend'), 'f.md', 'en-US'),
    ).toThrow(/must begin with its category/);
  });
});

describe('the rules of the repository', () => {
  it('every rule exists in both languages with the same version and sections, in the three categories', () => {
    for (const lang of MESSAGE_LANGUAGES) {
      const list = listRules(catalog, lang);
      expect(list.length).toBeGreaterThanOrEqual(10);
      expect(new Set(list.map((r) => r.category))).toEqual(
        new Set(['publish', 'recommend', 'certification']),
      );
    }
    expect(listRules(catalog, 'zh-CN', 'recommend').every((r) => r.category === 'recommend')).toBe(true);
  });

  it('every refusal that links to a rule links to a section that exists, in both languages (RULE_REFS)', () => {
    const refs = Object.entries(RULE_REFS);
    expect(refs.length).toBeGreaterThan(30);
    for (const [code, ref] of refs) {
      expect(Object.hasOwn(SERVER_MESSAGES, code), `${code} is a catalog code`).toBe(true);
      const [slug, section] = (ref ?? '').split('#');
      for (const lang of MESSAGE_LANGUAGES) {
        const rule: RuleDetail = getRule(catalog, lang, slug!);
        expect(
          rule.toc.some((t) => t.id === section),
          `${code} → ${ref} (${lang})`,
        ).toBe(true);
      }
    }
  });

  it('the certification agreement is versioned with its history', () => {
    const agreement = getRule(catalog, 'zh-CN', 'certification-agreement');
    expect(agreement.version).toBeGreaterThanOrEqual(2);
    expect(agreement.history[0]!.version).toBe(agreement.version);
    expect(agreement.history.at(-1)!.version).toBe(1);
  });

  it('an unknown slug is 10006', () => {
    expect(() => getRule(catalog, 'zh-CN', 'publish-nothing-here')).toThrow(/no such rule/);
  });
});

describe('search (jieba for Chinese)', () => {
  it('segments Chinese into words', async () => {
    expect(await tokenize('标题不得使用夸张用语', 'zh-CN')).toEqual(
      expect.arrayContaining(['标题', '夸张', '用语']),
    );
    expect(await tokenize('Titles, covers!', 'en-US')).toEqual(['titles', 'covers']);
  });

  it('finds a section by a Chinese word that appears only inside longer text, with a snippet around it', async () => {
    const hits = await searchRules(catalog, 'zh-CN', '联系方式');
    expect(hits.length).toBeGreaterThan(0);
    const hit = hits.find((h) => h.slug === 'publish-advertising') as RuleSearchHit;
    expect(hit).toBeDefined();
    expect(hit.snippet).toContain('联系方式');
    expect(hit.terms).toEqual(expect.arrayContaining(['联系', '方式']));
    expect(hit.section).toBeTruthy();
  });

  it('finds English by word and prefix', async () => {
    const hits = await searchRules(catalog, 'en-US', 'clickbai');
    expect(hits[0]?.slug).toBe('publish-titles');
    expect(await searchRules(catalog, 'en-US', 'zzzxqv')).toEqual([]);
  });

  it('snippets are plain text around the first match', () => {
    expect(snippetOf('a'.repeat(100) + 'needle' + 'b'.repeat(100), ['needle'])).toMatch(/^….*needle.*…$/);
  });
});

describe('routes (API.md §14)', () => {
  const t = useTestApp();
  it('list, detail and search answer without a session, in the request language', async () => {
    const list = await t.get<{ slug: string }[]>('/api/rules/list', { category: 'publish' });
    expect(list.status).toBe(1);
    expect(list.data.some((r) => r.slug === 'publish-titles')).toBe(true);
    const en = await t.get<RuleDetail>('/api/rules/detail', { slug: 'publish-titles' }, null, {
      headers: { 'accept-language': 'en-US' },
    });
    const zh = await t.get<RuleDetail>('/api/rules/detail', { slug: 'publish-titles' });
    expect(en.data.title).not.toBe(zh.data.title);
    expect(en.data.toc.map((s) => s.id)).toEqual(zh.data.toc.map((s) => s.id));
    // 标题 stands in more sections than a page of hits holds: the answer stops at RULE_SEARCH_MAX_RESULTS
    const search = await t.get<RuleSearchHit[]>('/api/rules/search', { q: '标题' });
    expect(search.data).toHaveLength(RULE_SEARCH_MAX_RESULTS);
    expect((await t.get('/api/rules/detail', { slug: 'publish-nope' })).status).toBe(10006);
    expect((await t.get('/api/rules/detail', { slug: 'Not A Slug!' })).status).toBe(10006);
    expect((await t.get('/api/rules/search', { q: '' })).status).toBe(10007);
  });

  it('a refusal carries the rule it applies (data.ruleRef and on its field)', async () => {
    const a = await t.signIn();
    const res = await t.post<{ fields: { path: string; ruleRef?: string }[]; ruleRef?: string }>(
      '/api/article/publish',
      { title: '短', content: '<p>正文</p>', coverUrls: [], publishType: 1 },
      a,
      { json: true },
    );
    expect(res.status).toBe(10007);
    const title = res.data.fields.find((f) => f.path === 'title');
    expect(title?.ruleRef).toBe('publish-titles#length');
  });

  it('a rejected work and its message carry the rule they apply', async () => {
    const a = await t.signIn();
    const res = await t.post<{ id: number; status: string }>(
      '/api/article/publish',
      {
        title: '这台车的价格像赌博一样',
        content: '<p>这台车的价格就像赌博一样难以预测</p>',
        coverUrls: ['/media/img/400x300/covers/a.jpg'],
        publishType: 1,
      },
      a,
      { json: true },
    );
    expect(res.data.status).toBe('rejected');
    const list = await t.get<{ list: { id: number; rejectRuleRef?: string | null }[] }>(
      '/api/content/list',
      {},
      a,
    );
    expect(list.data.list.find((i) => i.id === res.data.id)?.rejectRuleRef).toBe(
      'publish-prohibited#prohibited-words',
    );
    const msgs = await t.get<{ list: { kind?: string; ruleRef?: string }[] }>(
      '/api/message/get_message_list',
      { page: 1, pageSize: 20 },
      a,
    );
    expect(msgs.data.list.find((m) => m.kind === 'article_rejected')?.ruleRef).toBe(
      'publish-prohibited#prohibited-words',
    );
  });
});
