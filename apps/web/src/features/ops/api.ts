import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListData,
  OpsCertificationDecideParam,
  OpsCertificationItem,
  OpsReviewDecideParam,
  OpsReviewItem,
  OpsUser,
  SetPermissionsParam,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/**
 * Operators' calls (API.md §13 review queue; docs/api.md "Operators"): every one answers 10005 to an author,
 * which the page shows as "operators only".
 */

export const REVIEW_PAGE_SIZE = 10;

/** `GET /api/ops/review/list { page, pageSize }`: works waiting for an operator, oldest first. */
export function useReviewQueue(page: number) {
  return useQuery({
    queryKey: ['ops', 'review', page],
    queryFn: () => apiGet<ListData<OpsReviewItem>>('ops/review/list', { page, pageSize: REVIEW_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/ops/review/decide { id, decision, reason }`; refreshes the queue. */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: OpsReviewDecideParam) =>
      apiPost<{ id: number; status: string }>('ops/review/decide', param),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ops', 'review'] }),
  });
}

/** `GET /api/ops/user/permissions { account }`: disabled until an account is given. */
export function useOpsUser(account: string) {
  return useQuery({
    queryKey: ['ops', 'user', account],
    queryFn: () => apiGet<OpsUser>('ops/user/permissions', { account }),
    enabled: account.length > 0,
    retry: false,
  });
}

/** `POST /api/ops/user/set_permissions`: only the fields given change. */
export function useSetPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: SetPermissionsParam) => apiPost<OpsUser>('ops/user/set_permissions', param),
    onSuccess: (user) => queryClient.setQueryData(['ops', 'user', user.account], user),
  });
}

export const CERTIFICATION_PAGE_SIZE = 10;

/** `GET /api/ops/certification/list { authStatus: 1, page, pageSize }`: applications under review, oldest first. */
export function useCertificationQueue(page: number) {
  return useQuery({
    queryKey: ['ops', 'certification', page],
    queryFn: () =>
      apiGet<ListData<OpsCertificationItem>>('ops/certification/list', {
        authStatus: 1,
        page,
        pageSize: CERTIFICATION_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/ops/certification/decide { userId, decision, reason?, fieldReasons? }` (a rejection needs a reason or
 * at least one field reason); refreshes the queue.
 */
export function useDecideCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: OpsCertificationDecideParam) =>
      apiPost<{ userId: number; authStatus: number }>('ops/certification/decide', param),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ops', 'certification'] }),
  });
}
