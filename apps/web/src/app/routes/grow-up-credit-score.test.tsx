import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { creditThresholdStatus, type CreditEntry, type CreditScore } from '@cc/contracts';
import { routes } from '../router';
import { mockApi, renderRoutes } from '../../test/render';
import { shellHandlers } from '../../test/fixtures';
import { unnamedIconControls } from '../../test/a11y';
import { resetPublicConfig } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';

// `/growUp/creditScore` (issue #14 "Credit score"): the score, the thresholds before the author meets them, the
// ledger with each deduction's work and rule, and the appeal form (10–500 characters, sent once).
vi.setConfig({ testTimeout: 30_000 });

const deduction: CreditEntry = {
  id: 41,
  delta: -5,
  scoreAfter: 65,
  reason: 'violation',
  work: { id: 7, type: 'video', title: '改装排气实拍' },
  ruleRef: 'publish-prohibited#prohibited-words',
  detail: '包含违禁词：赌博（赌博）',
  createdAt: '2026-03-02T03:00:00.000Z',
  appeal: null,
  appealable: true,
};
const appealed: CreditEntry = {
  ...deduction,
  id: 40,
  scoreAfter: 70,
  work: { id: 6, type: 'article', title: '新车试驾' },
  appeal: {
    id: 3,
    state: 'dismissed',
    reason: '这是新闻报道，不是违规内容',
    note: '含有赌博网站推广',
    createdAt: '2026-03-01T03:00:00.000Z',
    decidedAt: '2026-03-01T05:00:00.000Z',
  },
  appealable: false,
};
const recovery: CreditEntry = {
  id: 42,
  delta: 1,
  scoreAfter: 66,
  reason: 'clean_week',
  work: null,
  ruleRef: null,
  detail: null,
  createdAt: '2026-03-09T16:30:00.000Z',
  appeal: null,
  appealable: false,
};

function scoreOf(score: number, pendingAppeals = 0): CreditScore {
  return {
    score,
    max: 100,
    deltas: { violation: -5, cleanWeek: 1, approvedUpload: 3 },
    thresholds: creditThresholdStatus(score),
    pendingAppeals,
    recent: [],
  };
}

let api: ReturnType<typeof mockApi>;
let entries: CreditEntry[];
let score: CreditScore;

