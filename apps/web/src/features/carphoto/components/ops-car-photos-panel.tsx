/** The operators' car photo library tab of /ops/review (issue #15): upload, tag, caption, retire. */
export function OpsCarPhotosPanel() {
  return null;
}
