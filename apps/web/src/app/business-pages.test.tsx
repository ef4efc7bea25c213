import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  declineOrderParamSchema,
  deliverOrderParamSchema,
  idParamSchema,
  orderListParamSchema,
  reviewOrderParamSchema,
  cancelOrderParamSchema,
  type OpsOrderItem,
  type OrderDetail,
  type OrderItem,
  type OrderSummary,
  type WalletEntry,
} from '@cc/contracts';
import { routes } from './router';
import { type MockHandlers, mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { unnamedIconControls } from '../test/a11y';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import zhCN from '../lib/i18n/locales/zh-CN';

// Issue #14 "Business orders": the author's list (summary, limits, tabs, wallet) and detail (milestones, accept,
// decline, deliver), the operators' tab on /ops/review, and the menu badge of `hasBussinessTask` (spec §3) —
// through the real router with the API stubbed by the contract's types.
vi.setConfig({ testTimeout: 30_000 });

const B = zhCN.business;
/** A button's name as antd writes two-character Chinese labels (`确 定`). */
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

function order(over: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 7,
    brand: '星途汽车',
    campaign: '冬季试驾',
    type: 'implanted_video',
    priceFen: 88_800,
    state: 'invited',
    respondBy: '2030-03-11T02:00:00.000Z',
    deliverBy: '2030-03-17T02:00:00.000Z',
    revisionsAllowed: 2,
    revisionsUsed: 0,
    revisionsLeft: 2,
    keepDays: 60,
    settleOn: null,
    keepUntil: null,
    nextDeadline: '2030-03-11T02:00:00.000Z',
    awaitingAuthor: true,
    work: null,
    createdAt: '2030-03-10T02:00:00.000Z',
    acceptedAt: null,
    deliveredAt: null,
    approvedAt: null,
    settledAt: null,
    closedAt: null,
    ...over,
  };
}

function detail(over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...order(),
    brief: '试驾新车并口播卖点。',
    authorActions: ['accept', 'decline'],
    milestones: [
      { key: 'invite', status: 'done', due: null, dueDay: null, at: '2030-03-10T02:00:00.000Z' },
      { key: 'respond', status: 'current', due: '2030-03-11T02:00:00.000Z', dueDay: null, at: null },
      { key: 'deliver', status: 'upcoming', due: '2030-03-17T02:00:00.000Z', dueDay: null, at: null },
      { key: 'review', status: 'upcoming', due: null, dueDay: null, at: null },
      { key: 'settle', status: 'upcoming', due: null, dueDay: null, at: null },
      { key: 'keep', status: 'upcoming', due: null, dueDay: null, at: null },
    ],
    history: [
      {
        id: 1,
        from: null,
        to: 'invited',
        action: 'create',
        actor: 'operator',
        note: null,
        at: '2030-03-10T02:00:00.000Z',
      },
    ],
    ...over,
  };
}

function summary(over: Partial<OrderSummary> = {}): OrderSummary {
  return {
    hasBussinessTask: 1,
    invited: 1,
    awaitingAuthor: 1,
    inProgress: 0,
    pendingFen: 0,
    settledFen: 150_000,
    counts: {
      invited: 1,
      accepted: 0,
      delivered: 0,
      revision_requested: 0,
      approved: 0,
      settled: 1,
      declined: 0,
      expired: 0,
      cancelled: 0,
    },
    openOrders: 0,
    openLimit: 1,
    creditScore: 100,
    creditMin: 60,
    ...over,
  };
}

const entry: WalletEntry = {
  id: 3,
  amountFen: 150_000,
  kind: 'order_settlement',
  ref: 'order:5',
  orderId: 5,
  balanceAfterFen: 150_000,
  createdAt: '2030-03-01T02:00:00.000Z',
};

const page = <T,>(list: T[], p: Record<string, unknown>) => ({
  list,
  total: list.length,
  page: Number(p.page ?? 1),
  pageSize: Number(p.pageSize ?? 20),
});

/** What the server checks each call's param with: the page must send what the contract accepts. */
const PARAM_SCHEMAS: Record<string, { safeParse(v: unknown): { success: boolean } }> = {
  '/api/business/order_list': orderListParamSchema,
  '/api/business/order_detail': idParamSchema,
  '/api/business/accept_order': idParamSchema,
  '/api/business/decline_order': declineOrderParamSchema,
  '/api/business/deliver_order': deliverOrderParamSchema,
  '/api/ops/business/review_order': reviewOrderParamSchema,
  '/api/ops/business/cancel_order': cancelOrderParamSchema,
};

