import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlbumDetail, PublishAlbumParam, PublishResult } from '@cc/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { TOPIC_KEY } from '../../../components/work-pickers';

/** The calls of image collections (API.md §13, docs/api.md "Image collections"), their query keys and hooks. */

export const ALBUM_KEY = ['album'] as const;

/** `POST /api/album/publish`: 0 draft, 1 publish (reviewed at once), 2 scheduled. */
export function publishAlbum(param: PublishAlbumParam): Promise<PublishResult> {
  return apiPost<PublishResult>('album/publish', param);
}

/** `GET /api/album/detail { id }`: one of my albums with its images, captions, cover, car series and topic. */
export function getAlbumDetail(id: number): Promise<AlbumDetail> {
  return apiGet<AlbumDetail>('album/detail', { id });
}

/** `GET /api/album/detail { id }` (API.md §13) as a query; idle without an id. */
export function useAlbumDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...ALBUM_KEY, 'detail', id ?? 0],
    queryFn: () => getAlbumDetail(id!),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** `POST /api/album/publish` (API.md §13) as a mutation; content lists, messages and albums refetch after it. */
export function usePublishAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishAlbum,
    onSuccess: () => {
      // lists, the bell (a review result is a group-8 message), this album's detail and the topics' counts
      void queryClient.invalidateQueries({ queryKey: ['content'] });
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
      void queryClient.invalidateQueries({ queryKey: ALBUM_KEY });
      void queryClient.invalidateQueries({ queryKey: TOPIC_KEY });
    },
  });
}
