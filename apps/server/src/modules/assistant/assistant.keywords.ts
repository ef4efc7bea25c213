import { AhoCorasick } from '@monyone/aho-corasick';
import type { Jieba, TfIdf } from '@node-rs/jieba';
import { ASSISTANT_KEYWORDS_MAX, type AssistantKeyword, type MessageLanguage } from '@cc/contracts';
import { type JiebaPackage, loadJiebaPackage } from '../../lib/jieba.js';
import { catalogueSeriesNames } from '../car/car.service.js';

/*
 * The text side of the content assistant's local suggester (issue #14 "title suggestions from the work's text: Chinese
 * segmentation with @node-rs/jieba and a car-domain dictionary from the car catalogue, TF-IDF keywords"). Pure: no
 * database; unit-tested in assistant.keywords.test.ts. Every function is deterministic for the same input.
 *
 * 1. Car names with Latin letters or digits (`SU7`, `Model 3`, `宋PLUS`, `BYD`) are found on a folded copy of the text
 *    (NFKC, lower case, white space removed) with Aho–Corasick, leftmost-longest, and only where they stand alone
 *    (no Latin letter or digit right before or after), then written back in the catalogue's own compact spelling
 *    (`model 3` → `Model3`), so jieba sees one word.
 * 2. jieba (precise mode, HMM on) segments the text with its shipped dictionary plus the car-domain dictionary: every
 *    catalogue name as one word (names with Latin letters or digits, and Chinese names of two or more characters),
 *    and `DOMAIN_TERMS`, the vocabulary of car reviews that the general dictionary cuts apart (`车机系统`, `城市NOA`).
 * 3. Series named by Chinese words alone (`汉`, `海豚`, `拿铁`) are ordinary words too, so they count only where their
 *    brand is named in the same text; a series with Latin letters or digits counts alone when no other brand has a
 *    series of that name (`SU7`), else only with its brand (`X3`).
 * 4. Keywords are jieba's TF-IDF (`TfIdf.extractKeywords`: term frequency in the text × inverse document frequency)
 *    over nouns and noun-like words, with the IDF table jieba ships (`idf.txt`, the one Python jieba's
 *    `analyse.extract_tags` uses, computed on a large general Chinese corpus). Series names are added to that table
 *    at `CAR_NAME_IDF`, its largest value: the general corpus never saw `SU7`, and a series a work names is what the
 *    work is about — it must not rank as an average word (jieba's default for unknown words, the median).
 */

/**
 * Words of car reviews the general dictionary splits (`车机系统` → `车/机系统`) or misses (`掉电`, `城市NOA`): added as
 * nouns, so TF-IDF counts them whole. Data: add a word by adding it here.
 */
export const DOMAIN_TERMS: readonly string[] = [
  // powertrain and energy
  '续航',
  '续航里程',
  '冬季续航',
  '掉电',
  '电耗',
  '油耗',
  '能耗',
  '百公里加速',
  '零百加速',
  '快充',
  '超充',
  '补能',
  '换电',
  '充电桩',
  '增程',
  '增程式',
  '插混',
  '插电混动',
  '纯电',
  '混动',
  '三电',
  '刀片电池',
  '动力电池',
  '电池包',
  '热泵空调',
  '800V',
  // driving assistance and cabin
  '智驾',
  '高阶智驾',
  '智能驾驶',
  '辅助驾驶',
  '城市NOA',
  '高速NOA',
  '激光雷达',
  '自动泊车',
  '车机',
  '车机系统',
  '智能座舱',
  '座舱',
  'OTA',
  // chassis, body and space
  '底盘',
  '悬架',
  '空气悬架',
  '底盘调校',
  '轴距',
  '后排空间',
  '后备厢',
  '第三排',
  '座椅',
  '隔音',
  '风噪',
  '胎噪',
  // ownership
  '落地价',
  '终端优惠',
  '保值率',
  '车主',
  '口碑',
  '长测',
  '试驾',
  '碰撞测试',
  '主动安全',
  '被动安全',
  '保养',
  '质保',
];

