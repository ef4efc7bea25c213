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
