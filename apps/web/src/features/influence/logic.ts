import {
  INFLUENCE_TERM_RULES,
  RANK_BOARD_RULES,
  RANK_BOARDS,
  type InfluenceComponent,
  type InfluenceIndex,
  type RankBoard,
  type RankValueUnit,
} from '@cc/contracts';
import type { EChartsCoreOption } from '../../components/echart';
import { CHART_PALETTE } from '../../lib/chart-palette';
import { formatCount, formatRate } from '../../lib/format';
import type { Language } from '../../lib/i18n';

/** The pure parts of the influence pages (issue #12): board paths, how values read, the charts' options. */

/** The page (spec §2 path, no leading slash) of each board. */
export const BOARD_PATHS: Readonly<Record<RankBoard, string>> = {
  influence: 'rank',
  hot: 'exponent/hotRank',
  popular: 'exponent/popularRank',
  safe: 'exponent/safeRank',
  carBuying: 'rank/carBuyingInfluenceRank',
  leader: 'rank/leaderRank',
  video: 'rank/videoRank',
};

/** The boards in tab order: the index boards (`rank/*`) first, then the `exponent/*` ones. */
export const BOARD_TABS: readonly RankBoard[] = [
  'influence',
  'carBuying',
  'leader',
  'video',
  'hot',
  'popular',
  'safe',
];

/** The board a path shows (`/exponent/hotRank` → `hot`), or null for any other path. */
export function boardOfPath(pathname: string): RankBoard | null {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return RANK_BOARDS.find((b) => BOARD_PATHS[b] === path) ?? null;
}

/** How a board's value reads (contracts `RANK_BOARD_RULES`). */
export function boardUnit(board: RankBoard): RankValueUnit {
  return RANK_BOARD_RULES.find((r) => r.board === board)?.unit ?? 'count';
}

/** A board's definition in the page's language. */
export function boardDefinition(board: RankBoard, lang: Language): string {
  return RANK_BOARD_RULES.find((r) => r.board === board)?.definition[lang] ?? '';
}

/** A score of 0–1000 with its one decimal (`633.7`, `120.0`). */
export function formatPoints(points: number): string {
  return Number.isFinite(points) ? points.toFixed(1) : '0.0';
}

/**
 * A board's value as the page writes it: scores with one decimal; growth signed in percent (`+338.67%`,
 * `-6.67%`); shares in percent (`92.31%`); counts by the 万 rule of spec §9 (zh-CN) or the compact form (en-US).
 */
export function formatBoardValue(unit: RankValueUnit, value: number, lang: Language): string {
  if (unit === 'points') return formatPoints(value);
  if (unit === 'share') return formatRate(value);
  if (unit === 'growth') return `${value > 0 ? '+' : ''}${formatRate(value)}`;
  return formatCount(value, lang);
}

/** What a movement means: up or down so many places, the same place, or new on the board. */
export type Movement = { kind: 'up' | 'down'; places: number } | { kind: 'same' } | { kind: 'new' };

/** A board's `movement` (places since the day before, positive = up; null = not on it then). */
export function movementOf(movement: number | null): Movement {
  if (movement === null) return { kind: 'new' };
  if (movement > 0) return { kind: 'up', places: movement };
  if (movement < 0) return { kind: 'down', places: -movement };
  return { kind: 'same' };
}

/** An index term's input as the page writes it: shares in percent, counts by the 万 rule. */
export function formatTermValue(key: string, value: number, lang: Language): string {
  const rule = INFLUENCE_TERM_RULES.find((r) => r.key === key);
  return rule?.unit === 'share' ? formatRate(value) : formatCount(value, lang);
}

/**
 * The components chart: one horizontal bar per component, its points in the brand colour and what it could
 * still earn in grey, labelled `points / max`.
 * @param names each component's name in the page's language
 */
export function componentsOption(
  components: readonly InfluenceComponent[],
  names: (key: InfluenceComponent['key']) => string,
  labels: { points: string; remaining: string },
): EChartsCoreOption {
  const rows = [...components].reverse(); // ECharts draws the first category at the bottom
  return {
    color: [CHART_PALETTE[0], '#E8E8E8'],
    grid: { left: 8, right: 96, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', max: Math.max(...components.map((c) => c.max), 1), show: false },
    yAxis: { type: 'category', data: rows.map((c) => names(c.key)), axisTick: { show: false } },
    series: [
      {
        name: labels.points,
        type: 'bar',
        stack: 'total',
        barWidth: 18,
        data: rows.map((c) => c.points),
      },
      {
        name: labels.remaining,
        type: 'bar',
        stack: 'total',
        barWidth: 18,
        data: rows.map((c) => Math.max(0, Math.round((c.max - c.points) * 10) / 10)),
        label: {
          show: true,
          position: 'right',
          formatter: (p: { dataIndex: number }) =>
            `${formatPoints(rows[p.dataIndex]!.points)} / ${rows[p.dataIndex]!.max}`,
        },
      },
    ],
  };
}

/** The history chart: the daily score over the last 90 days, a line on a 0–1000 axis. */
export function historyOption(history: InfluenceIndex['history'], name: string): EChartsCoreOption {
  return {
    color: [CHART_PALETTE[0]],
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: history.map((h) => h.day), boundaryGap: false },
    yAxis: { type: 'value', min: 0, max: 1000 },
    series: [
      {
        name,
        type: 'line',
        smooth: true,
        showSymbol: history.length < 32,
        data: history.map((h) => h.score),
      },
    ],
  };
}