function start(extra: MockHandlers = {}, role: 'author' | 'operator' = 'author') {
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/user_center/get_my_info_by_id': () => ({
      authStatus: 2,
      avator: '/media/img/{0}x{0}/a.png',
      mediaName: 'Demo Garage',
      id: 1,
      userIdentityList: [],
      role,
    }),
    '/api/business/order_summary': () => summary(),
    '/api/business/order_list': (p) =>
      page(
        [
          order(),
          order({
            id: 5,
            brand: '极狐汽车',
            state: 'settled',
            awaitingAuthor: false,
            nextDeadline: null,
            settleOn: '2030-03-04',
            keepUntil: '2030-04-30',
          }),
        ].filter((o) => !p.state || o.state === p.state),
        p,
      ),
    '/api/business/order_detail': () => detail(),
    '/api/wallet/summary': () => ({
      balanceFen: 150_000,
      pendingFen: 0,
      nextSettleOn: null,
      settledFen: 150_000,
    }),
    '/api/wallet/ledger': (p) => page([entry], p),
    ...extra,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return api;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

function expectValidParams(api: ReturnType<typeof mockApi>) {
  for (const c of api.calls) {
    const schema = PARAM_SCHEMAS[c.path];
    if (schema) expect(schema.safeParse(c.param).success, `${c.path} ${JSON.stringify(c.param)}`).toBe(true);
  }
}

describe('/businessOrder', () => {
  it('shows the summary, the wallet, the orders with price in yuan, deadlines, revisions, and the ledger', async () => {
    const api = start();
    renderRoutes(routes, '/businessOrder');
    const table = await screen.findByTestId('orders-table');
    expect(within(table).getByText('星途汽车 · 冬季试驾')).toBeTruthy();
    expect(within(table).getAllByText('¥888.00').length).toBe(2);
    expect(within(table).getByText(B.list.awaitingTag)).toBeTruthy();
    expect(within(table).getByText(/前接受$/)).toBeTruthy();
    expect(within(table).getAllByText('2 / 2 次').length).toBe(2);
    expect(within(table).getByText('2030-03-04')).toBeTruthy();
    expect(within(table).getByText('2030-04-30')).toBeTruthy();
    const link = within(table).getByText('星途汽车 · 冬季试驾').closest('a')!;
    expect(link.getAttribute('href')).toBe('/businessOrder/detail?id=7');
    const summaryRow = screen.getByTestId('business-summary');
    expect(within(summaryRow).getAllByText('¥1500.00').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('信用分 100 分（接单需 ≥ 60 分）')).toBeTruthy();
    expect(screen.getByText(`${B.tabs.invited} (1)`)).toBeTruthy();
    const ledger = await screen.findByTestId('wallet-ledger');
    expect(within(ledger).getByText('+1500.00')).toBeTruthy();
    expect(within(ledger).getByText('商单 #5').closest('a')!.getAttribute('href')).toBe(
      '/businessOrder/detail?id=5',
    );
    expectValidParams(api);
  });

  it('a tab puts the state in the address and asks for it', async () => {
    const api = start();
    const { router } = renderRoutes(routes, '/businessOrder');
    fireEvent.click(await screen.findByTestId('order-tab-settled'));
    await waitFor(() => expect(router.state.location.search).toBe('?state=settled'));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path === '/api/business/order_list' && c.param.state === 'settled'),
      ).toBe(true),
    );
    expectValidParams(api);
  });

  it('warns before the author meets the credit minimum and the grade limit', async () => {
    start({
      '/api/business/order_summary': () => summary({ creditScore: 55, openOrders: 1, openLimit: 1 }),
    });
    renderRoutes(routes, '/businessOrder');
    expect((await screen.findByTestId('credit-warning')).textContent).toContain(
      '你的信用分为 55 分，低于接单所需的 60 分',
    );
    expect(screen.getByTestId('limit-warning').textContent).toContain('达到等级上限 1 个');
  });

  it('the empty state says how orders arrive (en-US)', async () => {
    await setLanguage('en-US');
    start({
      '/api/business/order_summary': () =>
        summary({ hasBussinessTask: 0, invited: 0, awaitingAuthor: 0, settledFen: 0 }),
      '/api/business/order_list': (p) => page([], p),
      '/api/wallet/ledger': (p) => page([], p),
    });
    renderRoutes(routes, '/businessOrder');
    expect(
      await screen.findByText(/Brands invite authors through the platform’s business team/),
    ).toBeTruthy();
    expect(screen.getByText(/settles into the wallet three days later \(T\+3\)/)).toBeTruthy();
  });

  it('the menu entry carries a badge while an order waits for the author, none otherwise', async () => {
    start();
    const first = renderRoutes(routes, '/businessOrder');
    const badge = await screen.findByTestId('menu-badge-businessOrder');
    expect(badge.textContent).toBe(B.menuBadge);
    first.unmount();
    start({ '/api/business/order_summary': () => summary({ hasBussinessTask: 0 }) });
    renderRoutes(routes, '/businessOrder');
    await screen.findByTestId('orders-table');
    expect(screen.queryByTestId('menu-badge-businessOrder')).toBeNull();
  });
});

