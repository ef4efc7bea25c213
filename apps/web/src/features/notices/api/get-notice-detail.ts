import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoticeDetail } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/notice/get_notice_detail { id }` (extension). */
export function getNoticeDetail(id: number): Promise<NoticeDetail> {
  return apiGet<NoticeDetail>('notice/get_notice_detail', { id });
}

export const noticeDetailQuery = (id: number) =>
  queryOptions({ queryKey: ['notices', 'detail', id], queryFn: () => getNoticeDetail(id) });

export function useNoticeDetail(id: number) {
  return useQuery({ ...noticeDetailQuery(id), enabled: id > 0 });
}
