import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { CONTENT_KEY } from './get-content-list';

/** `POST /api/content/delete { id }` (API.md §9): a soft delete; the item leaves every list. */
export function deleteContent(id: number): Promise<null> {
  return apiPost<null>('content/delete', { id });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEY }),
  });
}
