import { METRIC_DEFINITIONS, type DataPeriod, type MetricDefinition, type MetricKey } from '@cc/contracts';

/** The periods of the data overview and the work table, in the order of the switch (API.md §11). */
export const OVERVIEW_PERIODS = [
  'today',
  'yesterday',
  '7d',
  '30d',
  '90d',
  'all',
] as const satisfies readonly DataPeriod[];
/** The home page's short switch (issue #12). */
export const HOME_PERIODS = ['yesterday', '7d', '30d'] as const satisfies readonly DataPeriod[];
/** The home page's key numbers, in order (issue #12). */
export const HOME_METRICS = [
  'views',
  'plays',
  'likes',
  'fansNet',
  'fansTotal',
] as const satisfies readonly MetricKey[];

/** True for one of the data periods (a value read from the address bar). */
export function isDataPeriod(value: string): value is DataPeriod {
  return (OVERVIEW_PERIODS as readonly string[]).includes(value);
}

const DEFINITIONS = new Map(METRIC_DEFINITIONS.map((d) => [d.key, d]));

/** A metric's definition (contracts METRIC_DEFINITIONS: name, unit, definition, events). */
export function metricDefinition(key: MetricKey): MetricDefinition {
  const definition = DEFINITIONS.get(key);
  if (!definition) throw new Error(`no definition for metric ${key}`);
  return definition;
}

/** Metrics where a rise is bad news: the change is coloured the other way round (never by colour alone). */
const LOWER_IS_BETTER: readonly MetricKey[] = ['exitRate3s', 'fansLost'];

/** True when a fall of the metric is good news (3-second exits, followers lost). */
export function isLowerBetter(key: MetricKey): boolean {
  return LOWER_IS_BETTER.includes(key);
}

/**
 * The change of a metric against the period before (issue #12):
 * - `percent`: `|current − previous| ÷ |previous| × 100`, rounded to 1 decimal (half up);
 * - `points`: for rates, `|current − previous| × 100` percentage points, rounded to 2 decimals;
 * - `fromZero`: the previous period had 0 and this one has not — no percentage exists;
 * `direction` is the sign of the rounded change (`flat` when it rounds to 0, or both periods are 0).
 */
export type MetricChange =
  | { kind: 'percent' | 'points'; direction: 'up' | 'down' | 'flat'; value: number }
  | { kind: 'fromZero'; direction: 'up' | 'down' };

function directionOf(delta: number): 'up' | 'down' | 'flat' {
  if (delta > 0) return 'up';
  if (delta < 0) return 'down';
  return 'flat';
}

/**
 * How a metric moved against the previous period ({@link MetricChange}); null when there is no previous period
 * (`all`: nothing is before it).
 * @param unit the metric's unit (`rate` compares in percentage points)
 */
export function metricChange(
  current: number,
  previous: number | null | undefined,
  unit: MetricDefinition['unit'],
): MetricChange | null {
  if (
    previous === null ||
    previous === undefined ||
    !Number.isFinite(previous) ||
    !Number.isFinite(current)
  ) {
    return null;
  }
  if (unit === 'rate') {
    const delta = current - previous;
    // the magnitude is rounded, so a rise and a fall of the same size read the same
    const points = Math.round(Math.abs(delta) * 10_000) / 100;
    return { kind: 'points', direction: points === 0 ? 'flat' : directionOf(delta), value: points };
  }
  if (previous === 0) {
    if (current === 0) return { kind: 'percent', direction: 'flat', value: 0 };
    return { kind: 'fromZero', direction: current > 0 ? 'up' : 'down' };
  }
  const delta = current - previous;
  const percent = Math.round((Math.abs(delta) / Math.abs(previous)) * 1000) / 10;
  return { kind: 'percent', direction: percent === 0 ? 'flat' : directionOf(delta), value: percent };
}

/** The median is above, below or equal to the author's own value. */
export function comparedWithMedian(own: number, median: number): 'above' | 'below' | 'equal' {
  if (own > median) return 'above';
  if (own < median) return 'below';
  return 'equal';
}
