/**
 * Waits that one `stop()` ends at once: every timer is cleared and every pending wait resolves `false`,
 * so loops waiting on a delay notice a cancel without a timer still firing later.
 */
export class TimerGroup {
  private pending = new Map<ReturnType<typeof setTimeout>, (fired: boolean) => void>();
  private stopped = false;

  /** Resolves `true` after `ms`, or `false` as soon as the group is (or already was) stopped. */
  wait(ms: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const id = setTimeout(() => {
        this.pending.delete(id);
        resolve(true);
      }, ms);
      this.pending.set(id, resolve);
    });
  }

  /** Calls `fn` every `ms` until the group stops or the returned function is called. */
  every(ms: number, fn: () => void): () => void {
    if (this.stopped) return () => {};
    const id = setInterval(fn, ms);
    this.pending.set(id, () => clearInterval(id));
    return () => {
      clearInterval(id);
      this.pending.delete(id);
    };
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  stop(): void {
    this.stopped = true;
    for (const [id, resolve] of this.pending) {
      clearTimeout(id);
      clearInterval(id);
      resolve(false);
    }
    this.pending.clear();
  }
}
