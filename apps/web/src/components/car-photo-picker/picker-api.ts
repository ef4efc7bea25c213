import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarPhotoItem, CarPhotoSearchInput, CarPhotoUse, ListData } from '@cc/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/**
 * The authors' calls of the car photo library (issue #15; docs/api.md "The car photo library"), used by the
 * picker. This folder imports only lib/, components/ and the contracts, so it can live in components/ as a shared
 * picker (every editor uses it; features never import each other).
 */

/** Query-key root of every library call; a save, a retire or a use invalidates it. */
export const CARPHOTO_KEY = ['carphoto'] as const;

/** `GET /api/carphoto/search`: active pictures by keyword (brand/series), series, tag; texts in the page's language. */
export function useCarPhotoSearch(param: CarPhotoSearchInput, enabled = true) {
  return useQuery({
    queryKey: [...CARPHOTO_KEY, 'search', param],
    queryFn: () => apiGet<ListData<CarPhotoItem>>('carphoto/search', param),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `POST /api/carphoto/use { ids }`: the author's own copies of the picked pictures, with their credit. */
export function useTakeCarPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiPost<CarPhotoUse>('carphoto/use', { ids }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CARPHOTO_KEY });
      // the copies are the author's uploads: the poster editor's "my images" shows them
      await queryClient.invalidateQueries({ queryKey: ['media'] });
    },
  });
}