/**
 * Words that say nothing about what a work is about, dropped from keywords: pronouns, hedges and the car-media words
 * every work holds (`汽车`, `车型`, `这款`), plus English function words. Data; lower case for English.
 */
export const KEYWORD_STOP_WORDS: ReadonlySet<string> = new Set(
  [
    '一个 一些 一下 一点 一起 一样 不是 不会 不能 什么 以及 但是 到底 可以 可能 因为 所以 如何 如果 就是 已经 应该',
    '怎么 怎么样 我们 你们 他们 大家 这个 那个 这些 那些 这样 那样 这么 那么 还是 还有 没有 真的 其实 而且 虽然',
    '不过 然后 之后 之前 现在 今天 时候 方面 问题 情况 东西 感觉 表现 部分 地方 整体 目前 方式 时间 作者 读者 文章',
    '视频 图片 内容 话题 汽车 车型 车辆 新车 这款 该车 此车 品牌 车子 车款 厂家 厂商 官方',
    'a an and are as at be by can for from has have how in is it its of on or our than that the this to was were',
    'what when which who why will with you your we they their there these those them then just very more most',
    'about after also back been before better both could drive drove driven each even first good great into like made',
    'make much only other over really same should some still such take than through time well while would week year',
    'impressed review test tested car cars vehicle model',
  ]
    .join(' ')
    .split(' '),
);

/** jieba's parts of speech a keyword may have: nouns (people, places, organisations, other proper), verb-nouns, English. */
const KEYWORD_POS = ['n', 'nr', 'nrt', 'nrfg', 'ns', 'nt', 'nz', 'ng', 'vn', 'eng', 'j'];

/** Longest keyword, characters (`续航里程`, `Model Y L` are far below; a 20,000-letter run is not a word). */
const KEYWORD_MAX_CHARS = 20;

/** Largest IDF of jieba's shipped table (`idf.txt`): the IDF of catalogue series names (see the header). */
export const CAR_NAME_IDF = 13.900677652;
/** Dictionary frequencies of our words: high enough that jieba keeps them whole, as its own common words are. */
const NAME_FREQ = 50_000;
const TERM_FREQ = 20_000;

