import { CAR_SEARCH_LIMIT, type CarSeriesItem, type MessageLanguage } from '@cc/contracts';
import { normaliseForModeration } from '../moderation/moderation.service.js';
import { CAR_CATALOGUE } from './car-catalogue.data.js';

/** One series with the texts a keyword is compared with (lower case, NFKC, no spaces or punctuation). */
interface IndexedSeries {
  item: CarSeriesItem;
  brandId: number;
  /** the series' own names: `汉`, `han` */
  names: string[];
  /** brand and series together: `比亚迪汉`, `bydhan` */
  full: string[];
  /** the brand's names: `比亚迪`, `byd` */
  brands: string[];
}

/**
 * The form names and keywords are compared in: the moderation normaliser (full-width, case, traditional →
 * simplified, spaces and punctuation dropped): `BMW 3 Series` → `bmw3series`, `寶馬 3系` → `宝马3系`.
 */
const fold = normaliseForModeration;

const INDEX: readonly IndexedSeries[] = CAR_CATALOGUE.flatMap((brand) =>
  brand.series.map((series) => {
    const names = [...new Set([fold(series.name), fold(series.nameEn ?? series.name)])];
    const brands = [...new Set([fold(brand.name), fold(brand.nameEn)])];
    return {
      item: { id: series.id, brand: brand.name, series: series.name },
      brandId: brand.id,
      names,
      full: brands.flatMap((b) => names.map((n) => b + n)),
      brands,
    };
  }),
);

const SERIES_IDS = new Set(INDEX.map((e) => e.item.id));

/**
 * How well `key` (folded) names a series: 0 its name exactly, 1 brand and name exactly (`比亚迪汉`), 2 the
 * start of its name, 3 the start of brand and name (`bmw3`), 4 its brand exactly, 5 the start of its brand,
 * 6 anywhere in brand and name; null when nowhere.
 */
function rank(entry: IndexedSeries, key: string): number | null {
  if (entry.names.includes(key)) return 0;
  if (entry.full.includes(key)) return 1;
  if (entry.names.some((n) => n.startsWith(key))) return 2;
  if (entry.full.some((f) => f.startsWith(key))) return 3;
  if (entry.brands.includes(key)) return 4;
  if (entry.brands.some((b) => b.startsWith(key))) return 5;
  if (entry.full.some((f) => f.includes(key))) return 6;
  return null;
}

/**
 * Searches the shipped catalogue of real car brands and series (`car-catalogue.data.ts`; API.md §13
 * `GET /api/car/series_search`) as an author types. The keyword and every name are folded (case, full-width,
 * traditional characters, spaces and punctuation), and matched in Chinese or English against the series
 * (`汉`, `Han`), brand and series together (`比亚迪 汉`, `BYD Han`, `宝马3系`, `bmw 3 series`) or the brand
 * alone (`特斯拉` lists its series). Best first: exact name, brand + name, name prefix, brand + name prefix, brand, brand prefix,
 * anywhere; then in catalogue order.
 * @param keyword what the author typed (the route has trimmed it and bounded it to 40 characters)
 * @returns at most `CAR_SEARCH_LIMIT` (20) series `{ id, brand, series }`; empty when the keyword folds to nothing
 */
export function searchCarSeries(keyword: string): CarSeriesItem[] {
  const key = fold(keyword);
  if (!key) return [];
  const hits: { entry: IndexedSeries; rank: number }[] = [];
  for (const entry of INDEX) {
    const r = rank(entry, key);
    if (r !== null) hits.push({ entry, rank: r });
  }
  hits.sort(
    (a, b) => a.rank - b.rank || a.entry.brandId - b.entry.brandId || a.entry.item.id - b.entry.item.id,
  );
  return hits.slice(0, CAR_SEARCH_LIMIT).map((h) => h.entry.item);
}

/**
 * The ids among `ids` that are not series of the catalogue (for the publish calls' `carSeriesIds`, API.md
 * §13: a work carries only real series).
 * @returns the unknown ids, in the order given; empty when all are known
 */
export function unknownCarSeriesIds(ids: readonly number[]): number[] {
  return ids.filter((id) => !SERIES_IDS.has(id));
}

const SERIES_BY_ID: ReadonlyMap<number, CarSeriesItem> = new Map(INDEX.map((e) => [e.item.id, e.item]));

/**
 * The catalogue's series of `ids` (`{ id, brand, series }`, names as `searchCarSeries` answers them), for the
 * detail answers of works that carry `carSeriesIds` (API.md §13; album/detail, issue #10).
 * @returns one item per known id, in the order given; ids not in the catalogue are left out
 */
export function carSeriesByIds(ids: readonly number[]): CarSeriesItem[] {
  return ids.flatMap((id) => {
    const item = SERIES_BY_ID.get(id);
    return item ? [item] : [];
  });
}

/** Brand and series names of the catalogue by series id, in both languages (`nameEn` when the catalogue has one). */
const NAMES_BY_ID: ReadonlyMap<number, Record<MessageLanguage, { brand: string; series: string }>> = new Map(
  CAR_CATALOGUE.flatMap((brand) =>
    brand.series.map((series) => [
      series.id,
      {
        'zh-CN': { brand: brand.name, series: series.name },
        'en-US': { brand: brand.nameEn, series: series.nameEn ?? series.name },
      },
    ]),
  ),
);

/**
 * The names of catalogue series in `lang` (issue #12 creative trends: a series is shown as `brand series`): zh-CN as
 * written in China (`比亚迪` `汉`), en-US by the English or pinyin name where the catalogue has one (`BYD` `Han`).
 * @returns series id → `{ brand, series }`; ids not in the catalogue are left out
 */
export function carSeriesNames(
  ids: Iterable<number>,
  lang: MessageLanguage,
): Map<number, { brand: string; series: string }> {
  const out = new Map<number, { brand: string; series: string }>();
  for (const id of ids) {
    const names = NAMES_BY_ID.get(id);
    if (names) out.set(id, names[lang]);
  }
  return out;
}

/** One series of the catalogue with its brand, as a dictionary of car names needs it (both languages). */
export interface CatalogueSeriesNames {
  id: number;
  brandId: number;
  /** the brand as written in China (`比亚迪`) and in English or pinyin (`BYD`) */
  brand: string;
  brandEn: string;
  /** the series as written in China (`汉L`) and its English or pinyin name where the catalogue has one (`Han L`) */
  series: string;
  seriesEn: string | undefined;
}

const SERIES_NAMES: readonly CatalogueSeriesNames[] = CAR_CATALOGUE.flatMap((brand) =>
  brand.series.map((series) => ({
    id: series.id,
    brandId: brand.id,
    brand: brand.name,
    brandEn: brand.nameEn,
    series: series.name,
    seriesEn: series.nameEn,
  })),
);

/**
 * Every series of the shipped catalogue with its brand's names (issue #14 "Content assistant": the car-domain
 * dictionary of the title suggester is built from it). Catalogue order; the array is shared, do not change it.
 */
export function catalogueSeriesNames(): readonly CatalogueSeriesNames[] {
  return SERIES_NAMES;
}
