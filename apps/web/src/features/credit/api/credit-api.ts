import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppealState,
  CreditAppealParam,
  CreditAppealResult,
  CreditEntry,
  CreditScore,
  ListData,
  OpsAppealItem,
  OpsDecideAppealParam,
  OpsDecideAppealResult,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The credit score's calls (issue #14 "Credit score"; docs/api.md "Credit score"): query keys and hooks. */

/** Query-key root of the author's credit calls; an appeal invalidates it. */
export const CREDIT_KEY = ['credit'] as const;
/** Query-key root of the operators' appeal queue. */
export const OPS_APPEALS_KEY = ['ops', 'credit', 'appeals'] as const;

export const LEDGER_PAGE_SIZE = 10;
export const APPEALS_PAGE_SIZE = 10;

/** `GET /api/credit/score {}`: the score, the thresholds and where the author stands, the last changes. */
export function useCreditScore() {
  return useQuery({
    queryKey: [...CREDIT_KEY, 'score'],
    queryFn: () => apiGet<CreditScore>('credit/score', {}),
  });
}

/** `GET /api/credit/ledger { page, pageSize }`: one page of the ledger, newest first. */
export function useCreditLedger(page: number) {
  return useQuery({
    queryKey: [...CREDIT_KEY, 'ledger', page],
    queryFn: () => apiGet<ListData<CreditEntry>>('credit/ledger', { page, pageSize: LEDGER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/credit/appeal { entryId, reason }`; refreshes the score and the ledger. */
export function useAppealCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: CreditAppealParam) => apiPost<CreditAppealResult>('credit/appeal', param),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CREDIT_KEY }),
  });
}

/** `GET /api/ops/credit/appeal_list { state, page, pageSize }` (operators): appeals in a state, oldest first. */
export function useAppealQueue(state: AppealState, page: number) {
  return useQuery({
    queryKey: [...OPS_APPEALS_KEY, state, page],
    queryFn: () =>
      apiGet<ListData<OpsAppealItem>>('ops/credit/appeal_list', {
        state,
        page,
        pageSize: APPEALS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/ops/credit/decide_appeal { appealId, decision, note }` (operators); refreshes the queue. */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: OpsDecideAppealParam) =>
      apiPost<OpsDecideAppealResult>('ops/credit/decide_appeal', param),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_APPEALS_KEY }),
  });
}