/** Han characters (the Chinese of names and texts). */
const HAN = /\p{Script=Han}/u;
/** Characters jieba keeps within one word in precise mode (its default "han" block): names of others are not glued. */
const JIEBA_WORD = /^[\p{Script=Han}A-Za-z0-9+#&._%-]+$/u;
const ASCII_ALNUM = /[A-Za-z0-9]/;

/** One name of the catalogue as the text side knows it. */
interface CarName {
  /** the name without white space, as the catalogue writes it: the word jieba segments (`Model3`, `宋PLUS`) */
  token: string;
  /** the name as the catalogue writes it (`Model 3`) */
  display: string;
  /** series named so (several brands may share a name: `X3`) — empty for a brand */
  seriesIds: number[];
  /** brands named so — empty for a series */
  brandIds: number[];
  /** whether the name holds a Latin letter or digit (found by Aho–Corasick) or is Chinese only (found by jieba) */
  latin: boolean;
}

/** The car-domain dictionary, built once from the catalogue (`car.service` `catalogueSeriesNames`). */
interface CarDictionary {
  /** folded name (lower case, no white space) → name, for the Latin-lettered names */
  byFolded: Map<string, CarName>;
  /** token → name, for every name (Chinese ones are matched on jieba's words) */
  byToken: Map<string, CarName>;
  automaton: AhoCorasick;
  /** series id → brand id */
  brandOf: Map<number, number>;
  /** series id → display names by language */
  seriesNames: Map<number, Record<MessageLanguage, { brand: string; series: string }>>;
  /** every name word of the catalogue as written (`PLUS`, `Model`, `SU7`), for the capitals check */
  words: Set<string>;
}

/** Folds one code point as the Latin-name search compares: NFKC (full-width → ASCII), lower case; white space → ''. */
function foldChar(ch: string): string {
  return /\s/u.test(ch) ? '' : ch.normalize('NFKC').toLowerCase();
}

const fold = (name: string) => [...name].map(foldChar).join('');
const compact = (name: string) => name.replace(/\s+/gu, '');

let dictionary: CarDictionary | undefined;

/** The car-domain dictionary (built on first use; the catalogue is shipped data, so it never changes at run time). */
export function carDictionary(): CarDictionary {
  if (dictionary) return dictionary;
  const byFolded = new Map<string, CarName>();
  const byToken = new Map<string, CarName>();
  const brandOf = new Map<number, number>();
  const seriesNames = new Map<number, Record<MessageLanguage, { brand: string; series: string }>>();
  const words = new Set<string>();
  const add = (raw: string, kind: 'series' | 'brand', id: number) => {
    const token = compact(raw);
    if (!token) return;
    for (const w of raw.split(/\s+/u)) if (w) words.add(w);
    const latin = ASCII_ALNUM.test(token) || !HAN.test(token);
    const key = latin ? fold(raw) : token;
    const map = latin ? byFolded : byToken;
    let entry = map.get(key);
    if (!entry) {
      entry = { token, display: raw.trim(), seriesIds: [], brandIds: [], latin };
      map.set(key, entry);
    }
    const ids = kind === 'series' ? entry.seriesIds : entry.brandIds;
    if (!ids.includes(id)) ids.push(id);
  };
  for (const s of catalogueSeriesNames()) {
    brandOf.set(s.id, s.brandId);
    seriesNames.set(s.id, {
      'zh-CN': { brand: s.brand, series: s.series },
      'en-US': { brand: s.brandEn, series: s.seriesEn ?? s.series },
    });
    add(s.brand, 'brand', s.brandId);
    add(s.brandEn, 'brand', s.brandId);
    add(s.series, 'series', s.id);
    if (s.seriesEn) add(s.seriesEn, 'series', s.id);
  }
  // Latin-lettered names are also jieba words under their token (for TF-IDF), found by the automaton first
  for (const entry of byFolded.values()) if (!byToken.has(entry.token)) byToken.set(entry.token, entry);
  dictionary = {
    byFolded,
    byToken,
    automaton: new AhoCorasick([...byFolded.keys()]),
    brandOf,
    seriesNames,
    words,
  };
  return dictionary;
}

let segmenterPromise: Promise<{ jieba: Jieba; tfIdf: TfIdf }> | undefined;

/**
 * jieba with its shipped dictionary and the car-domain one, and its TF-IDF extractor with the shipped IDF table and
 * the series names (loaded on first use, ~0.3 s; one instance for the process). Its own instance, not the shared
 * plain one of `lib/jieba.ts`: the car-domain words would change how the rule search and the trends segment.
 * The package is imported on the first call (issue #16); the promise is memoised.
 */
function segmenter(): Promise<{ jieba: Jieba; tfIdf: TfIdf }> {
  return (segmenterPromise ??= loadJiebaPackage().then(buildSegmenter));
}

/** Builds `segmenter`'s pair from the loaded package. */
function buildSegmenter({ Jieba, TfIdf, dict, idf }: JiebaPackage): { jieba: Jieba; tfIdf: TfIdf } {
  const { byToken } = carDictionary();
  const lines: string[] = [];
  const idfLines: string[] = [];
  for (const entry of byToken.values()) {
    if (!JIEBA_WORD.test(entry.token)) continue;
    // one Chinese character (`汉`, `夏`) stays jieba's own: as a word it would break `汉字`, `夏天`
    if (!entry.latin && [...entry.token].length < 2) continue;
    lines.push(`${entry.token} ${entry.latin ? NAME_FREQ : TERM_FREQ} nz`);
    // Chinese-only series names are ordinary words too (`拿铁`, `高山`): they keep the general IDF
    if (entry.latin && entry.seriesIds.length > 0) idfLines.push(`${entry.token} ${CAR_NAME_IDF}`);
  }
  for (const term of DOMAIN_TERMS) lines.push(`${term} ${TERM_FREQ} n`);
  const jieba = Jieba.withDict(dict);
  jieba.loadDict(Buffer.from(lines.join('\n'), 'utf8'));
  const tfIdf = TfIdf.withDict(idf);
  tfIdf.loadDict(Buffer.from(idfLines.join('\n'), 'utf8'));
  // WARNING: `loadDict` sets the IDF of unknown words to the median of the table it was given, so the shipped table
  // is merged again last: unknown words get its median (11.95), as jieba's own extractor gives them
  tfIdf.loadDict(idf);
  return { jieba, tfIdf };
}

/** A Latin-lettered name found in the text: where (code-unit offsets into the text) and which. */
interface NameHit {
  start: number;
  end: number;
  name: CarName;
}

/**
 * The Latin-lettered catalogue names in `text` (step 1 of the header): leftmost-longest, non-overlapping, standing
 * alone (no Latin letter or digit right before or after where the name begins or ends with one).
 */
function findLatinNames(text: string): NameHit[] {
  const { automaton, byFolded } = carDictionary();
  let folded = '';
  // folded code unit i came from text[origin[i] .. originEnd[i])
  const origin: number[] = [];
  const originEnd: number[] = [];
  let at = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    for (let k = 0; k < f.length; k++) {
      origin.push(at);
      originEnd.push(at + ch.length);
    }
    folded += f;
    at += ch.length;
  }
  const hits = automaton
    .matchInText(folded)
    .map((m) => ({ begin: m.begin, end: m.end, name: byFolded.get(m.keyword)! }))
    .filter((m) => {
      const start = origin[m.begin]!;
      const end = originEnd[m.end - 1]!;
      const before = text[start - 1] ?? '';
      const after = text[end] ?? '';
      const first = m.name.token[0] ?? '';
      const last = m.name.token.at(-1) ?? '';
      if (ASCII_ALNUM.test(first) && ASCII_ALNUM.test(before)) return false;
      if (ASCII_ALNUM.test(last) && ASCII_ALNUM.test(after)) return false;
      return true;
    })
    .sort((a, b) => a.begin - b.begin || b.end - a.end);
  const out: NameHit[] = [];
  let reached = 0;
  for (const m of hits) {
    if (m.begin < reached) continue;
    out.push({ start: origin[m.begin]!, end: originEnd[m.end - 1]!, name: m.name });
    reached = m.end;
  }
  return out;
}

