import {
  type CreativeHot,
  type CreativeInterest,
  HOT_WINDOW_HOURS,
  INTEREST_MIN_ENGAGEMENT,
  INTEREST_WINDOW_DAYS,
  type MessageLanguage,
  TOPIC_TOP_WORKS,
  type TopicEngagement,
  type TopicEngagementParam,
  TREND_TOP_N,
  type TrendKind,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readHotWorks, readInterestWorks, type TrendWork } from '../../read-models/creative-trends.js';
import { readTopicEngagement } from '../../read-models/topic-engagement.js';
import { carSeriesNames } from '../car/car.service.js';
import { addDays, dayIn } from './analytics.rules.js';
import { eachDay, periodRange } from './analytics.service.js';
import {
  accumulateBySubject,
  keywordExtractor,
  rankHot,
  rankRising,
  type TrendAccumulator,
} from './trends.rules.js';

/*
 * Creative trends and topic engagement (issue #12 `creativeHot`, `creativeInterest`, `topic`; docs/api.md
 * "Creative trends and topics"): market views across every author, for authors choosing what to write about, and
 * each topic's works and engagement. The rules (keywords, ranking, the rising threshold) are in trends.rules.ts.
 */

/** The settings the trends need (config `reportTz`). */
export interface TrendsOptions {
  /** IANA time zone of a data day */
  reportTz: string;
}

/**
 * The subjects of a work: its catalogue series (as text) or its title's keywords (jieba, imported on the first
 * keyword trend, issue #16).
 */
async function subjectsOf(kind: TrendKind): Promise<(work: TrendWork) => readonly string[]> {
  if (kind === 'keyword') {
    const extract = await keywordExtractor();
    return (work) => extract(work.title);
  }
  return (work) => [...new Set(work.carSeriesIds)].map(String);
}

/**
 * Names the ranked subjects: a series as `brand series` in `lang` (the car catalogue, through car.service.ts), a
 * keyword as itself. Series no longer in the catalogue are dropped before ranking (`knownSeries`).
 */
function labelled<T extends TrendAccumulator>(kind: TrendKind, ranked: T[], lang: MessageLanguage) {
  const names =
    kind === 'series'
      ? carSeriesNames(
          ranked.map((s) => Number(s.key)),
          lang,
        )
      : null;
  return ranked.map((s, i) => {
    if (!names) return { ...s, rank: i + 1, label: s.key };
    const n = names.get(Number(s.key))!;
    return { ...s, rank: i + 1, label: `${n.brand} ${n.series}`, seriesId: Number(s.key) };
  });
}

/** Leaves out series ids the catalogue does not know (a keyword list is returned as is). */
function knownSeries(kind: TrendKind, subjects: Map<string, TrendAccumulator>): Iterable<TrendAccumulator> {
  if (kind === 'keyword') return subjects.values();
  const known = carSeriesNames([...subjects.keys()].map(Number), 'zh-CN');
  return [...subjects.values()].filter((s) => known.has(Number(s.key)));
}

/**
 * `GET /api/creative/hot { kind }` (docs/api.md "Creative trends and topics"): what readers of every author engage
 * with now. Over the 24 h window `(now − 24 h, now]` of raw reader events, each work's engagement (views + plays +
 * likes + favorites + shares, API.md §11 counts) is added to every series it carries (`kind: series`) or every
 * keyword of its title (`kind: keyword`, jieba); the top `TREND_TOP_N` (20) by engagement, each with its works and
 * 24 hourly points.
 * @param now the server's clock (`asOf`, the window's end)
 * @param lang the language of the series' names
 */
export async function creativeHot(
  db: Db,
  kind: TrendKind,
  now: Date,
  opts: TrendsOptions,
  lang: MessageLanguage,
): Promise<CreativeHot> {
  const from = new Date(now.getTime() - HOT_WINDOW_HOURS * 3_600_000);
  const works = await readHotWorks(db, {
    from,
    to: now,
    fromDay: dayIn(from, opts.reportTz),
    toDay: dayIn(now, opts.reportTz),
    hours: HOT_WINDOW_HOURS,
  });
  const subjects = accumulateBySubject(works, await subjectsOf(kind), HOT_WINDOW_HOURS);
  const ranked = labelled(kind, rankHot(knownSeries(kind, subjects), TREND_TOP_N), lang);
  return {
    asOf: now.toISOString(),
    kind,
    range: { start: from.toISOString(), end: now.toISOString() },
    list: ranked.map((s) => ({
      rank: s.rank,
      key: s.key,
      label: s.label,
      ...('seriesId' in s ? { seriesId: s.seriesId } : {}),
      engagement: s.engagement,
      works: s.works,
      sparkline: s.sparkline,
    })),
  };
}