beforeEach(() => {
  entries = [recovery, deduction, appealed];
  score = scoreOf(66);
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/credit/score': () => score,
    '/api/credit/ledger': (p) => ({
      list: entries,
      total: entries.length,
      page: Number(p.page ?? 1),
      pageSize: 10,
    }),
    '/api/credit/appeal': (p) => {
      const entry = entries.find((e) => e.id === Number(p.entryId))!;
      const appeal = {
        id: 9,
        state: 'pending' as const,
        reason: String(p.reason),
        note: null,
        createdAt: '2026-03-10T03:00:00.000Z',
        decidedAt: null,
      };
      entries = entries.map((e) => (e === entry ? { ...e, appeal, appealable: false } : e));
      score = scoreOf(66, 1);
      return { ...appeal, entryId: entry.id };
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const appeals = () => api.calls.filter((c) => c.path === '/api/credit/appeal').map((c) => c.param);

describe('/growUp/creditScore', () => {
  it('shows the score, which thresholds apply and how far away each is, and the rules', async () => {
    renderRoutes(routes, '/growUp/creditScore');
    expect((await screen.findByTestId('credit-score')).textContent).toBe('66 分');
    expect(screen.getByTestId('credit-status').textContent).toBe('有 1 项限制正在生效');
    const promotion = screen.getByTestId('threshold-promotion');
    expect(promotion.textContent).toContain('发起作品推广');
    expect(promotion.textContent).toContain('低于 70 分时受限');
    expect(within(promotion).getByTestId('threshold-state').textContent).toBe('已受限');
    expect(within(promotion).getByTestId('threshold-distance').textContent).toContain('还差 4 分解除');
    const orders = screen.getByTestId('threshold-business_orders');
    expect(within(orders).getByTestId('threshold-state').textContent).toBe('可使用');
    expect(within(orders).getByTestId('threshold-distance').textContent).toBe(
      '高于门槛 6 分 · 再有 2 次违规扣分将受限',
    );
    expect(screen.getByTestId('credit-rules').textContent).toContain('-5 分');
    expect(unnamedIconControls()).toEqual([]);
  });

  it('lists the ledger: change, reason, the work linking to it and the rule linking to the rule centre, the appeal', async () => {
    renderRoutes(routes, '/growUp/creditScore');
    const table = await screen.findByTestId('credit-ledger');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('points-change').textContent).toBe('+1 分');
    expect(within(first).getByTestId('credit-reason').textContent).toBe('无违规周恢复');
    expect(within(second).getByTestId('points-change').textContent).toBe('-5 分');
    expect(within(second).getByTestId('credit-work').getAttribute('href')).toBe('/videos/video?id=7');
    expect(within(second).getByTestId('credit-rule').textContent).toContain('包含违禁词：赌博（赌博）');
    expect(within(second).getByTestId('credit-rule-link').getAttribute('href')).toBe(
      '/authoringService/ruleCenter/publish?rule=publish-prohibited#prohibited-words',
    );
    expect(within(second).getByTestId('appeal-open').textContent).toBe('申 诉');
    expect(within(third).getByTestId('appeal-state').textContent).toBe('申诉未通过');
    expect(third.textContent).toContain('处理说明：含有赌博网站推广');
    expect(within(third).queryByTestId('appeal-open')).toBeNull();
  });

  it('appeals a deduction: a reason under 10 characters is refused in the form; then sent once, the row pending', async () => {
    renderRoutes(routes, '/growUp/creditScore');
    fireEvent.click(await screen.findByTestId('appeal-open'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('《改装排气实拍》扣 -5 分')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('appeal-reason'), {
      target: { value: '九个字的申诉理由啊' },
    });
    fireEvent.click(within(dialog).getByTestId('appeal-submit'));
    expect(await within(dialog).findByText('申诉理由需要 10–500 个字')).toBeTruthy();
    expect(appeals()).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('appeal-reason'), {
      target: { value: '视频只是展示合法改装，没有提到赌博' },
    });
    fireEvent.click(within(dialog).getByTestId('appeal-submit'));
    await waitFor(() => expect(appeals()).toHaveLength(1));
    expect(appeals()[0]).toEqual({ entryId: 41, reason: '视频只是展示合法改装，没有提到赌博' });
    expect(await screen.findByText('申诉已提交，等待运营处理')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('appeal-state')).toHaveLength(2));
    expect(screen.queryByTestId('appeal-open')).toBeNull();
    expect((await screen.findByTestId('credit-pending-appeals')).textContent).toBe('1 条申诉等待运营处理');
  });

  it('shows the server’s refusal of an appeal, in English', async () => {
    await act(() => setLanguage('en-US'));
    api = mockApi({
      ...shellHandlers(),
      '/api/credit/score': () => scoreOf(100),
      '/api/credit/ledger': () => ({ list: [deduction], total: 1, page: 1, pageSize: 10 }),
      '/api/credit/appeal': () => ({
        __envelope: {
          status: 10008,
          message:
            'this deduction was already appealed (the appeal is pending); each deduction can be appealed once',
          data: null,
          ercd: 'CONFLICT',
        },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/growUp/creditScore');
    expect((await screen.findByTestId('credit-score')).textContent).toBe('100 points');
    expect(screen.getByTestId('credit-status').textContent).toBe('Good standing: nothing is restricted');
    fireEvent.click(await screen.findByTestId('appeal-open'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('appeal-reason'), {
      target: { value: 'The video shows a legal modification only.' },
    });
    fireEvent.click(within(dialog).getByTestId('appeal-submit'));
    expect(await screen.findByText(/already appealed \(the appeal is pending\)/)).toBeTruthy();
  });

  it('with no change yet, says the score is full and points to the rule centre', async () => {
    entries = [];
    score = scoreOf(100);
    renderRoutes(routes, '/growUp/creditScore');
    expect(await screen.findByText(/还没有任何变化/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看规则中心' }).getAttribute('href')).toBe(
      '/authoringService/ruleCenter',
    );
    expect(screen.getByTestId('credit-status').textContent).toBe('信用良好：没有任何限制');
  });
});
