import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentListItem,
  CouponDetail,
  CouponItem,
  CouponState,
  ListData,
  OpsCouponItem,
  OpsGrantCouponInput,
  PromotionCreateInput,
  PromotionDetail,
  PromotionItem,
  PromotionState,
  WalletSummary,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/** Growth coupons and promotion (issue #14; docs/api.md "Coupons and promotion"): calls, query keys and hooks. */

/** Query-key root of every promotion call; a create or stop invalidates all of it (and the wallet). */
export const PROMOTION_KEY = ['promotion'] as const;
const WALLET_KEY = ['wallet', 'summary'] as const;

/** `GET /api/promotion/coupon_list`: one page of my coupons in a state. */
export function useCoupons(state: CouponState | undefined, page = 1, pageSize = 20) {
  return useQuery({
    queryKey: [...PROMOTION_KEY, 'coupons', state ?? 'all', page, pageSize],
    queryFn: () =>
      apiGet<ListData<CouponItem>>('promotion/coupon_list', { ...(state ? { state } : {}), page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/promotion/coupon_detail`. */
export function useCouponDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...PROMOTION_KEY, 'coupon', id],
    queryFn: () => apiGet<CouponDetail>('promotion/coupon_detail', { id }),
    enabled: id !== undefined,
  });
}

/** `GET /api/promotion/list`. */
export function usePromotions(state: PromotionState | undefined, page = 1, pageSize = 10) {
  return useQuery({
    queryKey: [...PROMOTION_KEY, 'list', state ?? 'all', page, pageSize],
    queryFn: () =>
      apiGet<ListData<PromotionItem>>('promotion/list', { ...(state ? { state } : {}), page, pageSize }),
    placeholderData: keepPreviousData,
    // delivery is charged every minute: keep a running promotion's figures fresh while the page is open
    refetchInterval: 60_000,
  });
}

/** `GET /api/promotion/detail`: delivery, promoted vs natural traffic and the hourly series. */
export function usePromotionDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...PROMOTION_KEY, 'detail', id],
    queryFn: () => apiGet<PromotionDetail>('promotion/detail', { id }),
    enabled: id !== undefined,
    refetchInterval: 60_000,
  });
}

/** `GET /api/wallet/summary` (the business area's call): the balance the promote form shows. */
export function useWalletSummary() {
  return useQuery({ queryKey: WALLET_KEY, queryFn: () => apiGet<WalletSummary>('wallet/summary') });
}

/** `GET /api/content/list { status: published }`: the works that can be promoted (newest first, 100). */
export function usePublishedWorks() {
  return useQuery({
    queryKey: [...PROMOTION_KEY, 'works'],
    queryFn: () =>
      apiGet<ListData<ContentListItem>>('content/list', { status: 'published', page: 1, pageSize: 100 }),
  });
}

function useInvalidateAll() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: PROMOTION_KEY });
    void client.invalidateQueries({ queryKey: ['wallet'] });
  };
}

/** `POST /api/promotion/create` (idempotent by `key`: the form keeps one key until it succeeds). */
export function useCreatePromotion() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (param: PromotionCreateInput) => apiPost<PromotionItem>('promotion/create', param),
    onSuccess: invalidate,
  });
}

/** `POST /api/promotion/stop`. */
export function useStopPromotion() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: number) => apiPost<PromotionItem>('promotion/stop', { id }),
    onSuccess: invalidate,
  });
}

/** `GET /api/ops/promotion/coupon_list` (operators). */
export function useOpsCoupons(param: {
  account?: string;
  state?: CouponState;
  page: number;
  pageSize: number;
}) {
  const clean = Object.fromEntries(Object.entries(param).filter(([, v]) => v !== undefined && v !== ''));
  return useQuery({
    queryKey: [...PROMOTION_KEY, 'ops', clean],
    queryFn: () => apiGet<ListData<OpsCouponItem>>('ops/promotion/coupon_list', clean),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/ops/promotion/grant_coupon` (operators; idempotent by `key`). */
export function useGrantCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (param: OpsGrantCouponInput) => apiPost<OpsCouponItem>('ops/promotion/grant_coupon', param),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...PROMOTION_KEY, 'ops'] }),
  });
}
