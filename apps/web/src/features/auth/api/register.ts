import { useMutation } from '@tanstack/react-query';
import type { RegisterParam } from '@cc/contracts';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/passport/register` (API.md §5): creates the account and starts a session. */
export function register(param: RegisterParam): Promise<{ userId: number }> {
  return apiPost<{ userId: number }>('passport/register', param);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
