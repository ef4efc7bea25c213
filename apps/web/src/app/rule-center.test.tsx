import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RuleDetail, RuleListItem, RuleSearchHit } from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';

// The rule centre (issue #11) through the real router with the API stubbed: the index, a category page, a rule
// with its table of contents, history and deep links, and the search with its highlighting.
vi.setConfig({ testTimeout: 30_000 });

const item = (over: Partial<RuleListItem>): RuleListItem => ({
  slug: 'publish-titles',
  title: '标题规范',
  category: 'publish',
  updatedAt: '2026-09-01T00:00:00.000Z',
  version: 2,
  summary: '作品标题的长度、符号和车型名称。',
  ...over,
});

const LIST: RuleListItem[] = [
  item({}),
  item({ slug: 'publish-covers', title: '封面规范', summary: '封面的数量、尺寸和版权。', version: 1 }),
  item({
    slug: 'recommend-quality',
    title: '优质内容标准',
    category: 'recommend',
    summary: '哪些内容会获得更多推荐。',
  }),
  item({
    slug: 'certification-standards',
    title: '认证标准',
    category: 'certification',
    summary: '个人和机构认证的条件。',
  }),
];

const TITLES: RuleDetail = {
  ...item({}),
  html:
    '<p>本规范适用于所有作品。</p>' +
    '<h2 id="length">标题长度</h2><p>标题须为 6–30 个字。</p>' +
    '<h3 id="length-counting">字数怎么算</h3><p>汉字算 1 个。</p>' +
    '<h2 id="symbols">符号与格式</h2><p>见<a href="/authoringService/ruleCenter/publish?rule=publish-covers#count">封面规范</a>。</p>',
  toc: [
    { id: 'length', title: '标题长度', level: 2 },
    { id: 'length-counting', title: '字数怎么算', level: 3 },
    { id: 'symbols', title: '符号与格式', level: 2 },
  ],
  history: [
    {
      version: 2,
      effectiveAt: '2026-09-01T00:00:00.000Z',
      changes: ['新增：加权字数', '新增：不得包含表情符号'],
    },
    { version: 1, effectiveAt: '2025-06-01T00:00:00.000Z', changes: ['首次发布'] },
  ],
};
const COVERS: RuleDetail = {
  ...LIST[1]!,
  html: '<h2 id="count">封面数量</h2><p>文章需要 1 张封面。</p>',
  toc: [{ id: 'count', title: '封面数量', level: 2 }],
  history: [{ version: 1, effectiveAt: '2025-06-01T00:00:00.000Z', changes: ['首次发布'] }],
};

let hits: RuleSearchHit[];
let api: ReturnType<typeof mockApi>;
let scrolled: Element[];

