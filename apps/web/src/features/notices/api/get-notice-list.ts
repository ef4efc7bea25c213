import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListData, NoticeItem, NoticeListParam } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/notice/get_notice_list { page, pageSize }` (extension): newest first. */
export function getNoticeList(param: NoticeListParam): Promise<ListData<NoticeItem>> {
  return apiGet<ListData<NoticeItem>>('notice/get_notice_list', param);
}

export const noticeListQuery = (param: NoticeListParam) =>
  queryOptions({
    queryKey: ['notices', 'list', param],
    queryFn: () => getNoticeList(param),
    placeholderData: keepPreviousData,
  });

export function useNoticeList(param: NoticeListParam) {
  return useQuery(noticeListQuery(param));
}
