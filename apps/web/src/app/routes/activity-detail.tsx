/** `/activity/detail?id=N` (issue #15 "Activities"): rules, prizes, my entries and their numbers, results. */
export default function ActivityDetailPage() {
  return null;
}
