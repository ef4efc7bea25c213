/** The operators' activities tab of /ops/review (issue #15): create, edit, announce results. */
export function OpsActivitiesPanel() {
  return null;
}
