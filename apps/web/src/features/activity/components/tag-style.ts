import type { ActivityPhase, ActivityState } from '@cc/contracts';
import type { CSSProperties } from 'react';

/*
 * Tag colours of activities (issue #15): dark text on antd's light tints, so every tag meets WCAG AA (4.5:1) —
 * antd's preset green/gold/orange tags do not at 12 px. The word is always shown too.
 */
const GREEN: CSSProperties = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };
const BLUE: CSSProperties = { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' };
const GOLD: CSSProperties = { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' };
const ORANGE: CSSProperties = { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' };

export const PHASE_STYLE: Record<ActivityPhase, CSSProperties | undefined> = {
  open: GREEN,
  upcoming: BLUE,
  ended: undefined,
};

export const STATE_STYLE: Record<ActivityState, CSSProperties | undefined> = {
  draft: undefined,
  published: GREEN,
  closed: ORANGE,
  announced: GOLD,
};