/** What the text says, as the title patterns need it. */
export interface TextAnalysis {
  /** the text's language: zh-CN when Han characters are at least 30 % of its letters */
  language: MessageLanguage;
  /** keywords, best first (TF-IDF weight 4 decimals, then the word), car names as the catalogue writes them */
  keywords: AssistantKeyword[];
  /** series the text names, most named first (then first named first) */
  seriesIds: number[];
  /** the keywords that are not car or brand names, best first */
  words: string[];
}

/** zh-CN when Han characters are at least 30 % of the letters (an English review of a Chinese car is English). */
export function textLanguage(text: string): MessageLanguage {
  let han = 0;
  let letters = 0;
  for (const ch of text) {
    if (HAN.test(ch)) han++;
    else if (/\p{L}/u.test(ch)) letters++;
  }
  // a Chinese character carries a word's meaning, a Latin letter a sound: weigh a Han character as 3 letters
  const total = han * 3 + letters;
  return total > 0 && (han * 3) / total >= 0.3 ? 'zh-CN' : 'en-US';
}

/**
 * Analyses a text (the header's steps): its language, TF-IDF keywords, the catalogue series it names and its other
 * keywords. The first call imports jieba and builds the segmenter (issue #16), so it is async.
 * @param text reader-visible text (the caller has reduced HTML with `htmlToPlainText` and bounded it)
 * @param limit keywords kept (default `ASSISTANT_KEYWORDS_MAX`)
 */
