import type { EChartsCoreOption } from 'echarts/core';
import {
  type CouponItem,
  fenToYuanText,
  type PromotionGoal,
  type PromotionHour,
  promotionEstimatedUnits,
  promotionUnitPriceFen,
} from '@cc/contracts';
import { CHART_PALETTE } from '../../lib/chart-palette';
import { formatDate } from '../../lib/format';

/** Pure rules of the promotion pages (issue #14): money in fen ↔ yuan, which coupon fits, the estimate, charts. */

/** Yuan as typed in a form (up to 2 decimals) → fen; null when empty or not a number. */
export function yuanToFen(yuan: number | null | undefined): number | null {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan)) return null;
  return Math.round(yuan * 100);
}

/** Fen → "12.30" (two decimals, no unit: the caller adds 元/yuan through its text). */
export const yuan = (fen: number) => fenToYuanText(fen);

/** Why a coupon cannot pay a budget now, or null when it fits (the server checks the same on create). */
export function couponMisfit(
  coupon: Pick<CouponItem, 'state' | 'expiresAt' | 'minSpendFen'>,
  budgetFen: number | null,
  now: Date,
): 'used' | 'expired' | 'minSpend' | null {
  if (coupon.state === 'used') return 'used';
  if (coupon.state === 'expired' || new Date(coupon.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (budgetFen !== null && budgetFen < coupon.minSpendFen) return 'minSpend';
  return null;
}

/** How a budget is paid: the coupon first (at most the budget), the rest from the wallet, fen. */
export function paymentSplit(
  budgetFen: number,
  couponValueFen: number | null,
): { couponFen: number; cashFen: number } {
  const couponFen = couponValueFen === null ? 0 : Math.min(couponValueFen, budgetFen);
  return { couponFen, cashFen: budgetFen - couponFen };
}

/** The price of one unit of the goal and what the budget buys at most (shown before paying). */
export function promotionEstimate(goal: PromotionGoal, budgetFen: number | null) {
  return {
    unitPriceFen: promotionUnitPriceFen(goal),
    units: budgetFen === null ? 0 : promotionEstimatedUnits(goal, budgetFen),
  };
}

/** A cost per unit in fen (2 decimals) as yuan text with 2–4 decimals (2 → "0.02", 1.37 → "0.0137"), or null. */
export function costText(fen: number | null): string | null {
  if (fen === null) return null;
  return (fen / 100).toFixed(4).replace(/0{1,2}$/, '');
}

/**
 * The hourly chart of a promotion (issue #14 "natural vs promoted traffic"): promoted and natural views stacked per
 * hour of its window, new fans as a line on a second axis.
 * @param names the series' names in the UI language
 */
export function trafficOption(
  series: readonly PromotionHour[],
  names: { promoted: string; natural: string; fans: string },
): EChartsCoreOption {
  return {
    color: [CHART_PALETTE[0], CHART_PALETTE[1], CHART_PALETTE[2]],
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: series.map((h) => formatDate(h.hour, 'MM-DD HH:mm')) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: names.promoted, type: 'bar', stack: 'views', data: series.map((h) => h.promotedViews) },
      { name: names.natural, type: 'bar', stack: 'views', data: series.map((h) => h.naturalViews) },
      { name: names.fans, type: 'line', yAxisIndex: 1, data: series.map((h) => h.fans) },
    ],
  };
}
