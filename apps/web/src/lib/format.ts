import { useTranslation } from 'react-i18next';
import { formatWan } from '@cc/contracts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './i18n';

/**
 * The spec §9 formatters live in contracts (one implementation for server and web); the web app
 * imports them from here so a locale tweak has one place to go. Dates follow dayjs's locale, which
 * lib/i18n switches with the language; counts go through {@link formatCount}.
 */
export {
  applyImageWidthRules,
  fillAvatar,
  fillImageTemplate,
  formatBadge,
  formatDate,
  toDate,
} from '@cc/contracts';

/** Where counts start to be abbreviated, in both languages (spec §9: 10,000). */
const COMPACT_FROM = 10_000;

/**
 * en-US compact form (61.8K, 1.2M, 100M): at most one decimal, truncated like 万 is (99,999 is
 * 99.9K, not 100K — it is not a hundred thousand yet).
 */
const EN_COMPACT = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
  roundingMode: 'trunc',
});
const EN_WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, roundingMode: 'trunc' });

/**
 * A count (views, likes, fans, plays…) as the author's language writes it (issue #9, spec §9):
 * - zh-CN: under 10,000 the integer (`9999`); from 10,000 in 万 with one decimal, truncated
 *   (`61800` → `6.1万`, `1e8` → `10000.0万`) — `formatWan` of contracts;
 * - en-US: under 10,000 the integer with grouping (`9,999`); from 10,000 the locale's compact form
 *   with one decimal at most, truncated (`61800` → `61.8K`, `1234567` → `1.2M`, `1e8` → `100M`).
 * Negative counts keep their sign; anything not finite reads `0`.
 */
export function formatCount(value: number, lang: Language): string {
  if (lang === 'zh-CN') return formatWan(value);
  if (!Number.isFinite(value)) return '0';
  return Math.abs(value) >= COMPACT_FROM ? EN_COMPACT.format(value) : EN_WHOLE.format(value);
}

/**
 * {@link formatCount} in the current UI language, for components: they render again when the
 * language changes.
 */
export function useFormatCount(): (value: number) => string {
  const { i18n } = useTranslation();
  const lang = LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;
  return (value) => formatCount(value, lang);
}

/** The words of {@link formatDuration} per language. */
const DURATION_WORDS: Record<Language, { hours: string; minutes: string; joiner: string }> = {
  'zh-CN': { hours: '小时', minutes: '分钟', joiner: '' },
  'en-US': { hours: ' h', minutes: ' min', joiner: ' ' },
};
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * A duration in milliseconds (`watchMs`, issue #12) as hours and minutes, truncated: zh-CN `12小时5分钟`, `5分钟`,
 * `<1分钟`, `0分钟`; en-US `12 h 5 min`, `5 min`, `<1 min`, `0 min`. From 10,000 hours the hours alone follow
 * {@link formatCount} (`1.2万小时`, `12.3K h`). Negative or not finite reads as 0.
 */
export function formatDuration(ms: number, lang: Language): string {
  const words = DURATION_WORDS[lang];
  const value = Number.isFinite(ms) && ms > 0 ? ms : 0;
  const hours = Math.trunc(value / HOUR_MS);
  const minutes = Math.trunc((value % HOUR_MS) / MINUTE_MS);
  if (hours >= COMPACT_FROM) return `${formatCount(hours, lang)}${words.hours}`;
  if (hours > 0) {
    return minutes > 0
      ? `${hours}${words.hours}${words.joiner}${minutes}${words.minutes}`
      : `${hours}${words.hours}`;
  }
  if (minutes === 0 && value > 0) return `<1${words.minutes}`;
  return `${minutes}${words.minutes}`;
}

/**
 * A rate of 0–1 (completion rate, 3-second exit rate; API.md §11) as a percentage with 2 decimals, the same in
 * both languages: `0.1234` → `12.34%`, `1` → `100.00%`. Not finite reads `0.00%`.
 */
export function formatRate(rate: number): string {
  if (!Number.isFinite(rate)) return '0.00%';
  return `${(Math.round(rate * 10_000) / 100).toFixed(2)}%`;
}

/** How a metric's value is written (contracts `MetricDefinition.unit`). */
export type MetricUnit = 'count' | 'ms' | 'rate' | 'signed';

/**
 * A metric's value for display (issue #12, spec §9): counts (signed ones too) by {@link formatCount} (万 in
 * zh-CN, the compact form in en-US), `ms` by {@link formatDuration}, rates by {@link formatRate}.
 */
export function formatMetricValue(unit: MetricUnit, value: number, lang: Language): string {
  if (unit === 'rate') return formatRate(value);
  if (unit === 'ms') return formatDuration(value, lang);
  return formatCount(value, lang);
}

/** {@link formatMetricValue} in the current UI language, for components (they render again on a switch). */
export function useFormatMetric(): (unit: MetricUnit, value: number) => string {
  const { i18n } = useTranslation();
  const lang = LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;
  return (unit, value) => formatMetricValue(unit, value, lang);
}
