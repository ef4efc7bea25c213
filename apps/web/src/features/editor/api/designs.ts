import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DESIGN_THUMBNAIL_SCENE,
  DesignDetail,
  DesignListItem,
  DesignListParam,
  DesignSaveParam,
  DesignSaveResult,
  ImageUploadResult,
  ListData,
  MyImageItem,
  MyImagesParam,
} from '@cc/contracts';
import { apiGet, apiPost, type SaveSession, uploadImage } from '../../../lib/api-client';

/** Query keys of the designs feature. */
export const DESIGNS_KEY = ['designs'] as const;
export const MY_IMAGES_KEY = ['media', 'my_images'] as const;

/** `GET /api/design/list { page, pageSize }` (docs/api.md "Designs"): newest change first. */
export const designListQuery = (param: DesignListParam) =>
  queryOptions({
    queryKey: [...DESIGNS_KEY, 'list', param],
    queryFn: () => apiGet<ListData<DesignListItem>>('design/list', param),
    placeholderData: keepPreviousData,
  });

export function useDesignList(param: DesignListParam) {
  return useQuery(designListQuery(param));
}

/** `GET /api/design/detail { id }`: the design with its document (JSON text). */
export function getDesign(id: number): Promise<DesignDetail> {
  return apiGet<DesignDetail>('design/detail', { id });
}

/** `POST /api/design/save`: creates (no id) or updates the design. */
export function saveDesign(param: DesignSaveParam): Promise<DesignSaveResult> {
  return apiPost<DesignSaveResult>('design/save', param);
}

/** The fields of a design save, without the id or idempotency key that `saveDesignIn` adds. */
export type DesignFields = Omit<DesignSaveParam, 'id' | 'requestId'>;

/**
 * Saves a design through its editor's `SaveSession` (issue #8 item 10): the create carries the session's
 * idempotency key `requestId` (the same on every retry until the design exists), later saves its id.
 * @param session one per open editor: `new SaveSession(initialId)`
 * @returns `{ id, updatedAt }` of the design
 * @throws ApiError (e.g. status 0 with ercd `QUOTA_EXCEEDED` beyond 200 designs) or a network error
 */
export function saveDesignIn(
  session: SaveSession,
  fields: DesignFields,
  send: (param: DesignSaveParam) => Promise<DesignSaveResult> = saveDesign,
): Promise<DesignSaveResult> {
  return session.save(fields, send);
}

/** Duplicate, rename and delete, each refreshing the list. */
export function useDesignActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: DESIGNS_KEY });
  return {
    duplicate: useMutation({
      mutationFn: (id: number) => apiPost<DesignSaveResult>('design/duplicate', { id }),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: (p: { id: number; name: string }) => apiPost<DesignSaveResult>('design/rename', p),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiPost<null>('design/delete', { id }),
      onSuccess: refresh,
    }),
  };
}

/** `GET /api/media/my_images { page, pageSize }`: the author's uploaded images, newest first. */
export function useMyImages(param: MyImagesParam) {
  return useQuery({
    queryKey: [...MY_IMAGES_KEY, param],
    queryFn: () => apiGet<ListData<MyImageItem>>('media/my_images', param),
    placeholderData: keepPreviousData,
  });
}

/**
 * Uploads an image with the generic image upload (API.md §8) and unwraps its envelope.
 * @returns the stored image (`url` is `/media/img/0x0/<key>`)
 * @throws Error with the server's message when the upload is refused
 */
export async function uploadEditorImage(
  file: Blob,
  name = 'poster.png',
  scene: 'poster' | 'cover' | typeof DESIGN_THUMBNAIL_SCENE = 'poster',
): Promise<ImageUploadResult> {
  const named = file instanceof File ? file : new File([file], name, { type: file.type || 'image/png' });
  const body = await uploadImage<unknown>({ file: named, data: { scene } });
  const env = body as { status?: number; message?: string; data?: ImageUploadResult };
  if (!env || env.status !== 1 || !env.data) throw new Error(env?.message || 'upload failed');
  return env.data;
}
