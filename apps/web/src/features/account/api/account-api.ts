import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordParam, ChangePasswordResult, UpdateProfileParam, UserInfo } from '@cc/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * Root of the signed-in author's queries (`['user', 'info']` feeds the header's avatar and media name):
 * a profile change refreshes all of them.
 */
const USER_QUERY_ROOT = ['user'] as const;

/**
 * `POST /api/user/update_profile { avator?, mediaName? }` (docs/api.md "Account settings", issue #9):
 * `avator` is the `url` of an image this author uploaded. Resolves to the new `{ authStatus, avator,
 * mediaName }`; rejects with ApiError (10007 naming the field).
 */
export function updateProfile(param: UpdateProfileParam): Promise<UserInfo> {
  return apiPost<UserInfo>('user/update_profile', param);
}

/** The profile mutation; on success the header (and every `['user', …]` query) shows the change at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (info) => {
      queryClient.setQueryData<UserInfo>([...USER_QUERY_ROOT, 'info'], info);
      return queryClient.invalidateQueries({ queryKey: USER_QUERY_ROOT });
    },
  });
}

/**
 * `POST /api/user/change_password { oldPassword, newPassword }` (docs/api.md "Account settings"): resolves
 * to `{ signedOutSessions }` (the other sessions ended; this one stays). Rejects with ApiError: status 0
 * ercd `WRONG_OLD_PASSWORD`, 10007 ercd `WEAK_PASSWORD`, 10009 when wrong passwords hit the limit.
 */
export function changePassword(param: ChangePasswordParam): Promise<ChangePasswordResult> {
  return apiPost<ChangePasswordResult>('user/change_password', param);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
