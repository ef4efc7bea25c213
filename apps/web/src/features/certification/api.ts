import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  AGREEMENT_RULE_SLUG,
  type CertificationState,
  type RuleDetail,
  type SendCodeResult,
  type UserInfo,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/** The author's certification calls (API.md §14, docs/api.md "Certification"), their query keys and hooks. */

export const CERTIFICATION_KEY = ['certification'] as const;

/** `GET /api/certification/state`: authStatus, the last application (masked), the reasons, the agreement. */
export const certificationStateQuery = queryOptions({
  queryKey: [...CERTIFICATION_KEY, 'state'],
  queryFn: () => apiGet<CertificationState>('certification/state'),
  staleTime: 0,
});

/** The user info query of the frame (features/shell `userInfoQuery`): its `authStatus` feeds the badges. */
const USER_INFO_KEY = ['user', 'info'] as const;

/**
 * The author's certification state. When it says another `authStatus` than the frame's cached user info (an
 * operator decided meanwhile), the user info is asked again, so the header's mark follows at once.
 */
export function useCertificationState() {
  const queryClient = useQueryClient();
  const query = useQuery(certificationStateQuery);
  const authStatus = query.data?.authStatus;
  useEffect(() => {
    if (authStatus === undefined) return;
    const cached = queryClient.getQueryData<UserInfo>(USER_INFO_KEY);
    if (cached && cached.authStatus !== authStatus)
      void queryClient.invalidateQueries({ queryKey: ['user'] });
  }, [authStatus, queryClient]);
  return query;
}

/** `GET /api/rules/detail { slug: certification-agreement }`: the agreement in the UI language. */
export function useAgreementRule() {
  return useQuery({
    queryKey: [...CERTIFICATION_KEY, 'agreement'],
    queryFn: () => apiGet<RuleDetail>('rules/detail', { slug: AGREEMENT_RULE_SLUG }),
  });
}

/**
 * After an acceptance or an application: the state, and the author's user info — `home/userinfo`'s `authStatus`
 * feeds the header and home badges (`['user', 'info']`, `['user', 'my-info']`).
 */
function useInvalidateCertification() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CERTIFICATION_KEY }),
      queryClient.invalidateQueries({ queryKey: ['user'] }),
    ]);
}

/** `POST /api/certification/accept_agreement { version }` (10007 AGREEMENT_CHANGED when not the current one). */
export function useAcceptAgreement() {
  const invalidate = useInvalidateCertification();
  return useMutation({
    mutationFn: (version: number) =>
      apiPost<{ version: number; acceptedAt: string }>('certification/accept_agreement', { version }),
    onSuccess: invalidate,
  });
}

/** `POST /api/certification/send_code { phone }`: a code by SMS (`devCode` with the development sender). */
export function useSendCode() {
  return useMutation({
    mutationFn: (phone: string) => apiPost<SendCodeResult>('certification/send_code', { phone }),
  });
}

/**
 * `POST /api/certification/person` or `/organization`: under review at once (`authStatus` 1). Kept fields are left
 * out of `param` (the server keeps them).
 */
export function useSubmitApplication() {
  const invalidate = useInvalidateCertification();
  return useMutation({
    mutationFn: ({ kind, param }: { kind: 'person' | 'organization'; param: Record<string, unknown> }) =>
      apiPost<{ authStatus: 1 }>(`certification/${kind}`, param),
    onSuccess: invalidate,
  });
}
