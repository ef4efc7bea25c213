import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListData,
  OpsCarPhoto,
  OpsCarPhotoListInput,
  RetireCarPhotoParam,
  SaveCarPhotoInput,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { CARPHOTO_KEY } from '../../../components/car-photo-picker/picker-api';

/** The operators' calls of the car photo library (issue #15; docs/api.md "The car photo library"). */

/** `GET /api/ops/carphoto/list` (operators): every picture with both languages, source and usage. */
export function useOpsCarPhotos(param: OpsCarPhotoListInput) {
  return useQuery({
    queryKey: [...CARPHOTO_KEY, 'ops', param],
    queryFn: () => apiGet<ListData<OpsCarPhoto>>('ops/carphoto/list', param),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/ops/carphoto/save` (operators): records or edits a picture. */
export function useSaveCarPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: SaveCarPhotoInput) => apiPost<OpsCarPhoto>('ops/carphoto/save', param),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARPHOTO_KEY }),
  });
}

/** `POST /api/ops/carphoto/retire { id, retired }` (operators): retires a picture or brings it back. */
export function useRetireCarPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: RetireCarPhotoParam) => apiPost<OpsCarPhoto>('ops/carphoto/retire', param),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARPHOTO_KEY }),
  });
}
