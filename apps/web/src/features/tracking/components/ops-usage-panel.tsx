/** The operators' product-usage tab of /ops/review (issue #15): active authors per day, upload → publish funnel. */
export function OpsUsagePanel() {
  return null;
}