describe('/businessOrder/detail', () => {
  it('shows the brief, the milestones with deadlines and the history; accept sends the id', async () => {
    const api = start({
      '/api/business/accept_order': () => detail({ state: 'accepted', authorActions: ['deliver'] }),
    });
    renderRoutes(routes, '/businessOrder/detail?id=7');
    expect((await screen.findByTestId('order-brief')).textContent).toBe('试驾新车并口播卖点。');
    expect(screen.getByTestId('order-price').textContent).toBe('¥888.00');
    expect(screen.getByTestId('order-revisions').textContent).toBe('已用 0 次，剩余 2 次（共 2 次）');
    expect(screen.getByTestId('milestone-respond').textContent).toBe('接受邀约 · 进行中');
    expect(screen.getByTestId('milestone-settle').textContent).toBe('结算（T+3） · 未开始');
    expect(within(screen.getByTestId('order-history')).getByText('发出邀约')).toBeTruthy();
    expect(unnamedIconControls()).toEqual([]);
    fireEvent.click(screen.getByTestId('accept-order'));
    fireEvent.click(await screen.findByRole('button', { name: spaced(B.detail.ok) }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/business/accept_order')?.param).toEqual({ id: 7 }),
    );
    expectValidParams(api);
  });

  it('a refusal is shown in the server’s words', async () => {
    start({
      '/api/business/accept_order': () => ({
        __envelope: {
          status: 10005,
          message: '你的信用分为 55 分，接商单需要至少 60 分',
          data: null,
          ercd: 'FORBIDDEN',
        },
      }),
    });
    renderRoutes(routes, '/businessOrder/detail?id=7');
    fireEvent.click(await screen.findByTestId('accept-order'));
    fireEvent.click(await screen.findByRole('button', { name: spaced(B.detail.ok) }));
    expect(await screen.findByText('你的信用分为 55 分，接商单需要至少 60 分')).toBeTruthy();
  });

  it('decline needs a reason and sends it', async () => {
    const api = start({
      '/api/business/decline_order': () => detail({ state: 'declined', authorActions: [] }),
    });
    renderRoutes(routes, '/businessOrder/detail?id=7');
    fireEvent.click(await screen.findByTestId('decline-order'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: spaced(B.detail.decline) }));
    expect(await within(dialog).findByText(B.ops.required)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/business/decline_order')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('decline-reason'), { target: { value: '档期冲突' } });
    fireEvent.click(within(dialog).getByRole('button', { name: spaced(B.detail.decline) }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/business/decline_order')?.param).toEqual({
        id: 7,
        reason: '档期冲突',
      }),
    );
    expectValidParams(api);
  });

  it('deliver: pick one of my published works; none → says to publish first', async () => {
    const accepted = detail({
      state: 'accepted',
      authorActions: ['deliver'],
      nextDeadline: '2030-03-17T02:00:00.000Z',
    });
    const api = start({
      '/api/business/order_detail': () => accepted,
      '/api/business/deliverable_works': () => ({
        list: [{ id: 42, title: '冰雪路面制动实测', type: 'video', publishedAt: '2030-03-09T02:00:00.000Z' }],
      }),
      '/api/business/deliver_order': () => ({ ...accepted, state: 'delivered', authorActions: [] }),
    });
    renderRoutes(routes, '/businessOrder/detail?id=7');
    fireEvent.click(await screen.findByTestId('deliver-order'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('冰雪路面制动实测'));
    fireEvent.click(within(dialog).getByRole('button', { name: B.detail.deliver }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/business/deliver_order')?.param).toEqual({
        id: 7,
        contentId: 42,
      }),
    );
    expectValidParams(api);
  });

  it('deliver with no fitting work points to publishing one', async () => {
    start({
      '/api/business/order_detail': () => detail({ state: 'accepted', authorActions: ['deliver'] }),
      '/api/business/deliverable_works': () => ({ list: [] }),
    });
    renderRoutes(routes, '/businessOrder/detail?id=7');
    fireEvent.click(await screen.findByTestId('deliver-order'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(B.detail.deliverEmpty)).toBeTruthy();
    expect(within(dialog).getByText(B.detail.publishVideo).closest('a')!.getAttribute('href')).toBe(
      '/videos/video',
    );
  });

  it('an approved order shows its settle date and keep-until date', async () => {
    start({
      '/api/business/order_detail': () =>
        detail({
          state: 'approved',
          authorActions: [],
          settleOn: '2030-03-13',
          keepUntil: '2030-05-09',
          work: { id: 42, title: '冰雪路面制动实测', type: 'video', status: 'published' },
        }),
    });
    renderRoutes(routes, '/businessOrder/detail?id=7');
    expect((await screen.findByTestId('settle-notice')).textContent).toContain(
      '报酬 888.00 元将于 2030-03-13 结算到钱包',
    );
    expect(screen.getByTestId('keep-notice').textContent).toContain('交付作品需保持发布至 2030-05-09');
    expect(screen.getByText(B.detail.noActions)).toBeTruthy();
  });

  it('a missing, malformed or foreign id says so with a way back', async () => {
    const api = start({
      '/api/business/order_detail': () => ({
        __envelope: { status: 10006, message: '商单不存在', data: null, ercd: 'NOT_FOUND' },
      }),
    });
    const view = renderRoutes(routes, '/businessOrder/detail?id=abc');
    expect(await screen.findByText(B.detail.notFound)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/business/order_detail')).toBe(false);
    view.unmount();
    renderRoutes(routes, '/businessOrder/detail?id=99');
    expect(await screen.findByText(B.detail.notFound)).toBeTruthy();
  });
});

describe('/ops/review?tab=orders (operators)', () => {
  const opsOrder = (over: Partial<OpsOrderItem> = {}): OpsOrderItem => ({
    ...order({
      state: 'delivered',
      awaitingAuthor: false,
      nextDeadline: null,
      work: { id: 42, title: '冰雪路面制动实测', type: 'video', status: 'published' },
    }),
    userId: 9,
    account: 'xiaowang',
    mediaName: '车评小王',
    ...over,
  });

  function startOps(extra: MockHandlers = {}) {
    return start(
      {
        '/api/ops/business/order_list': (p) =>
          page([opsOrder(), opsOrder({ id: 8, state: 'approved', settleOn: '2030-03-13' })], p),
        '/api/ops/business/review_order': () => detail({ state: 'approved' }),
        '/api/ops/business/cancel_order': () => detail({ state: 'cancelled' }),
        ...extra,
      },
      'operator',
    );
  }

  it('lists orders with the author; approve sends the decision', async () => {
    const api = startOps();
    renderRoutes(routes, '/ops/review?tab=orders');
    const table = await screen.findByTestId('ops-orders-table');
    expect(within(table).getAllByText('车评小王').length).toBe(2);
    expect(within(table).queryByTestId('approve-8')).toBeNull();
    expect(within(table).queryByTestId('cancel-8')).toBeNull();
    fireEvent.click(within(table).getByTestId('approve-7'));
    fireEvent.click(await screen.findByRole('button', { name: spaced(B.detail.ok) }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/business/review_order')?.param).toEqual({
        id: 7,
        decision: 'approve',
      }),
    );
    expectValidParams(api);
  });

  it('a revision and a cancellation need a note and send it', async () => {
    const api = startOps();
    renderRoutes(routes, '/ops/review?tab=orders');
    fireEvent.click(await screen.findByTestId('revise-7'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('要求修改（剩余 2 次）')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: B.ops.revise }));
    expect(await within(dialog).findByText(B.ops.required)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('ops-note'), { target: { value: '片头加品牌露出' } });
    fireEvent.click(within(dialog).getByRole('button', { name: B.ops.revise }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/business/review_order')?.param).toEqual({
        id: 7,
        decision: 'revise',
        note: '片头加品牌露出',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('cancel-7'));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('ops-note'), { target: { value: '品牌方暂停投放' } });
    fireEvent.click(within(dialog).getByRole('button', { name: B.ops.cancelOrder }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/business/cancel_order')?.param).toEqual({
        id: 7,
        note: '品牌方暂停投放',
      }),
    );
    expectValidParams(api);
  });

  it('the create form refuses to send without its required fields', async () => {
    const api = startOps();
    renderRoutes(routes, '/ops/review?tab=orders');
    fireEvent.click(await screen.findByTestId('ops-create-submit'));
    expect((await screen.findAllByText(B.ops.required)).length).toBeGreaterThanOrEqual(5);
    expect(api.calls.some((c) => c.path === '/api/ops/business/create_order')).toBe(false);
  });
});
