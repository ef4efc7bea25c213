import type { ContentType, MessageLanguage, TitlePattern } from '@cc/contracts';

/*
 * The title patterns of the local suggester (issue #14 "title patterns"): templates a car-media editor writes —
 * a review, a question readers ask, a comparison, a numbered list, buying advice — filled with the car series and
 * keywords of the text. Pure and deterministic: the same subjects give the same titles in the same order. Unit
 * tests: assistant.titles.test.ts.
 */

/** What the templates are filled with. */
export interface TitleSubjects {
  /** the language the titles are written in (the text's) */
  language: MessageLanguage;
  /** car series, lead first: `full` with the brand (`比亚迪汉L`), `short` the series alone when it stands alone */
  cars: { full: string; short: string | null }[];
  /** keywords that are not car names, lead first */
  words: string[];
}

/**
 * One template. Slots: `{s}` the subject (the lead car, else the lead keyword), `{s2}` the second car, `{k1}` `{k2}`
 * `{k3}` the keywords after the subject, `{list}` two or three of them joined (`续航、油耗和车机` / `range, fuel use
 * and cabin`), `{n}` how many the list holds. A template is used only when each of its slots has a value.
 */
export interface TitleTemplate {
  pattern: Exclude<TitlePattern, 'other'>;
  /** `car`: only when the subject is a car; `word`: only when no car is named */
  subject: 'car' | 'word';
  text: string;
  /** the kinds of work it suits (default all) */
  types?: readonly ContentType[];
}

const ARTICLE_LIKE: readonly ContentType[] = ['article', 'program'];
const VIDEO_LIKE: readonly ContentType[] = ['video', 'smallVideo', 'live'];

/**
 * THE TEMPLATES, per language, as data (docs/decisions/0015-content-assistant.md explains the choice). Each pattern has a
 * long form first and shorter ones after, so a long car name still fits the 30-character rule. No template holds a
 * clickbait word (the suggester drops any title that trips `clickbaitFindings` anyway).
 */
