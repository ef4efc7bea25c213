import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentStatus,
  DurationPermission,
  PublishVideoParam,
  SaveVideoDotsParam,
  UploadVideoSecret,
  VideoDetail,
  VideoDot,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The calls of video publishing (docs/api.md "Video publishing"), their query keys and hooks. */

export const VIDEO_KEY = ['video'] as const;

/** `GET /api/video/get_upload_video_secret` (API.md §6): the token the file service wants (24 h). */
export function getUploadVideoSecret(): Promise<UploadVideoSecret> {
  return apiGet<UploadVideoSecret>('video/get_upload_video_secret');
}

/** `POST /api/video/publish`: 0 draft, 1 publish (reviewed at once), 2 scheduled. */
export function publishVideo(param: PublishVideoParam): Promise<{ id: number; status: ContentStatus }> {
  return apiPost('video/publish', param);
}

/** `GET /api/video/detail { id }`: one of my videos with its playback URL, size and dots. */
export function getVideoDetail(id: number): Promise<VideoDetail> {
  return apiGet<VideoDetail>('video/detail', { id });
}

/** `POST /api/video/save_dots { id, dots }`: replaces the dots of a published video. */
export function saveVideoDots(param: SaveVideoDotsParam): Promise<{ dots: VideoDot[] }> {
  return apiPost('video/save_dots', param);
}

/** `GET /api/small_video/get_duration_permission`: the longest short video I may publish (seconds). */
export function getDurationPermission(): Promise<DurationPermission> {
  return apiGet<DurationPermission>('small_video/get_duration_permission');
}

export const videoDetailQuery = (id: number) =>
  queryOptions({ queryKey: [...VIDEO_KEY, 'detail', id], queryFn: () => getVideoDetail(id), staleTime: 0 });

export function useVideoDetail(id: number | undefined) {
  return useQuery({ ...videoDetailQuery(id ?? 0), enabled: Boolean(id) });
}

export function useDurationPermission(enabled = true) {
  return useQuery({
    queryKey: [...VIDEO_KEY, 'duration-permission'],
    queryFn: getDurationPermission,
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function usePublishVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishVideo,
    onSuccess: () => {
      // lists, the bell (a review result is a group-8 message) and this video's detail change
      void queryClient.invalidateQueries({ queryKey: ['content'] });
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
      void queryClient.invalidateQueries({ queryKey: VIDEO_KEY });
    },
  });
}

export function useSaveVideoDots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVideoDots,
    onSuccess: (_data, param) => {
      void queryClient.invalidateQueries({ queryKey: [...VIDEO_KEY, 'detail', param.id] });
    },
  });
}