beforeEach(() => {
  hits = [];
  scrolled = [];
  // jsdom lays nothing out: record what the page scrolls into view
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/rules/list': (p) => LIST.filter((r) => !p.category || r.category === p.category),
    '/api/rules/detail': (p) =>
      p.slug === 'publish-titles'
        ? TITLES
        : p.slug === 'publish-covers'
          ? COVERS
          : {
              __envelope: {
                status: 10006,
                message: '规则不存在',
                data: null,
                ercd: 'NOT_FOUND',
              },
            },
    '/api/rules/search': () => hits,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const findRule = () => screen.findByTestId('rule-view', {}, { timeout: 20_000 });

describe('/authoringService/ruleCenter', () => {
  it('lists the categories with their rules, summaries, versions and dates; each rule links to its page', async () => {
    renderRoutes(routes, '/authoringService/ruleCenter');
    const publish = await screen.findByTestId('rule-category-publish', {}, { timeout: 20_000 });
    expect(within(publish).getByRole('heading', { name: '发布规范' })).toBeTruthy();
    expect(within(publish).getAllByTestId('rule-line')).toHaveLength(2);
    expect(within(publish).getByText('作品标题的长度、符号和车型名称。')).toBeTruthy();
    expect(within(publish).getAllByText('第 2 版 · 2026-09-01 起生效')).toHaveLength(1);
    expect(within(publish).getByRole('link', { name: '标题规范' }).getAttribute('href')).toBe(
      '/authoringService/ruleCenter/publish?rule=publish-titles',
    );
    // certification rules have no page of their own: they open in the rule centre
    const certification = screen.getByTestId('rule-category-certification');
    expect(within(certification).getByRole('link', { name: '认证标准' }).getAttribute('href')).toBe(
      '/authoringService/ruleCenter?rule=certification-standards',
    );
  });

  it('searches through ?q=: the rule, the section, the snippet with the words marked, a link to the section', async () => {
    hits = [
      {
        slug: 'publish-titles',
        title: '标题规范',
        category: 'publish',
        section: 'length',
        sectionTitle: '标题长度',
        snippet: '…发布时，标题须为 6–30 个字…',
        // the words the server matched (jieba): marked even where the query's own words do not reach
        terms: ['标题', '长度', '个字'],
      },
    ];
    const { router } = renderRoutes(routes, '/authoringService/ruleCenter');
    const input = await screen.findByRole('searchbox', { name: '搜索规则' }, { timeout: 20_000 });
    fireEvent.change(input, { target: { value: '标题长度' } });
    // antd spaces the two characters of a button: 搜 索
    fireEvent.click(screen.getByRole('button', { name: /^搜\s?索$/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent('标题长度')}`));
    const hit = await screen.findByTestId('rule-search-hit');
    expect(screen.getByText('“标题长度”的搜索结果：1 条')).toBeTruthy();
    expect(hit.getAttribute('href')).toBe('/authoringService/ruleCenter/publish?rule=publish-titles#length');
    expect(api.calls.find((c) => c.path === '/api/rules/search')?.param).toEqual({ q: '标题长度' });
    // the server segments 标题长度 into 标题 / 长度: whatever part it matched is marked
    const marks = [...hit.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['标题', '标题长度', '标题', '个字']);
    // the hit opens the section of the rule on the category's page
    fireEvent.click(hit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/authoringService/ruleCenter/publish'));
    expect(router.state.location.hash).toBe('#length');
    await findRule();
    await waitFor(() => expect(scrolled.map((e) => e.id)).toContain('user-content-length'));
  });

  it('shows a snippet holding markup as text: nothing of it becomes HTML', async () => {
    hits = [
      {
        slug: 'publish-titles',
        title: '标题规范',
        category: 'publish',
        snippet: '<img src=x onerror="alert(1)"> 标题 <b>粗</b>',
        terms: ['标题'],
      },
    ];
    renderRoutes(routes, `/authoringService/ruleCenter?q=${encodeURIComponent('标题')}`);
    const snippet = await screen.findByTestId('rule-search-snippet', {}, { timeout: 20_000 });
    expect(snippet.querySelector('img, b')).toBeNull();
    expect(snippet.textContent).toBe('<img src=x onerror="alert(1)"> 标题 <b>粗</b>');
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['标题']);
    expect(screen.getByTestId('rule-search-hit').getAttribute('href')).toBe(
      '/authoringService/ruleCenter/publish?rule=publish-titles',
    );
  });

  it('says so when nothing matches, and the clear link goes back to the categories', async () => {
    const { router } = renderRoutes(routes, '/authoringService/ruleCenter?q=zzz');
    expect(
      await screen.findByText(
        '没有找到与“zzz”相关的规则，换个关键词试试，或按分类浏览',
        {},
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清除搜索，按分类浏览' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByTestId('rule-category-publish')).toBeTruthy();
  });

  it('opens a rule given by ?rule= (certification rules live here); an unknown one says it was not found', async () => {
    renderRoutes(routes, '/authoringService/ruleCenter?rule=certification-gone');
    expect(await screen.findByText('没有找到这条规则', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回规则中心' }).getAttribute('href')).toBe(
      '/authoringService/ruleCenter',
    );
    expect(api.calls.find((c) => c.path === '/api/rules/detail')?.param).toEqual({
      slug: 'certification-gone',
    });
  });

  it('a ?rule= that is not a slug at all (the server’s 10007) is "not found" too', async () => {
    api = mockApi({
      ...shellHandlers(),
      '/api/rules/detail': () => ({
        __envelope: {
          status: 10007,
          message: '规则不存在',
          data: { fields: [{ path: 'slug', message: '规则不存在', code: 'RULE_NOT_FOUND' }] },
          ercd: 'VALIDATION_FAILED',
        },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/authoringService/ruleCenter?rule=%3Cb%3E');
    expect(await screen.findByTestId('rule-not-found', {}, { timeout: 20_000 })).toBeTruthy();
  });
});

describe('/authoringService/ruleCenter/publish', () => {
  it('lists the category on the left and shows the first rule: title, version, date, contents and history', async () => {
    renderRoutes(routes, '/authoringService/ruleCenter/publish');
    const rule = await findRule();
    expect(api.calls.find((c) => c.path === '/api/rules/list')?.param).toEqual({ category: 'publish' });
    const list = screen.getByRole('navigation', { name: '发布规范：规则列表' });
    expect(
      within(list)
        .getAllByTestId('rule-list-item')
        .map((a) => a.textContent),
    ).toEqual(['标题规范', '封面规范']);
    expect(within(list).getByRole('link', { name: '标题规范' }).getAttribute('aria-current')).toBe('page');
    expect(within(rule).getByRole('heading', { level: 1, name: '标题规范' })).toBeTruthy();
    expect(screen.getByTestId('rule-meta').textContent).toBe('第 2 版2026-09-01 起生效');
    // the table of contents: every section, the level-3 ones indented, and the history last
    const toc = screen.getByRole('navigation', { name: '本页目录' });
    const entries = within(toc).getAllByRole('link');
    expect(entries.map((a) => a.textContent)).toEqual(['标题长度', '字数怎么算', '符号与格式', '版本历史']);
    expect(entries.map((a) => a.getAttribute('href'))).toEqual([
      '/authoringService/ruleCenter/publish?rule=publish-titles#length',
      '/authoringService/ruleCenter/publish?rule=publish-titles#length-counting',
      '/authoringService/ruleCenter/publish?rule=publish-titles#symbols',
      '/authoringService/ruleCenter/publish?rule=publish-titles#version-history',
    ]);
    expect(entries[1]!.closest('li')?.className).toBe('cc-rule-toc-sub');
    // the version history: each version, its date and its changes, newest first
    const history = screen.getAllByTestId('rule-history-entry');
    expect(history.map((h) => h.querySelector('.cc-rule-history-head')?.textContent)).toEqual([
      '第 2 版 · 2026-09-01 起生效当前版本',
      '第 1 版 · 2025-06-01 起生效',
    ]);
    expect(
      within(history[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['新增：加权字数', '新增：不得包含表情符号']);
    expect(scrolled).toEqual([]);
  });

  it('a deep link (?rule=…#length) scrolls to that section once the html is in, marks it and focuses it', async () => {
    renderRoutes(routes, '/authoringService/ruleCenter/publish?rule=publish-titles#length');
    await findRule();
    await waitFor(() => expect(scrolled.map((e) => e.id)).toEqual(['user-content-length']));
    const heading = screen.getByRole('heading', { level: 2, name: /标题长度/ });
    expect(heading.id).toBe('user-content-length');
    expect(heading.classList.contains('cc-rule-target')).toBe(true);
    expect(document.activeElement).toBe(heading);
    const toc = screen.getByRole('navigation', { name: '本页目录' });
    expect(within(toc).getByRole('link', { name: '标题长度' }).getAttribute('aria-current')).toBe('location');
  });

  it('a table-of-contents entry puts its section in the URL and scrolls there', async () => {
    const { router } = renderRoutes(routes, '/authoringService/ruleCenter/publish?rule=publish-titles');
    await findRule();
    const toc = screen.getByRole('navigation', { name: '本页目录' });
    fireEvent.click(within(toc).getByRole('link', { name: '符号与格式' }));
    await waitFor(() => expect(router.state.location.hash).toBe('#symbols'));
    await waitFor(() => expect(scrolled.map((e) => e.id)).toEqual(['user-content-symbols']));
    expect(screen.getByRole('heading', { level: 2, name: /符号与格式/ }).className).toContain(
      'cc-rule-target',
    );
    expect(screen.getByRole('heading', { level: 2, name: /标题长度/ }).className).not.toContain(
      'cc-rule-target',
    );
    fireEvent.click(within(toc).getByRole('link', { name: '版本历史' }));
    await waitFor(() => expect(scrolled.at(-1)?.id).toBe('cc-rule-history-title'));
  });

  it('each section heading has a "#" that copies its link and puts it in the address bar', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { router } = renderRoutes(routes, '/authoringService/ruleCenter/publish');
    await findRule();
    const anchors = screen.getAllByRole('link', { name: /^复制“.+”的链接$/ });
    expect(anchors.map((a) => a.getAttribute('aria-label'))).toEqual([
      '复制“标题长度”的链接',
      '复制“字数怎么算”的链接',
      '复制“符号与格式”的链接',
    ]);
    expect(anchors[0]!.getAttribute('href')).toBe(
      '/authoringService/ruleCenter/publish?rule=publish-titles#length',
    );
    fireEvent.click(anchors[2]!);
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/authoringService/ruleCenter/publish?rule=publish-titles#symbols`,
    );
    expect(await screen.findByText('已复制本节链接')).toBeTruthy();
    await waitFor(() => expect(router.state.location.hash).toBe('#symbols'));
    expect(router.state.location.search).toBe('?rule=publish-titles');
  });

  it('a link to another rule inside the html opens it in the app, at its section', async () => {
    const { router } = renderRoutes(routes, '/authoringService/ruleCenter/publish?rule=publish-titles');
    await findRule();
    fireEvent.click(within(screen.getByTestId('rule-body')).getByRole('link', { name: '封面规范' }));
    await waitFor(() => expect(router.state.location.search).toBe('?rule=publish-covers'));
    expect(router.state.location.hash).toBe('#count');
    expect(await screen.findByRole('heading', { level: 1, name: '封面规范' })).toBeTruthy();
    await waitFor(() => expect(scrolled.map((e) => e.id)).toContain('user-content-count'));
  });

  it('a section the rule does not have says so and shows the whole rule', async () => {
    renderRoutes(routes, '/authoringService/ruleCenter/publish?rule=publish-titles#gone');
    await findRule();
    expect(screen.getByTestId('rule-section-missing').textContent).toContain('本规则中没有“gone”这一节');
    expect(scrolled).toEqual([]);
  });

  it('asks again in the language the author switches to (en-US)', async () => {
    renderRoutes(routes, '/authoringService/ruleCenter/publish');
    await findRule();
    await act(() => setLanguage('en-US'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Version history' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeTruthy();
    const langs = api.calls.filter((c) => c.path === '/api/rules/detail');
    expect(langs.length).toBeGreaterThanOrEqual(2);
  });
});