export const TITLE_TEMPLATES: Readonly<Record<MessageLanguage, readonly TitleTemplate[]>> = {
  'zh-CN': [
    { pattern: 'review', subject: 'car', text: '{s}深度评测：{k1}和{k2}表现如何', types: ARTICLE_LIKE },
    { pattern: 'review', subject: 'car', text: '{s}视频评测：实测{k1}和{k2}', types: VIDEO_LIKE },
    { pattern: 'review', subject: 'car', text: '{s}实拍图集：细看{k1}和{k2}', types: ['album'] },
    { pattern: 'review', subject: 'car', text: '{s}评测：重点聊聊{k1}' },
    { pattern: 'review', subject: 'car', text: '{s}{k1}实测体验' },
    { pattern: 'review', subject: 'car', text: '{s}深度评测' },
    { pattern: 'question', subject: 'car', text: '{s}的{k1}和{k2}，车主怎么看？' },
    { pattern: 'question', subject: 'car', text: '{s}的{k1}表现怎么样？' },
    { pattern: 'question', subject: 'car', text: '{s}怎么样？从{k1}说起' },
    { pattern: 'comparison', subject: 'car', text: '{s}对比{s2}：{k1}谁更出色' },
    { pattern: 'comparison', subject: 'car', text: '{s}和{s2}怎么选？{k1}对比' },
    { pattern: 'comparison', subject: 'car', text: '{s}对比{s2}' },
    { pattern: 'comparison', subject: 'car', text: '{s}的{k1}与{k2}对比' },
    { pattern: 'numbers', subject: 'car', text: '{s}的{n}个看点：{list}' },
    { pattern: 'numbers', subject: 'car', text: '看懂{s}的{n}个关键词：{list}' },
    { pattern: 'buying', subject: 'car', text: '{s}值得买吗？从{k1}和{k2}看' },
    { pattern: 'buying', subject: 'car', text: '{s}购车建议：{k1}怎么选' },
    { pattern: 'buying', subject: 'car', text: '买{s}前要了解的{k1}' },
    { pattern: 'buying', subject: 'car', text: '{s}值得买吗？' },
    { pattern: 'review', subject: 'word', text: '{s}实测：{k1}和{k2}表现如何' },
    { pattern: 'review', subject: 'word', text: '{s}实测：聊聊{k1}' },
    { pattern: 'question', subject: 'word', text: '{s}和{k1}，车主更看重哪个？' },
    { pattern: 'question', subject: 'word', text: '{s}有多重要？聊聊{k1}' },
    { pattern: 'comparison', subject: 'word', text: '{s}与{k1}对比：各有什么讲究' },
    { pattern: 'comparison', subject: 'word', text: '{s}与{k1}对比' },
    { pattern: 'numbers', subject: 'word', text: '关于{s}的{n}个要点：{list}' },
    { pattern: 'buying', subject: 'word', text: '选车看{s}：{k1}和{k2}怎么权衡' },
    { pattern: 'buying', subject: 'word', text: '选车时怎么看{s}' },
  ],
  'en-US': [
    { pattern: 'review', subject: 'car', text: '{s} review: {k1} and {k2} tested' },
    { pattern: 'review', subject: 'car', text: '{s} {k1} tested' },
    { pattern: 'review', subject: 'car', text: 'The {s} in depth' },
    { pattern: 'question', subject: 'car', text: 'How good is the {k1} of the {s}?' },
    { pattern: 'question', subject: 'car', text: 'Is the {s} {k1} any good?' },
    { pattern: 'comparison', subject: 'car', text: '{s} vs {s2}: {k1} compared' },
    { pattern: 'comparison', subject: 'car', text: '{s} vs {s2}' },
    { pattern: 'comparison', subject: 'car', text: '{s}: {k1} vs {k2}' },
    { pattern: 'numbers', subject: 'car', text: '{n} things to know about the {s}: {list}' },
    { pattern: 'numbers', subject: 'car', text: 'The {s} in {n} points: {list}' },
    { pattern: 'buying', subject: 'car', text: 'Should you buy the {s}? {k1} and {k2} explained' },
    { pattern: 'buying', subject: 'car', text: 'Buying a {s}? What to know about {k1}' },
    { pattern: 'buying', subject: 'car', text: 'Should you buy the {s}?' },
    { pattern: 'review', subject: 'word', text: '{s} tested: how the {k1} holds up' },
    { pattern: 'question', subject: 'word', text: 'How much does {s} matter? A look at {k1}' },
    { pattern: 'comparison', subject: 'word', text: '{s} vs {k1}: what matters more' },
    { pattern: 'numbers', subject: 'word', text: '{n} things to know about {s}: {list}' },
    { pattern: 'buying', subject: 'word', text: 'Choosing a car by {s}: {k1} and {k2} weighed' },
  ],
};

/** The order patterns take turns in (so five titles show five patterns). */
export const PATTERN_ORDER: readonly Exclude<TitlePattern, 'other'>[] = [
  'review',
  'question',
  'comparison',
  'numbers',
  'buying',
];

/**
 * Body styles (`SUV`, `轿车`): good keywords of a text, poor slots of a title (`理想L6的SUV表现怎么样？`). Data; lower
 * case for English.
 */
export const CATEGORY_WORDS: ReadonlySet<string> = new Set(
  'suv mpv sedan hatchback coupe pickup 轿车 跑车 皮卡 轿跑 旅行车 两厢车 三厢车 越野车 面包车'.split(' '),
);

/** English titles begin a sentence with a capital (`Should you buy the SU7? Charging explained`). */
function capitalise(title: string, lang: MessageLanguage): string {
  return lang === 'en-US'
    ? title.replace(/(^|[?!.]\s+)([a-z])/gu, (_m, p: string, c: string) => p + c.toUpperCase())
    : title;
}

