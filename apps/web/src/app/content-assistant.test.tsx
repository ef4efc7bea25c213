import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  AssistantCheck,
  ContentDetail,
  CreativeHot,
  CreativeInterest,
  SuggestTitles,
} from '@cc/contracts';
import { routes } from './router';
import { type MockHandlers, mockApi, renderRoutes } from '../test/render';
import { contentItem, fieldRefusal, shellHandlers } from '../test/fixtures';
import { unnamedIconControls } from '../test/a11y';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';

// Issue #14 "Content assistant" (spec §6): /contentAssistant — not allowed, suggestions, the check, picking a work —
// and the "write with the assistant" links of /creativeHot and /creativeInterest, through the real router.
vi.setConfig({ testTimeout: 30_000 });

const suggestion: SuggestTitles = {
  engine: 'model',
  language: 'zh-CN',
  keywords: [
    { word: '汉L', weight: 1.5445 },
    { word: '续航', weight: 0.716 },
  ],
  cars: [{ id: 1002, brand: '比亚迪', series: '汉L' }],
  titles: [
    { text: '比亚迪汉L冬季续航实测：零下15度掉电多少', source: 'model', pattern: 'review' },
    { text: '比亚迪汉L深度评测：续航和后排空间表现如何', source: 'local', pattern: 'review' },
    { text: '比亚迪汉L值得买吗？从续航和后排空间看', source: 'local', pattern: 'buying' },
  ],
};
const checked: AssistantCheck = {
  ok: false,
  issues: [
    {
      severity: 'error',
      code: 'TITLE_LENGTH',
      field: 'title',
      message: '标题需为 6–30 个字',
      ruleRef: 'publish-titles#length',
    },
    {
      severity: 'warning',
      code: 'ASSISTANT_CLICKBAIT_SHOCK',
      field: 'title',
      message: '“震惊”是夸大惊悚的词语，标题容易被认定为标题党',
      ruleRef: 'publish-titles#clickbait',
    },
  ],
};
const detail: ContentDetail = {
  ...contentItem({ id: 7, type: 'video', title: '汉L冬季续航实测视频' }),
  content: '<p>这期视频实测比亚迪汉L在零下的续航。</p>',
  coverUrls: ['/media/img/0x0/covers/a.jpg'],
  scheduledAt: null,
};

