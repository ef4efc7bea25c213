/** Window over which upload speed is averaged, ms. */
export const SPEED_WINDOW_MS = 5000;

/**
 * Upload speed over a sliding window: bytes put on the wire (including retried shards' bytes, since they
 * used the connection too) in the last SPEED_WINDOW_MS, per second. Time in ms from the caller's clock.
 */
export class SpeedMeter {
  private samples: { t: number; total: number }[] = [];
  private total = 0;
  private readonly windowMs: number;

  constructor(now: number, windowMs = SPEED_WINDOW_MS) {
    this.windowMs = windowMs;
    this.samples.push({ t: now, total: 0 });
  }

  /** Records `bytes` more sent at time `now` (ms). */
  add(now: number, bytes: number): void {
    if (bytes <= 0) return;
    this.total += bytes;
    this.samples.push({ t: now, total: this.total });
    this.prune(now);
  }

  /**
   * Bytes per second at `now`: the bytes recorded since the base sample (the newest one at or before the
   * window's start, so the window is never empty of time) over the time since it; 0 before time passes.
   */
  speed(now: number): number {
    this.prune(now);
    const base = this.samples[0]!;
    const span = now - base.t;
    return span > 0 ? ((this.total - base.total) * 1000) / span : 0;
  }

  /** Keeps the newest sample at or before the window's start as its base, drops older ones. */
  private prune(now: number): void {
    const start = now - this.windowMs;
    while (this.samples.length > 1 && this.samples[1]!.t <= start) this.samples.shift();
  }
}
