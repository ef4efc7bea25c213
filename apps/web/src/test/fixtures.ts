import { type ContentListItem, type ErrorEnvelope, ORDER_STATES } from '@cc/contracts';
import type { MockHandlers } from './render';

/**
 * The calls every signed-in layout makes before its page (header, aside menu, message bell), answered for a
 * certified author "Demo Garage" of grade 1 without the dynamic area. Spread into `mockApi` and override a
 * path where a test needs another answer.
 */
export function shellHandlers(): MockHandlers {
  return {
    '/api/home/userinfo': () => ({
      authStatus: 2,
      avator: '/media/img/{0}x{0}/a.png',
      mediaName: 'Demo Garage',
    }),
    '/api/message/get_mp_index_group_message': () => [],
    '/api/program/get_user_grade': () => ({ rankResult: 0, grade: 1 }),
    '/api/dynamic/get_dynamic_auth': () => ({ dynamicShow: 0 }),
    // spec §3 `hasBussinessTask` (issue #14): no business order waits for this author
    '/api/business/order_summary': () => ({
      hasBussinessTask: 0,
      invited: 0,
      awaitingAuthor: 0,
      inProgress: 0,
      pendingFen: 0,
      settledFen: 0,
      counts: Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<
        (typeof ORDER_STATES)[number],
        number
      >,
      openOrders: 0,
      openLimit: 1,
      creditScore: 100,
      creditMin: 60,
    }),
  };
}

/** One row of `GET /api/content/list` (API.md §9): a published article unless `over` says otherwise. */
export function contentItem(over: Partial<ContentListItem> = {}): ContentListItem {
  return {
    id: 1,
    type: 'article',
    title: '一篇已经发布的文章',
    status: 'published',
    coverUrl: null,
    publishedAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T03:04:05Z',
    stats: { views: 12345, likes: 3, comments: 1, shares: 0 },
    rejectReason: null,
    ...over,
  };
}

/**
 * A 10007 refusal of one field that applies a rule (issue #11), as the server sends it: the field's message and
 * code, and its `ruleRef` — by default a prohibited word (赌博) and the rule centre's section on them.
 * @param withDataRef also set `data.ruleRef` (the server does, for the first field)
 */
export function fieldRefusal(
  path: string,
  message: string,
  opts: { code?: string; ruleRef?: string; withDataRef?: boolean } = {},
): ErrorEnvelope {
  const ruleRef = opts.ruleRef ?? 'publish-prohibited#prohibited-words';
  return {
    status: 10007,
    message,
    data: {
      fields: [{ path, message, code: opts.code ?? 'REVIEW_SENSITIVE_WORD', ruleRef }],
      ...(opts.withDataRef ? { ruleRef } : {}),
    },
    ercd: 'VALIDATION_FAILED',
  };
}