let api: ReturnType<typeof mockApi>;
function stub(over: MockHandlers = {}) {
  api = mockApi({
    ...shellHandlers(),
    '/api/assistant/state': () => ({ allowed: true, engine: 'model' }),
    '/api/assistant/suggest_titles': () => suggestion,
    '/api/assistant/check': () => checked,
    '/api/content/list': () => ({
      list: [contentItem({ id: 7, type: 'video', title: '汉L冬季续航实测视频' })],
      total: 1,
      page: 1,
      pageSize: 20,
    }),
    '/api/content/detail': () => detail,
    ...over,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
}
beforeEach(() => {
  resetPublicConfig();
  stub();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const callsTo = (path: string) => api.calls.filter((c) => c.path === path);
const TEXT = '<p>比亚迪汉L上市了，我们在冬季零下15度实测了汉L的续航。</p>';

describe('/contentAssistant without the permission', () => {
  it('explains that an operator enables it, with no form to fill', async () => {
    stub({ '/api/assistant/state': () => ({ allowed: false, engine: 'local' }) });
    renderRoutes(routes, '/contentAssistant');
    const box = await screen.findByTestId('assistant-not-allowed');
    expect(box.textContent).toContain('你的账号还没有开通内容助手');
    expect(box.textContent).toContain('请联系运营人员为你开通');
    expect(within(box).getByRole('link').getAttribute('href')).toBe(
      '/authoringService/ruleCenter/publish?rule=publish-titles#length',
    );
    expect(screen.queryByTestId('assistant-suggest')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(callsTo('/api/assistant/suggest_titles')).toHaveLength(0);
  });

  it('in English', async () => {
    await act(() => setLanguage('en-US'));
    stub({ '/api/assistant/state': () => ({ allowed: false, engine: 'local' }) });
    renderRoutes(routes, '/contentAssistant');
    expect((await screen.findByTestId('assistant-not-allowed')).textContent).toContain(
      'An operator enables the content assistant per author',
    );
  });
});

describe('/contentAssistant', () => {
  it('suggests titles from the pasted text, leading with the topic of the link', async () => {
    renderRoutes(routes, `/contentAssistant?topic=${encodeURIComponent('冬季续航')}`);
    expect((await screen.findByTestId('assistant-engine')).textContent).toBe('标题来源：本地建议 + 模型建议');
    expect(screen.getByLabelText<HTMLInputElement>('话题').value).toBe('冬季续航');
    const suggest = screen.getByTestId('assistant-suggest');
    expect(suggest.hasAttribute('disabled')).toBe(true); // nothing to read yet
    fireEvent.change(screen.getByLabelText('正文'), { target: { value: TEXT } });
    expect(screen.getByTestId('assistant-text-count').textContent).toBe('28 字');
    fireEvent.click(screen.getByTestId('assistant-suggest'));
    const list = await screen.findByTestId('assistant-titles');
    expect(callsTo('/api/assistant/suggest_titles')[0]!.param).toEqual({
      text: TEXT,
      type: 'article',
      topic: '冬季续航',
    });
    expect(screen.getByTestId('assistant-cars').textContent).toBe('比亚迪 汉L');
    const keyword = within(screen.getByTestId('assistant-keywords')).getByText('续航');
    expect(keyword.closest('[title]')?.getAttribute('title')).toBe('TF-IDF 权重 0.7160');
    const rows = within(list).getAllByTestId('assistant-title');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('比亚迪汉L冬季续航实测：零下15度掉电多少');
    expect(rows[0]!.textContent).toContain('评测');
    expect(rows[0]!.textContent).toContain('模型');
    expect(rows[0]!.textContent).toContain('19.5/30 字');
    expect(rows[2]!.textContent).toContain('购车建议');
    expect(rows[2]!.textContent).toContain('本地');
    expect(screen.getByText(/文章编辑器暂不支持带入标题/)).toBeTruthy();
    expect(unnamedIconControls(list)).toEqual([]);
  });

  it('copies a title, and uses one as the current title', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes(routes, '/contentAssistant');
    fireEvent.change(await screen.findByLabelText('正文'), { target: { value: TEXT } });
    fireEvent.click(screen.getByTestId('assistant-suggest'));
    await screen.findByTestId('assistant-titles');
    fireEvent.click(screen.getByRole('button', { name: '复制：比亚迪汉L值得买吗？从续航和后排空间看' }));
    expect(writeText).toHaveBeenCalledWith('比亚迪汉L值得买吗？从续航和后排空间看');
    expect(await screen.findByText('已复制标题')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: '填入标题：比亚迪汉L深度评测：续航和后排空间表现如何' }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('当前标题').value).toBe(
      '比亚迪汉L深度评测：续航和后排空间表现如何',
    );
    expect(screen.getByTestId('assistant-title-count').textContent).toBe('20.5/30 字');
  });

  it('says why the model’s titles are missing', async () => {
    stub({
      '/api/assistant/suggest_titles': () => ({
        ...suggestion,
        engine: 'local',
        titles: suggestion.titles.slice(1),
        modelError: '模型标题暂不可用（模型服务 10 秒内没有回应），以下是本地建议',
      }),
    });
    renderRoutes(routes, '/contentAssistant');
    fireEvent.change(await screen.findByLabelText('正文'), { target: { value: TEXT } });
    fireEvent.click(screen.getByTestId('assistant-suggest'));
    expect((await screen.findByTestId('assistant-model-error')).textContent).toContain(
      '模型服务 10 秒内没有回应',
    );
  });

  it('shows a refusal of the server, and an empty answer says what to do', async () => {
    stub({
      '/api/assistant/suggest_titles': () => ({
        __envelope: fieldRefusal('text', '正文至少需要 10 个字才能生成标题建议', {
          code: 'ASSISTANT_TEXT_TOO_SHORT',
        }),
      }),
    });
    renderRoutes(routes, '/contentAssistant');
    fireEvent.change(await screen.findByLabelText('正文'), { target: { value: '短' } });
    fireEvent.click(screen.getByTestId('assistant-suggest'));
    expect((await screen.findByRole('alert')).textContent).toContain('正文至少需要 10 个字才能生成标题建议');

    stub({ '/api/assistant/suggest_titles': () => ({ ...suggestion, cars: [], keywords: [], titles: [] }) });
    fireEvent.click(screen.getByTestId('assistant-suggest'));
    expect(await screen.findByText('正文里没有找到车系或关键词，多写一些具体内容再试')).toBeTruthy();
    expect(screen.getByText('没有识别到车库中的车系')).toBeTruthy();
  });

  it('runs the check: a summary, each issue with its severity in words and a link to its rule', async () => {
    renderRoutes(routes, '/contentAssistant');
    fireEvent.change(await screen.findByLabelText('当前标题'), { target: { value: '震惊！汉L' } });
    expect(screen.getByTestId('assistant-title-count').textContent).toBe('4.5/30 字');
    fireEvent.change(screen.getByLabelText('正文'), { target: { value: TEXT } });
    fireEvent.click(screen.getByTestId('assistant-run-check'));
    const result = await screen.findByTestId('assistant-check');
    expect(callsTo('/api/assistant/check')[0]!.param).toEqual({
      title: '震惊！汉L',
      text: TEXT,
      type: 'article',
    });
    expect(screen.getByTestId('assistant-check-summary').textContent).toContain(
      '有 1 个问题需要修改后才能发布',
    );
    const issues = within(result).getAllByTestId('assistant-issue');
    expect(issues.map((i) => i.dataset.severity)).toEqual(['error', 'warning']);
    expect(issues[0]!.textContent).toContain('需修改');
    expect(issues[0]!.textContent).toContain('标题');
    expect(issues[1]!.textContent).toContain('提醒');
    expect(within(issues[0]!).getByTestId('rule-link').getAttribute('href')).toBe(
      '/authoringService/ruleCenter/publish?rule=publish-titles#length',
    );
    expect(within(issues[1]!).getByTestId('rule-link').getAttribute('href')).toBe(
      '/authoringService/ruleCenter/publish?rule=publish-titles#clickbait',
    );
  });

  it('a passing check says so', async () => {
    stub({ '/api/assistant/check': () => ({ ok: true, issues: [] }) });
    renderRoutes(routes, '/contentAssistant');
    fireEvent.click(await screen.findByTestId('assistant-run-check'));
    expect((await screen.findByTestId('assistant-check-summary')).textContent).toContain(
      '没有发现问题，可以发布',
    );
  });

  it('reads one of my works: its kind, title, text and covers, then checks them', async () => {
    renderRoutes(routes, '/contentAssistant');
    fireEvent.click(within(await screen.findByTestId('assistant-mode')).getByText('选择我的作品'));
    const picker = await screen.findByLabelText('我的作品');
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByText('汉L冬季续航实测视频'));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('当前标题').value).toBe('汉L冬季续航实测视频'),
    );
    expect(callsTo('/api/content/detail')[0]!.param).toEqual({ id: 7 });
    expect(screen.getByLabelText<HTMLTextAreaElement>('正文').value).toBe(detail.content);
    expect(screen.getByLabelText<HTMLInputElement>('封面数量').value).toBe('1');
    expect(screen.getByTestId('assistant-picked').textContent).toContain('已读取《汉L冬季续航实测视频》');
    fireEvent.click(screen.getByTestId('assistant-run-check'));
    await screen.findByTestId('assistant-check');
    expect(callsTo('/api/assistant/check')[0]!.param).toEqual({
      title: '汉L冬季续航实测视频',
      text: detail.content,
      type: 'video',
      coverCount: 1,
    });
  });

  it('does not suggest titles for a dynamic (no title of its own) but still checks it', async () => {
    renderRoutes(routes, '/contentAssistant');
    fireEvent.change(await screen.findByLabelText('正文'), { target: { value: TEXT } });
    fireEvent.mouseDown(screen.getByLabelText('作品类型'));
    fireEvent.click(await screen.findByTitle('动态'));
    await waitFor(() => expect(screen.getByTestId('assistant-suggest').hasAttribute('disabled')).toBe(true));
    expect(
      screen.getAllByText('动态没有单独的标题，不生成标题建议；可以直接做发布前检查').length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('assistant-run-check'));
    await screen.findByTestId('assistant-check');
    expect(callsTo('/api/assistant/check')[0]!.param).toMatchObject({ type: 'dynamic' });
  });

  it('in English', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/contentAssistant');
    expect((await screen.findByTestId('assistant-engine')).textContent).toBe(
      'Titles from: local and model suggestions',
    );
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: TEXT } });
    fireEvent.click(screen.getByTestId('assistant-suggest'));
    const rows = await screen.findAllByTestId('assistant-title');
    expect(rows[0]!.textContent).toContain('19.5/30 characters');
    expect(rows[0]!.textContent).toContain('review');
    fireEvent.click(screen.getByTestId('assistant-run-check'));
    expect((await screen.findByTestId('assistant-check-summary')).textContent).toContain(
      '1 issue must be fixed before publishing',
    );
  });
});

