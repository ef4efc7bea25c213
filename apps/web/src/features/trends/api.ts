import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CreativeHot,
  CreativeInterest,
  TopicEngagement,
  TopicEngagementPeriod,
  TrendKind,
} from '@cc/contracts';
import { apiGet } from '../../lib/api-client';

/** The creative trends and topic engagement calls (docs/api.md "Creative trends and topics"), keys and hooks. */

export const TRENDS_KEY = ['trends'] as const;

/** The hot list moves with every event: ask again after a minute. */
const HOT_STALE_MS = 60_000;
/** The rising list and topic engagement are of complete days: they change once a day. */
const DAILY_STALE_MS = 10 * 60_000;

/** `GET /api/creative/hot { kind }`: the top 20 series or keywords of the last 24 h, with hourly sparklines. */
export function useCreativeHot(kind: TrendKind) {
  return useQuery({
    queryKey: [...TRENDS_KEY, 'hot', kind],
    queryFn: () => apiGet<CreativeHot>('creative/hot', { kind }),
    staleTime: HOT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/creative/interest { kind }`: rising series or keywords, this week against the week before. */
export function useCreativeInterest(kind: TrendKind) {
  return useQuery({
    queryKey: [...TRENDS_KEY, 'interest', kind],
    queryFn: () => apiGet<CreativeInterest>('creative/interest', { kind }),
    staleTime: DAILY_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/topic/engagement { period }`: every topic with its works and engagement, most engaged first. */
export function useTopicEngagement(period: TopicEngagementPeriod) {
  return useQuery({
    queryKey: [...TRENDS_KEY, 'topics', period],
    queryFn: () => apiGet<TopicEngagement>('topic/engagement', { period }),
    staleTime: DAILY_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