export async function analyseText(text: string, limit = ASSISTANT_KEYWORDS_MAX): Promise<TextAnalysis> {
  const { byToken, brandOf } = carDictionary();
  const { jieba: j, tfIdf: t } = await segmenter();
  // 1. Latin-lettered names, written back in the catalogue's compact spelling
  const latin = findLatinNames(text);
  let canonical = '';
  let pos = 0;
  for (const hit of latin) {
    const glue = JIEBA_WORD.test(hit.name.token);
    canonical += text.slice(pos, hit.start) + (glue ? ` ${hit.name.token} ` : text.slice(hit.start, hit.end));
    pos = hit.end;
  }
  canonical += text.slice(pos);
  // 2–3. mentions: Latin names from the automaton, Chinese names from jieba's words
  const mentions: CarName[] = latin.map((h) => h.name);
  for (const word of j.cut(canonical, true)) {
    const entry = byToken.get(word);
    if (entry && !entry.latin) mentions.push(entry);
  }
  const brandsNamed = new Set(mentions.flatMap((m) => m.brandIds));
  const counts = new Map<number, { count: number; first: number }>();
  // the tokens that name a car here: brands, and series that counted (a Chinese word only with its brand)
  const nameTokens = new Set<string>();
  mentions.forEach((m, index) => {
    const named = m.seriesIds.filter((id) => brandsNamed.has(brandOf.get(id)!));
    const ids =
      named.length > 0
        ? named
        : m.latin && m.seriesIds.length === 1 && m.token.length >= 2
          ? m.seriesIds
          : [];
    if (ids.length > 0 || m.brandIds.length > 0) nameTokens.add(m.token);
    for (const id of ids) {
      const c = counts.get(id);
      if (c) c.count++;
      else counts.set(id, { count: 1, first: index });
    }
  });
  const seriesIds = [...counts.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first)
    .map(([id]) => id);
  // 4. TF-IDF keywords over nouns; names shown as the catalogue writes them
  const seen = new Set<string>();
  const keywords: (AssistantKeyword & { isName: boolean })[] = [];
  for (const k of t.extractKeywords(j, canonical, limit * 6, KEYWORD_POS)) {
    const word = k.keyword.trim();
    const entry = nameTokens.has(word) ? byToken.get(word) : undefined;
    if (!entry) {
      if (!/\p{L}/u.test(word)) continue; // numbers, symbols
      if ([...word].length < 2 || [...word].length > KEYWORD_MAX_CHARS) continue; // a run of letters is no word
      if (!HAN.test(word) && word.length < 3) continue; // `DM`, `i`: fragments of Latin names
      if (KEYWORD_STOP_WORDS.has(word.toLowerCase())) continue;
    }
    const display = entry ? entry.display : word;
    if (seen.has(display.toLowerCase())) continue;
    seen.add(display.toLowerCase());
    keywords.push({ word: display, weight: Math.round(k.weight * 10_000) / 10_000, isName: !!entry });
  }
  keywords.sort((a, b) => b.weight - a.weight || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const kept = keywords.slice(0, limit);
  return {
    language: textLanguage(text),
    keywords: kept.map(({ word, weight }) => ({ word, weight })),
    seriesIds,
    words: keywords.filter((k) => !k.isName).map((k) => k.word),
  };
}

/** The names of a series in a language (`{ brand, series }`), or undefined for an id not in the catalogue. */
export function seriesNamesIn(
  id: number,
  lang: MessageLanguage,
): { brand: string; series: string } | undefined {
  return carDictionary().seriesNames.get(id)?.[lang];
}

/** Whether `word` is written exactly so in a catalogue name (`PLUS`, `SU7`, `BMW`): the capitals check allows it. */
export function isCatalogueWord(word: string): boolean {
  return carDictionary().words.has(word);
}
