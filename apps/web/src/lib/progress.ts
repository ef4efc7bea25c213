import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_THROTTLE_MS } from '@cc/contracts';

/**
 * The navigation progress bar (spec §4, §9: duration 5 s, throttle 200 ms), mapped onto nprogress's
 * options (which have no "duration" or "throttle" of their own):
 * - throttle 200 ms → the bar is shown only when a navigation is still busy after 200 ms (fast
 *   navigations never flash a bar), and `trickleSpeed: 200` (a step every 200 ms);
 * - duration 5 s → with nprogress's built-in step sizes (10 %, 4 %, 2 %, 0.5 % by band) a 200 ms
 *   trickle takes about 5 s to reach ~80 %, the "expected length" of a navigation; past
 *   PROGRESS_BAR_DURATION_MS it keeps creeping toward 99 % until done.
 * `speed` (the animation of each step) stays well under the trickle interval.
 */
export const NPROGRESS_OPTIONS = {
  showSpinner: false,
  trickle: true,
  trickleSpeed: PROGRESS_BAR_THROTTLE_MS,
  speed: 180,
  minimum: 0.08,
} as const;

export interface ProgressBar {
  start(): void;
  done(): void;
}

/** Controller that turns navigation states into bar start/done calls with the 200 ms throttle. */
export function createNavigationProgress(bar: ProgressBar, throttleMs: number = PROGRESS_BAR_THROTTLE_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let shown = false;
  return {
    /** Feed it the router's navigation state on every change. */
    update(state: 'idle' | 'loading' | 'submitting') {
      if (state !== 'idle') {
        if (timer || shown) return;
        timer = setTimeout(() => {
          timer = null;
          shown = true;
          bar.start();
        }, throttleMs);
      } else {
        if (timer) clearTimeout(timer);
        timer = null;
        if (shown) bar.done();
        shown = false;
      }
    },
  };
}

/** Binds the bar to a data router: every navigation starts it, idle ends it. */
export function bindNavigationProgress(router: {
  subscribe(fn: (state: { navigation: { state: 'idle' | 'loading' | 'submitting' } }) => void): () => void;
}): () => void {
  NProgress.configure(NPROGRESS_OPTIONS);
  const progress = createNavigationProgress(NProgress);
  return router.subscribe((state) => progress.update(state.navigation.state));
}

export { PROGRESS_BAR_DURATION_MS };
