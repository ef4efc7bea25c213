import { type DataPeers, type DataPeriod, METRIC_KEYS, type Metrics } from '@cc/contracts';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { readAuthorField, readAuthorsOfField } from '../../read-models/author-fields.js';
import * as repo from './analytics.repo.js';
import { dayIn } from './analytics.rules.js';
import { periodRange, workMetricsOf } from './analytics.service.js';

/**
 * The median of a list of numbers (the mean of the two middle values for an even count; 0 for none).
 * Rates are rounded to 4 decimals, counts to whole numbers (API.md §11 shapes).
 */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * `GET /api/data/peers` (extension, docs/api.md "Audience data"; issue #12 "against the median of authors in
 * the same field over the same period", Bilibili 同类UP主 / Douyin 同类创作者): each metric's median over the
 * authors of the author's field (approved certification), or over every author with data when they have no
 * field. Computed from the same rollups as the overview; `all` is not compared (one range per author would
 * differ), so it answers the 90-day median.
 */
export async function peersMedian(
  db: Db,
  config: Pick<AppConfig, 'reportTz'>,
  authorId: number,
  period: DataPeriod,
  now: Date,
): Promise<DataPeers> {
  const today = dayIn(now, config.reportTz);
  const range = periodRange(period === 'all' ? '90d' : period, today, null);
  const field = await readAuthorField(db, authorId);
  const ids = field ? await readAuthorsOfField(db, field) : null;
  const sums = await repo.authorsSums(db, range.start, range.end, ids);
  const everyone = ids ?? [...sums.keys()];
  if (!everyone.includes(authorId)) everyone.push(authorId);
  const perAuthor: Metrics[] = everyone.map((id) => {
    const s = sums.get(id) ?? { sums: repo.toSums(undefined), gained: 0, lost: 0, total: 0 };
    return {
      ...workMetricsOf(s.sums),
      fansGained: s.gained,
      fansLost: s.lost,
      fansNet: s.gained - s.lost,
      fansTotal: s.total,
    };
  });
  const med = Object.fromEntries(
    METRIC_KEYS.map((k) => {
      const m = median(perAuthor.map((p) => p[k]));
      const isRate = k === 'completionRate' || k === 'exitRate3s';
      return [k, isRate ? Math.round(m * 10_000) / 10_000 : Math.round(m)];
    }),
  ) as Metrics;
  return { asOf: now.toISOString(), field, authors: everyone.length, median: med };
}
