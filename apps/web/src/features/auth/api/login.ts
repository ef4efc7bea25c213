import { useMutation } from '@tanstack/react-query';
import type { LoginParam } from '@cc/contracts';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/passport/login` (API.md §5): starts a session; rejects with the server's message (wrong password, rate limited). */
export function login(param: LoginParam): Promise<{ userId: number }> {
  return apiPost<{ userId: number }>('passport/login', param);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