describe('links from the trend pages', () => {
  const hot: CreativeHot = {
    asOf: '2026-11-20T04:00:00.000Z',
    kind: 'series',
    range: { start: '2026-11-19T04:00:00.000Z', end: '2026-11-20T04:00:00.000Z' },
    list: [
      {
        rank: 1,
        key: '1001',
        label: '比亚迪 汉',
        seriesId: 1001,
        engagement: 10,
        works: 1,
        sparkline: new Array<number>(24).fill(0),
      },
    ],
  };
  const interest: CreativeInterest = {
    asOf: '2026-11-20T04:00:00.000Z',
    kind: 'keyword',
    range: { start: '2026-11-13', end: '2026-11-19' },
    previousRange: { start: '2026-11-06', end: '2026-11-12' },
    minEngagement: 50,
    list: [
      {
        rank: 1,
        key: '续航',
        label: '续航',
        engagement: 60,
        previous: 0,
        growthRate: null,
        works: 1,
        sparkline: new Array<number>(14).fill(0),
      },
    ],
  };

  it('/creativeHot and /creativeInterest link every entry into the assistant with it as the topic', async () => {
    stub({ '/api/creative/hot': () => hot, '/api/creative/interest': () => interest });
    const { router, unmount } = renderRoutes(routes, '/creativeHot');
    const link = within(await screen.findByTestId('trend-1001')).getByTestId('write-with-assistant');
    expect(link.getAttribute('href')).toBe(`/contentAssistant?topic=${encodeURIComponent('比亚迪 汉')}`);
    expect(link.getAttribute('aria-label')).toBe('用内容助手写“比亚迪 汉”');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contentAssistant'));
    expect((await screen.findByLabelText<HTMLInputElement>('话题')).value).toBe('比亚迪 汉');
    unmount();

    renderRoutes(routes, '/creativeInterest?kind=keyword');
    const rising = within(await screen.findByTestId('trend-续航')).getByTestId('write-with-assistant');
    expect(rising.getAttribute('href')).toBe(`/contentAssistant?topic=${encodeURIComponent('续航')}`);
    expect(rising.textContent).toContain('用内容助手写');
  });
});