/** `a、b和c` / `a, b and c`. */
function joinList(items: readonly string[], lang: MessageLanguage): string {
  if (items.length < 2) return items.join('');
  const last = items.at(-1)!;
  const head = items.slice(0, -1);
  return lang === 'zh-CN' ? `${head.join('、')}和${last}` : `${head.join(', ')} and ${last}`;
}

/**
 * Fills one template; null when a slot it holds has no value.
 * @param values slot → value
 */
function fill(text: string, values: Readonly<Record<string, string | undefined>>): string | null {
  let missing = false;
  const out = text.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const v = values[name];
    if (v === undefined || v === '') missing = true;
    return v ?? '';
  });
  return missing ? null : out;
}

/**
 * The titles of the local suggester: every template of the language that suits the type and the subjects, filled
 * (with the car's full name, then its short one; a list of three keywords, then two) until one is accepted; then the
 * patterns take turns (`PATTERN_ORDER`) until `count` titles are chosen.
 * @param accept the title rules the caller enforces (title length, sensitive words, clickbait, not the current title)
 * @returns at most `count` distinct titles with their pattern; empty when the text gave no subject
 */
export function composeTitles(
  subjects: TitleSubjects,
  type: ContentType,
  count: number,
  accept: (title: string) => boolean,
): { text: string; pattern: Exclude<TitlePattern, 'other'> }[] {
  const lang = subjects.language;
  const [car, car2] = subjects.cars;
  const subjectWord = car ? undefined : subjects.words[0];
  if (!car && !subjectWord) return [];
  const subjectText = (car?.full ?? subjectWord ?? '').toLowerCase();
  // keywords after the subject, none repeating a car's name
  const names = subjects.cars.flatMap((c) => [c.full, c.short ?? '']).filter(Boolean);
  const ks = subjects.words
    .filter((w) => w !== subjectWord && !CATEGORY_WORDS.has(w.toLowerCase()))
    .filter((w) => !names.some((n) => n.toLowerCase().includes(w.toLowerCase())))
    .filter((w) => !subjectText.includes(w.toLowerCase()));
  const forms = (c: { full: string; short: string | null } | undefined) =>
    c ? [c.full, ...(c.short && c.short !== c.full ? [c.short] : [])] : [undefined];

  const chosen = new Set<string>();
  const queues = new Map<string, string[]>();
  for (const template of TITLE_TEMPLATES[lang]) {
    if (template.subject === 'car' ? !car : !!car) continue;
    if (template.types && !template.types.includes(type)) continue;
    const lists = template.text.includes('{list}') ? [3, 2].filter((n) => ks.length >= n) : [0];
    let picked: string | null = null;
    for (const s of car ? forms(car) : [subjectWord]) {
      for (const s2 of template.text.includes('{s2}') ? forms(car2) : [undefined]) {
        for (const n of lists) {
          const filled = fill(template.text, {
            s,
            s2,
            k1: ks[0],
            k2: ks[1],
            k3: ks[2],
            list: n ? joinList(ks.slice(0, n), lang) : undefined,
            n: n ? String(n) : undefined,
          });
          const title = filled && capitalise(filled, lang);
          if (title && !chosen.has(title) && accept(title)) {
            picked = title;
            break;
          }
        }
        if (picked) break;
      }
      if (picked) break;
    }
    if (picked) {
      chosen.add(picked);
      const q = queues.get(template.pattern) ?? [];
      q.push(picked);
      queues.set(template.pattern, q);
    }
  }
  const out: { text: string; pattern: Exclude<TitlePattern, 'other'> }[] = [];
  for (let round = 0; out.length < count; round++) {
    let any = false;
    for (const pattern of PATTERN_ORDER) {
      const title = queues.get(pattern)?.[round];
      if (title === undefined) continue;
      any = true;
      if (out.length < count) out.push({ text: title, pattern });
    }
    if (!any) break;
  }
  return out;
}
