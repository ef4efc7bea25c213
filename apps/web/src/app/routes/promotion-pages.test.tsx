import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CouponDetail, CouponItem, OpsCouponItem, PromotionDetail, PromotionItem } from '@cc/contracts';
import { routes } from '../router';
import { mockApi, renderRoutes } from '../../test/render';
import { contentItem, shellHandlers } from '../../test/fixtures';
import { resetPublicConfig } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';

// Growth coupons and promotion (issue #14): the promote form with the price, estimate and payment shown before
// paying; my coupons by state and a coupon's page; my promotions with delivery, cost per view and per new fan,
// promoted vs natural traffic and the stop button; the operators' coupon tab — through the real router with the
// API stubbed by the contracts' shapes.
vi.setConfig({ testTimeout: 30_000 });

const FUTURE = '2099-01-01T15:59:59.999Z';
function coupon(over: Partial<CouponItem> = {}): CouponItem {
  return {
    id: 11,
    valueFen: 3000,
    minSpendFen: 5000,
    expiresAt: FUTURE,
    source: 'task',
    sourceRef: 'task:1',
    note: null,
    state: 'available',
    promotionId: null,
    usedAt: null,
    createdAt: '2026-11-01T02:00:00.000Z',
    ...over,
  };
}
function promotion(over: Partial<PromotionItem> = {}): PromotionItem {
  return {
    id: 7,
    contentId: 1,
    contentTitle: '一篇已经发布的文章',
    contentType: 'article',
    goal: 'views',
    hours: 24,
    targeting: {},
    budgetFen: 10_000,
    couponId: 11,
    couponFen: 3000,
    cashFen: 7000,
    unitPriceFen: 2,
    state: 'running',
    stopReason: null,
    startsAt: '2026-11-20T02:00:00.000Z',
    endsAt: '2026-11-21T02:00:00.000Z',
    stoppedAt: null,
    impressions: 12_000,
    views: 1500,
    fans: 12,
    spentFen: 3000,
    refundedFen: 0,
    costPerViewFen: 2,
    costPerFanFen: 250,
    createdAt: '2026-11-20T02:00:00.000Z',
    ...over,
  };
}
function detail(over: Partial<PromotionDetail> = {}): PromotionDetail {
  return {
    ...promotion(),
    targeting: { gender: 'male', regions: ['CN-BJ', 'CN-SH'] },
    traffic: {
      promotedImpressions: 12_000,
      naturalImpressions: 30_000,
      promotedViews: 1500,
      naturalViews: 500,
    },
    series: [
      {
        hour: '2026-11-20T02:00:00.000Z',
        promotedImpressions: 6000,
        promotedViews: 900,
        naturalViews: 300,
        fans: 7,
      },
      {
        hour: '2026-11-20T03:00:00.000Z',
        promotedImpressions: 6000,
        promotedViews: 600,
        naturalViews: 200,
        fans: 5,
      },
    ],
    ...over,
  };
}
const opsCoupon = (over: Partial<OpsCouponItem> = {}): OpsCouponItem => ({
  ...coupon({ source: 'operator', sourceRef: 'operator:1', note: '新人扶持' }),
  userId: 5,
  account: 'author_one',
  mediaName: '车评小王',
  ...over,
});

let api: ReturnType<typeof mockApi>;
let coupons: CouponItem[];
let balanceFen: number;
let works: ReturnType<typeof contentItem>[];
let promotions: PromotionItem[];

