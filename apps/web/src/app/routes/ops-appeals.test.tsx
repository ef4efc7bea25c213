import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppealState, OpsAppealItem } from '@cc/contracts';
import { routes } from '../router';
import { mockApi, renderRoutes } from '../../test/render';
import { shellHandlers } from '../../test/fixtures';
import { resetPublicConfig } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';

// The operators' credit appeals (issue #14 "appeals decided by an operator") on /ops/review?tab=appeals: pending
// appeals with the author, the deduction's work, rule and points, and the author's reason; uphold or dismiss with a
// note (required); decided appeals by state with the operator and the note.
vi.setConfig({ testTimeout: 30_000 });

const pending: OpsAppealItem = {
  id: 3,
  state: 'pending',
  reason: '这篇文章只是报道新闻事件，并没有宣传赌博。',
  note: null,
  createdAt: '2026-03-02T03:00:00.000Z',
  decidedAt: null,
  author: { id: 7, account: 'xiaoli', mediaName: '车评小李' },
  score: 95,
  entry: {
    id: 41,
    delta: -5,
    reason: 'violation',
    work: { id: 12, type: 'article', title: '新车试驾体验' },
    ruleRef: 'publish-prohibited#prohibited-words',
    detail: '包含违禁词：赌博（赌博）',
    createdAt: '2026-03-01T03:00:00.000Z',
  },
  operatorName: null,
};
const dismissed: OpsAppealItem = {
  ...pending,
  id: 2,
  state: 'dismissed',
  note: '含有赌博网站推广',
  decidedAt: '2026-03-01T05:00:00.000Z',
  operatorName: '运营小王',
};

let api: ReturnType<typeof mockApi>;
let queue: OpsAppealItem[];

beforeEach(() => {
  queue = [pending, dismissed];
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/user_center/get_my_info_by_id': () => ({
      authStatus: 2,
      avator: '',
      mediaName: 'Op',
      id: 1,
      userIdentityList: [],
      role: 'operator',
    }),
    '/api/ops/review/list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    '/api/ops/credit/appeal_list': (p) => {
      const list = queue.filter((a) => a.state === ((p.state as AppealState | undefined) ?? 'pending'));
      return { list, total: list.length, page: 1, pageSize: 10 };
    },
    '/api/ops/credit/decide_appeal': (p) => {
      const state = p.decision === 'uphold' ? 'upheld' : 'dismissed';
      queue = queue.map((a) =>
        a.id === Number(p.appealId) ? { ...a, state, note: String(p.note), operatorName: 'Op' } : a,
      );
      return { id: Number(p.appealId), state, restored: state === 'upheld' ? 5 : 0, score: 100 };
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const decisions = () =>
  api.calls.filter((c) => c.path === '/api/ops/credit/decide_appeal').map((c) => c.param);

describe('/ops/review?tab=appeals', () => {
  it('lists pending appeals with the author, the work, the rule, the deduction and the reason', async () => {
    renderRoutes(routes, '/ops/review?tab=appeals');
    const table = await screen.findByTestId('appeal-queue');
    const [row] = within(table).getAllByRole('row').slice(1) as [HTMLElement];
    expect(row.textContent).toContain('车评小李');
    expect(row.textContent).toContain('账号：xiaoli');
    expect(within(row).getByTestId('appeal-author-score').textContent).toBe('当前 95 分');
    expect(within(row).getByTestId('points-change').textContent).toBe('-5 分');
    expect(within(row).getByTestId('credit-work').textContent).toBe('新车试驾体验');
    expect(within(row).getByTestId('credit-rule').textContent).toContain('包含违禁词：赌博（赌博）');
    expect(within(row).getByTestId('credit-rule-link').getAttribute('data-rule-ref')).toBe(
      'publish-prohibited#prohibited-words',
    );
    expect(within(row).getByTestId('appeal-reason-text').textContent).toContain('只是报道新闻事件');
    expect(api.calls.find((c) => c.path === '/api/ops/credit/appeal_list')?.param).toMatchObject({
      state: 'pending',
    });
  });

  it('upholds with a note (required: nothing is sent without one); the queue empties', async () => {
    renderRoutes(routes, '/ops/review?tab=appeals');
    fireEvent.click(await screen.findByTestId('appeal-uphold'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('通过申诉：恢复《新车试驾体验》扣的 5 分')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('appeal-confirm'));
    expect(await within(dialog).findByText('请填写处理说明')).toBeTruthy();
    expect(decisions()).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('appeal-note'), { target: { value: '经复核属于新闻报道' } });
    fireEvent.click(within(dialog).getByTestId('appeal-confirm'));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]).toEqual({ appealId: 3, decision: 'uphold', note: '经复核属于新闻报道' });
    expect(await screen.findByText('没有待处理的申诉')).toBeTruthy();
  });

  it('dismisses, and shows decided appeals by state with the operator and the note (English)', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/ops/review?tab=appeals');
    fireEvent.click(await screen.findByTestId('appeal-dismiss'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Dismiss the appeal of the deduction for “新车试驾体验”')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('appeal-note'), { target: { value: 'promotes a casino' } });
    fireEvent.click(within(dialog).getByTestId('appeal-confirm'));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]).toEqual({ appealId: 3, decision: 'dismiss', note: 'promotes a casino' });
    expect(await screen.findByText('No appeal is waiting')).toBeTruthy();
    fireEvent.click(screen.getByText('Dismissed'));
    await waitFor(() => expect(screen.getAllByTestId('appeal-decided-note')).toHaveLength(2));
    const notes = screen.getAllByTestId('appeal-decided-note').map((n) => n.textContent);
    expect(notes).toContain('运营小王: 含有赌博网站推广');
    expect(notes).toContain('Op: promotes a casino');
    expect(screen.getAllByTestId('appeal-state')[0]!.textContent).toBe('Appeal dismissed');
  });

  it('shows the server’s refusal of a second decision', async () => {
    api = mockApi({
      ...shellHandlers(),
      '/api/user_center/get_my_info_by_id': () => ({
        authStatus: 2,
        avator: '',
        mediaName: 'Op',
        id: 1,
        userIdentityList: [],
        role: 'operator',
      }),
      '/api/ops/credit/appeal_list': () => ({ list: [pending], total: 1, page: 1, pageSize: 10 }),
      '/api/ops/credit/decide_appeal': () => ({
        __envelope: {
          status: 10008,
          message: '这条申诉已处理（已驳回），不能再次处理',
          data: null,
          ercd: 'CONFLICT',
        },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/ops/review?tab=appeals');
    fireEvent.click(await screen.findByTestId('appeal-uphold'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('appeal-note'), { target: { value: '恢复' } });
    fireEvent.click(within(dialog).getByTestId('appeal-confirm'));
    expect(await screen.findByText('这条申诉已处理（已驳回），不能再次处理')).toBeTruthy();
  });
});
