import type { TrackingRegion } from '@cc/contracts';

/**
 * The region of a route path (issue #15 "Tracking points"; docs/decisions/0019-tracking-points-and-latest-error.md): the area of the app,
 * from the path's first segment, as the menu groups them — never the author's location.
 */
const REGION_OF_SEGMENT: Record<string, TrackingRegion> = {
  '': 'home',
  home: 'home',
  content: 'content',
  videos: 'content',
  smallVideos: 'content',
  dynamicManage: 'content',
  detailManage: 'content',
  commentManage: 'content',
  popBarrage: 'content',
  article: 'publish',
  video: 'publish',
  publish: 'publish',
  smallVideo: 'publish',
  newDynamic: 'publish',
  releaseImages: 'publish',
  dynamic: 'publish',
  design: 'editor',
  designs: 'editor',
  poster: 'editor',
  videoEditor: 'editor',
  manage: 'content',
  imageCollection: 'content',
  topic: 'content',
  videodot: 'content',
  liveShow: 'publish',
  authoringService: 'publish',
  data: 'data',
  workData: 'data',
  exponent: 'data',
  rank: 'data',
  stat: 'data',
  dataOverview: 'data',
  dataAnalyse: 'data',
  dataReport: 'data',
  fans: 'data',
  influence: 'data',
  creative: 'data',
  contentAssistant: 'content',
  growUp: 'growth',
  growth: 'growth',
  growthInterest: 'growth',
  task: 'growth',
  activity: 'growth',
  program: 'growth',
  business: 'business',
  promotion: 'business',
  coupon: 'business',
  message: 'messages',
  messages: 'messages',
  notice: 'messages',
  account: 'account',
  certification: 'account',
  ops: 'ops',
};

/** `/content/list` → `content`; an unknown first segment → `other`. */
export function trackingRegionOf(path: string): TrackingRegion {
  const first = path.split('/')[1] ?? '';
  if (Object.hasOwn(REGION_OF_SEGMENT, first)) return REGION_OF_SEGMENT[first]!;
  const lower = first.toLowerCase();
  for (const [segment, region] of Object.entries(REGION_OF_SEGMENT)) {
    if (segment && lower.startsWith(segment.toLowerCase())) return region;
  }
  return 'other';
}