beforeEach(() => {
  resetPublicConfig();
  coupons = [
    coupon(),
    coupon({ id: 12, valueFen: 1000, minSpendFen: 20_000 }),
    coupon({ id: 13, state: 'used', promotionId: 7, usedAt: '2026-11-20T02:00:00.000Z' }),
  ];
  balanceFen = 30_000;
  works = [contentItem({ id: 1 }), contentItem({ id: 2, title: '一条小视频', type: 'smallVideo' })];
  promotions = [
    promotion(),
    promotion({
      id: 6,
      contentTitle: '旧的推广',
      state: 'ended',
      stopReason: 'time',
      spentFen: 800,
      refundedFen: 9200,
      costPerFanFen: null,
      fans: 0,
    }),
  ];
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
    '/api/content/list': () => ({ list: works, total: works.length, page: 1, pageSize: 100 }),
    '/api/promotion/coupon_list': (p) => {
      const list = coupons.filter((c) => p.state === undefined || c.state === p.state);
      return { list, total: list.length, page: 1, pageSize: Number(p.pageSize) };
    },
    '/api/wallet/summary': () => ({ balanceFen, pendingFen: 0, nextSettleOn: null, settledFen: 0 }),
    '/api/promotion/create': (p) => promotion({ id: 8, budgetFen: Number(p.budgetFen) }),
    '/api/promotion/list': (p) => {
      const list = promotions.filter((x) => p.state === undefined || x.state === p.state);
      return { list, total: list.length, page: 1, pageSize: 10 };
    },
    '/api/promotion/detail': () => detail(),
    '/api/promotion/stop': () => promotion({ state: 'ended', stopReason: 'author', refundedFen: 7000 }),
    '/api/promotion/coupon_detail': (p): CouponDetail | { __envelope: never } =>
      Number(p.id) === 13
        ? {
            ...coupon({ id: 13, state: 'used', promotionId: 7, usedAt: '2026-11-20T02:00:00.000Z' }),
            promotion: {
              id: 7,
              contentId: 1,
              contentTitle: '一篇已经发布的文章',
              state: 'running',
              budgetFen: 10_000,
              couponFen: 3000,
              createdAt: '2026-11-20T02:00:00.000Z',
            },
          }
        : Number(p.id) === 11
          ? { ...coupon(), promotion: null }
          : ({
              __envelope: { status: 10006, message: '推广券不存在', data: null, ercd: 'NOT_FOUND' },
            } as never),
    '/api/ops/promotion/coupon_list': () => ({ list: [opsCoupon()], total: 1, page: 1, pageSize: 20 }),
    '/api/ops/promotion/grant_coupon': (p) =>
      opsCoupon({ id: 20, valueFen: Number(p.valueFen), minSpendFen: Number(p.minSpendFen) }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const callsTo = (path: string) => api.calls.filter((c) => c.path === path);

describe('/growthInterest/growthBoost', () => {
  it('shows the price, the estimate and how the coupon and wallet pay before paying; pays with the chosen coupon', async () => {
    const { router } = renderRoutes(routes, '/growthInterest/growthBoost?contentId=1&couponId=11');
    const summary = await screen.findByTestId('promote-summary');
    expect(screen.getByRole('heading', { level: 1, name: '作品推广' })).toBeTruthy();
    await waitFor(() => expect(within(summary).getByTestId('promote-balance').textContent).toBe('300.00 元'));
    expect(within(summary).getByText('每次推广阅读')).toBeTruthy();
    expect(within(summary).getByText('0.02 元')).toBeTruthy();
    // 100 yuan at 0.02 yuan a view; the 30 yuan coupon first, 70 from the wallet
    expect(within(summary).getByTestId('promote-estimate').textContent).toBe('5000 次阅读');
    await waitFor(() => expect(within(summary).getByTestId('promote-cash').textContent).toBe('70.00 元'));
    const submit = screen.getByTestId('promote-submit');
    expect(submit.textContent).toBe('支付 70.00 元并开始投放');

    // goal fans: priced per new fan
    fireEvent.click(screen.getByRole('radio', { name: '粉丝' }));
    await waitFor(() =>
      expect(within(summary).getByTestId('promote-estimate').textContent).toBe('100 位新粉丝'),
    );
    expect(within(summary).getByText('1.00 元')).toBeTruthy();

    fireEvent.click(submit);
    await waitFor(() => expect(callsTo('/api/promotion/create')).toHaveLength(1));
    const param = callsTo('/api/promotion/create')[0]!.param;
    expect(param).toMatchObject({
      contentId: 1,
      goal: 'fans',
      hours: 24,
      budgetFen: 10_000,
      couponId: 11,
      targeting: {},
    });
    expect(param.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/growthInterest/myPromotion'));
    expect(router.state.location.search).toBe('?id=8');
  });

  it('warns when the wallet cannot pay the rest and will not submit', async () => {
    balanceFen = 1000;
    renderRoutes(routes, '/growthInterest/growthBoost?contentId=1');
    expect((await screen.findByTestId('promote-short')).textContent).toBe(
      '钱包余额不足，还差 90.00 元。请降低预算或使用推广券。',
    );
    expect(screen.getByTestId('promote-submit').hasAttribute('disabled')).toBe(true);
    // a smaller budget fits
    fireEvent.change(screen.getByTestId('promote-budget'), { target: { value: '10' } });
    await waitFor(() => expect(screen.queryByTestId('promote-short')).toBeNull());
    expect(screen.getByTestId('promote-estimate').textContent).toBe('500 次阅读');
  });

  it('names why a coupon does not fit the budget, next to the field', async () => {
    renderRoutes(routes, '/growthInterest/growthBoost?contentId=1&couponId=12');
    const fieldError = () => document.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
    await waitFor(() => expect(fieldError()).toBe('预算满 200.00 元可用'));
    expect(screen.getByTestId('promote-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('promote-budget'), { target: { value: '200' } });
    await waitFor(() => expect(fieldError()).toBeNull());
    await waitFor(() => expect(screen.getByTestId('promote-cash').textContent).toBe('190.00 元'));
  });

  it("shows the server's refusal in the page's language", async () => {
    await act(() => setLanguage('en-US'));
    api = mockApi({
      ...shellHandlers(),
      '/api/content/list': () => ({ list: works, total: 2, page: 1, pageSize: 100 }),
      '/api/promotion/coupon_list': () => ({ list: [], total: 0, page: 1, pageSize: 100 }),
      '/api/wallet/summary': () => ({ balanceFen, pendingFen: 0, nextSettleOn: null, settledFen: 0 }),
      '/api/promotion/create': () => ({
        __envelope: {
          status: 10008,
          message: 'promotion #3 of this work is still running; start another one when it ends',
          data: null,
          ercd: 'CONFLICT',
        },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/growthInterest/growthBoost?contentId=1');
    fireEvent.click(await screen.findByTestId('promote-submit'));
    expect((await screen.findByTestId('promote-error')).textContent).toBe(
      'promotion #3 of this work is still running; start another one when it ends',
    );
    expect(screen.getByText('No coupon to use yet: growth tasks reward them.')).toBeTruthy();
    expect(screen.getByText('No coupon to use. Growth tasks and platform campaigns give them.')).toBeTruthy();
  });

  it('says to publish first when there is no published work', async () => {
    works = [];
    const { router } = renderRoutes(routes, '/growthInterest/growthBoost');
    expect(await screen.findByText('还没有已发布的作品。先发布一篇作品，再来推广它。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去发布' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/article'));
  });

  it('lists my coupons by state with their condition, expiry and source', async () => {
    renderRoutes(routes, '/growthInterest/growthBoost');
    const card = await screen.findByTestId('coupons-card');
    await waitFor(() => expect(within(card).getAllByTestId('coupon-item')).toHaveLength(2));
    const first = within(card).getAllByTestId('coupon-item')[0]!;
    expect(first.textContent).toContain('30.00 元');
    expect(first.textContent).toContain('预算满 50.00 元可用');
    expect(first.textContent).toContain('任务奖励');
    fireEvent.click(within(card).getByRole('tab', { name: '已使用' }));
    await waitFor(() => expect(within(card).getAllByTestId('coupon-item')).toHaveLength(1));
    expect(within(card).getByTestId('coupon-item').textContent).toContain('已使用');
    expect(within(card).queryByText('去使用')).toBeNull();
  });
});

describe('/growthInterest/couponDetail', () => {
  it('shows a used coupon with the promotion it paid', async () => {
    renderRoutes(routes, '/growthInterest/couponDetail?id=13');
    expect((await screen.findByTestId('coupon-value')).textContent).toBe('30.00 元');
    expect(screen.getByTestId('coupon-promotion').textContent).toContain(
      '用于推广《一篇已经发布的文章》，抵扣 30.00 元。',
    );
    expect(screen.getByRole('link', { name: '查看推广' }).getAttribute('href')).toBe(
      '/growthInterest/myPromotion?id=7',
    );
  });

  it('an available coupon leads to the promote form with it chosen', async () => {
    const { router } = renderRoutes(routes, '/growthInterest/couponDetail?id=11');
    fireEvent.click(await screen.findByRole('button', { name: '去使用' }));
    await waitFor(() => expect(router.state.location.search).toBe('?couponId=11'));
    expect(router.state.location.pathname).toBe('/growthInterest/growthBoost');
  });

  it("another author's or a missing coupon says so", async () => {
    renderRoutes(routes, '/growthInterest/couponDetail?id=99');
    expect(await screen.findByText('没有这张推广券')).toBeTruthy();
  });
});

describe('/growthInterest/myPromotion', () => {
  it('lists promotions with delivery, spend, cost per view and per new fan; shows one with promoted vs natural', async () => {
    renderRoutes(routes, '/growthInterest/myPromotion?id=7');
    const table = await screen.findByTestId('promotion-table');
    await within(table).findByText('旧的推广');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('投放中');
    expect(within(rows[0]!).getByTestId('promotion-delivery').textContent).toBe('1.2万 / 1500 / 12');
    expect(within(rows[0]!).getByTestId('promotion-spent').textContent).toBe('30.00 元 / 100.00 元');
    expect(rows[0]!.textContent).toContain('0.02 元');
    expect(rows[0]!.textContent).toContain('2.50 元');
    expect(rows[1]!.textContent).toContain('已结束 · 时间到');
    expect(rows[1]!.textContent).toContain('92.00 元');
    expect(within(rows[1]!).queryByRole('button', { name: /停止/ })).toBeNull();

    const panel = await screen.findByTestId('promotion-detail');
    await within(panel).findByText('《一篇已经发布的文章》的推广效果');
    const traffic = within(panel).getByTestId('promotion-traffic');
    expect(traffic.textContent).toContain('推广阅读1500');
    expect(traffic.textContent).toContain('自然阅读500');
    expect(traffic.textContent).toContain('推广阅读占比75%');
    expect(within(panel).getByRole('img').getAttribute('aria-label')).toBe(
      '投放期间 2 个小时的阅读：推广阅读 1500 次，自然阅读 500 次，新粉丝 12 位',
    );
    expect(panel.textContent).toContain('男 · 北京、上海');
    expect(panel.textContent).toContain('券 30.00 元 + 钱包 70.00 元');
  });

  it('the author stops a running promotion after confirming; the refund is announced', async () => {
    renderRoutes(routes, '/growthInterest/myPromotion');
    fireEvent.click(await screen.findByRole('button', { name: '停止推广《一篇已经发布的文章》' }));
    expect(await screen.findByText('停止这个推广？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '停 止' }));
    await waitFor(() =>
      expect(callsTo('/api/promotion/stop')).toEqual([{ path: '/api/promotion/stop', param: { id: 7 } }]),
    );
    expect(await screen.findByText('已停止，退回钱包 70.00 元')).toBeTruthy();
  });

  it('says what to do when there are none, in English too', async () => {
    promotions = [];
    await act(() => setLanguage('en-US'));
    const { router } = renderRoutes(routes, '/growthInterest/myPromotion');
    expect(
      await screen.findByText('No promotions yet. Promote a published work to show it to more readers.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Promote a work' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/growthInterest/growthBoost'));
  });
});

describe('/ops/review?tab=coupons', () => {
  it('grants a coupon to an account in yuan and lists the coupons granted', async () => {
    renderRoutes(routes, '/ops/review?tab=coupons');
    const list = await screen.findByTestId('ops-coupons');
    expect(list.textContent).toContain('车评小王');
    expect(list.textContent).toContain('author_one');
    expect(list.textContent).toContain('平台发放 · 新人扶持');
    fireEvent.change(screen.getByTestId('grant-account'), { target: { value: ' author_one ' } });
    fireEvent.change(screen.getByTestId('grant-value'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('grant-submit'));
    await waitFor(() => expect(callsTo('/api/ops/promotion/grant_coupon')).toHaveLength(1));
    const param = callsTo('/api/ops/promotion/grant_coupon')[0]!.param;
    expect(param).toMatchObject({ account: 'author_one', valueFen: 3000, minSpendFen: 0, validDays: 30 });
    expect(typeof param.key).toBe('string');
    expect(await screen.findByText('已给 车评小王（author_one）发放 30.00 元推广券')).toBeTruthy();
  });
});
