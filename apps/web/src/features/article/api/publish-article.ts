import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentStatus, PublishArticleParam } from '@cc/contracts';
import { apiPost } from '../../../lib/api-client';

export interface PublishArticleResult {
  id: number;
  status: ContentStatus;
  /** present when the server includes it; otherwise read from content/detail */
  rejectReason?: string | null;
}

/**
 * `POST /api/article/publish` (API.md §9): publishType 0 saves a draft (creating it when there is no
 * id), 1 publishes — the automatic review runs at once and the item ends `published` or `rejected`.
 */
export function publishArticle(param: PublishArticleParam): Promise<PublishArticleResult> {
  return apiPost<PublishArticleResult>('article/publish', param);
}

export function usePublishArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishArticle,
    onSuccess: () => {
      // lists, the bell (a review result is a group-8 message) and this article's detail change
      void queryClient.invalidateQueries({ queryKey: ['content'] });
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
      void queryClient.invalidateQueries({ queryKey: ['article'] });
    },
  });
}
