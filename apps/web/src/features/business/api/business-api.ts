import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateOrderParam,
  DeliverableWork,
  ListData,
  OpsOrderItem,
  OpsOrderListParam,
  OrderDetail,
  OrderItem,
  OrderListFilter,
  OrderSummary,
  ReviewOrderParam,
  WalletAdjustParam,
  WalletEntry,
  WalletSummary,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';

/** Business orders and the wallet (issue #14; docs/api.md "Business orders"): the calls, query keys and hooks. */

/** Query-key root of every business call: each change invalidates all of it (orders, summary, wallet). */
export const BUSINESS_KEY = ['business'] as const;

/** `GET /api/business/order_summary`: `hasBussinessTask` (spec §3), counts, money, limits. */
export function useOrderSummary(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...BUSINESS_KEY, 'summary'],
    queryFn: () => apiGet<OrderSummary>('business/order_summary'),
    enabled: opts.enabled ?? true,
  });
}

/** `GET /api/business/order_list`: one page of the author's orders by state (or `closed`, or all). */
export function useOrderList(param: { state?: OrderListFilter; page: number; pageSize: number }) {
  const clean = Object.fromEntries(Object.entries(param).filter(([, v]) => v !== undefined));
  return useQuery({
    queryKey: [...BUSINESS_KEY, 'list', clean],
    queryFn: () => apiGet<ListData<OrderItem>>('business/order_list', clean),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/business/order_detail`. */
export function useOrderDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...BUSINESS_KEY, 'detail', id],
    queryFn: () => apiGet<OrderDetail>('business/order_detail', { id }),
    enabled: id !== undefined,
  });
}

/** `GET /api/business/deliverable_works`: my published works that may deliver the order. */
export function useDeliverableWorks(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...BUSINESS_KEY, 'works', id],
    queryFn: () => apiGet<{ list: DeliverableWork[] }>('business/deliverable_works', { id }),
    enabled,
  });
}

/** A mutation of this area that refreshes every business query (and the messages, which each step sends). */
function useBusinessMutation<P extends object, R>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (param: P) => apiPost<R>(path, param),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: BUSINESS_KEY });
      void qc.invalidateQueries({ queryKey: ['messages'] });
    },
  });
}

/** `POST /api/business/accept_order`. */
export const useAcceptOrder = () => useBusinessMutation<{ id: number }, OrderDetail>('business/accept_order');
/** `POST /api/business/decline_order`. */
export const useDeclineOrder = () =>
  useBusinessMutation<{ id: number; reason: string }, OrderDetail>('business/decline_order');
/** `POST /api/business/deliver_order`. */
export const useDeliverOrder = () =>
  useBusinessMutation<{ id: number; contentId: number }, OrderDetail>('business/deliver_order');

/** `GET /api/wallet/summary`. */
export function useWalletSummary() {
  return useQuery({
    queryKey: [...BUSINESS_KEY, 'wallet'],
    queryFn: () => apiGet<WalletSummary>('wallet/summary'),
  });
}

/** `GET /api/wallet/ledger`. */
export function useWalletLedger(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...BUSINESS_KEY, 'ledger', page, pageSize],
    queryFn: () => apiGet<ListData<WalletEntry>>('wallet/ledger', { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

// ---- operators ----

/** `GET /api/ops/business/order_list`. */
export function useOpsOrders(param: OpsOrderListParam) {
  const clean = Object.fromEntries(Object.entries(param).filter(([, v]) => v !== undefined && v !== ''));
  return useQuery({
    queryKey: [...BUSINESS_KEY, 'ops', clean],
    queryFn: () => apiGet<ListData<OpsOrderItem>>('ops/business/order_list', clean),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/ops/business/create_order`. */
export const useCreateOrder = () =>
  useBusinessMutation<CreateOrderParam, OrderDetail>('ops/business/create_order');
/** `POST /api/ops/business/review_order`. */
export const useReviewOrder = () =>
  useBusinessMutation<ReviewOrderParam, OrderDetail>('ops/business/review_order');
/** `POST /api/ops/business/cancel_order`. */
export const useCancelOrder = () =>
  useBusinessMutation<{ id: number; note: string }, OrderDetail>('ops/business/cancel_order');
/** `POST /api/ops/wallet/adjust`. */
export const useAdjustWallet = () =>
  useBusinessMutation<WalletAdjustParam, { entryId: number; balanceFen: number; repeated: boolean }>(
    'ops/wallet/adjust',
  );