/**
 * `GET /api/creative/interest { kind }` (docs/api.md "Creative trends and topics"): rising series or keywords. The
 * last 7 complete days (`REPORT_TZ`, ending yesterday) against the 7 before, from the work rollup; a subject is
 * rising with at least `INTEREST_MIN_ENGAGEMENT` (50) engagement this week and more than the week before;
 * `growthRate` = (this − before) ÷ before (null when nothing before: new, listed first). Top `TREND_TOP_N` (20),
 * each with 14 daily points.
 * @param now the server's clock (`asOf`; today is left out, it is not complete)
 */
export async function creativeInterest(
  db: Db,
  kind: TrendKind,
  now: Date,
  opts: TrendsOptions,
  lang: MessageLanguage,
): Promise<CreativeInterest> {
  const end = addDays(dayIn(now, opts.reportTz), -1);
  const start = addDays(end, -(INTEREST_WINDOW_DAYS - 1));
  const prevStart = addDays(start, -INTEREST_WINDOW_DAYS);
  const days = eachDay(prevStart, end);
  const works = await readInterestWorks(db, { prevStart, start, end, days });
  const subjects = accumulateBySubject(works, await subjectsOf(kind), days.length);
  const ranked = labelled(
    kind,
    rankRising(knownSeries(kind, subjects), INTEREST_MIN_ENGAGEMENT, TREND_TOP_N),
    lang,
  );
  return {
    asOf: now.toISOString(),
    kind,
    range: { start, end },
    previousRange: { start: prevStart, end: addDays(start, -1) },
    minEngagement: INTEREST_MIN_ENGAGEMENT,
    list: ranked.map((s) => ({
      rank: s.rank,
      key: s.key,
      label: s.label,
      ...('seriesId' in s ? { seriesId: s.seriesId } : {}),
      engagement: s.engagement,
      previous: s.previous,
      growthRate: s.growthRate,
      works: s.works,
      sparkline: s.sparkline,
    })),
  };
}

/**
 * `GET /api/topic/engagement { period?, id? }` (docs/api.md "Creative trends and topics"): every topic (or one)
 * with its published works of every author, the author's own works, the engagement of its works over the period
 * (complete days ending yesterday, API.md §11) and the period before, the author's share, a point a day, and its
 * `TOPIC_TOP_WORKS` most engaged works (another author's only once published). Most engagement first; ties in the
 * topics' list order.
 * @throws AppError NOT_FOUND (10006, `TOPIC_NOT_FOUND`) when `id` names no topic
 */
export async function topicEngagement(
  db: Db,
  authorId: number,
  param: TopicEngagementParam,
  now: Date,
  opts: TrendsOptions,
  lang: MessageLanguage,
): Promise<TopicEngagement> {
  const range = periodRange(param.period, dayIn(now, opts.reportTz), null);
  const previous = range.previous!;
  const rows = await readTopicEngagement(db, {
    authorId,
    start: range.start,
    end: range.end,
    prevStart: previous.start,
    prevEnd: previous.end,
    topicId: param.id,
    topWorks: TOPIC_TOP_WORKS,
  });
  if (param.id !== undefined && rows.length === 0) throw new AppError('NOT_FOUND', 'TOPIC_NOT_FOUND');
  const days = eachDay(range.start, range.end);
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return {
    asOf: now.toISOString(),
    period: param.period,
    range: { start: range.start, end: range.end },
    list: [...rows]
      .sort((a, b) => b.engagement - a.engagement || order.get(a.id)! - order.get(b.id)!)
      .map((r) => ({
        id: r.id,
        name: lang === 'zh-CN' ? r.name : r.nameEn,
        description: lang === 'zh-CN' ? r.description : r.descriptionEn,
        works: r.works,
        myWorks: r.myWorks,
        engagement: r.engagement,
        previous: r.previous,
        myEngagement: r.myEngagement,
        trend: days.map((date) => ({ date, engagement: r.days.get(date) ?? 0 })),
        topWorks: r.topWorks.map((w) => ({
          id: w.id,
          type: w.type,
          title: w.title,
          engagement: w.engagement,
          mine: w.authorId === authorId,
        })),
      })),
  };
}
