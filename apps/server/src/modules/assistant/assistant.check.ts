import {
  ASSISTANT_RULE_REFS,
  type AssistantCheckParam,
  type CheckIssue,
  checkBodyText,
  checkTitle,
  type ContentType,
  COVER_ASPECT_TOLERANCE,
  COVER_MIN_SHORT_SIDE,
  COVER_RULES,
  DYNAMIC_TEXT_MAX,
  type MessageLanguage,
  type MessageRef,
  MAX_IMAGE_PIXELS,
  renderMessage,
  RULE_REFS,
  type RuleRef,
  type ServerMessageCode,
} from '@cc/contracts';
import { findProhibitedWord, findReviewWord } from '../moderation/moderation.service.js';
import { isCatalogueWord } from './assistant.keywords.js';

/*
 * The check before publishing (issue #14 "a check before publishing: title length rule, sensitive words, clickbait
 * patterns, cover rules, linked to the rule centre"). Pure: no database; each rule has a test in
 * assistant.routes.test.ts / assistant.check.test.ts.
 */

/** The clickbait findings, each a catalog code whose text takes the matched words as `{{match}}`. */
export type ClickbaitCode = Extract<
  ServerMessageCode,
  | 'ASSISTANT_CLICKBAIT_SHOCK'
  | 'ASSISTANT_CLICKBAIT_URGENCY'
  | 'ASSISTANT_CLICKBAIT_REGRET'
  | 'ASSISTANT_CLICKBAIT_ABSOLUTE'
  | 'ASSISTANT_CLICKBAIT_SUSPENSE'
  | 'ASSISTANT_CLICKBAIT_BRACKETS'
>;

/**
 * CLICKBAIT PATTERNS (the rule centre's `publish-titles#clickbait` and `#symbols`), as data: each finds the words of one
 * kind in a title, Chinese and English. They warn, never refuse: the rule centre leaves the judgement to a reviewer
 * ("一经审核人员认定"), and a word can be honest in context. Add a word to its pattern; keep a test case for it.
 * - SHOCK — sensational words: 震惊, 吓哭, 全网炸锅, 4S店都慌了 (the rule's own examples), 细思极恐 …
 * - URGENCY — urging a click: 速看, 必看, 赶紧看, 马上删除 …
 * - REGRET — threats of regret or loss: 不看后悔, 千万别买, 血泪教训 …
 * - ABSOLUTE — claims that cannot be proven: 最强, 秒杀, 吊打, 碾压, 天花板, 史上最, 全网最低价 …
 * - SUSPENSE — the point held back: a title ending in an ellipsis (`……`, `...`), 真相竟然 …
 * - BRACKETS — bracketed tags piled up or hyping: 【必看】【干货】 (two or more, or one of the hype words)
 * Two more are rules of their own (`clickbaitFindings`): more than one `!`/`?` in a title (MARKS), and English words
 * of 4 or more capitals that are no catalogue name (`SU7`, `PLUS` stay) nor a common abbreviation (ALL_CAPS).
 */
export const CLICKBAIT_PATTERNS: readonly { code: ClickbaitCode; pattern: RegExp }[] = [
  {
    code: 'ASSISTANT_CLICKBAIT_SHOCK',
    pattern:
      /震惊|惊呆|吓哭|吓尿|炸锅|炸裂|慌了|疯了|颤抖|细思极恐|毁三观|惊掉下巴|看哭了|shock(?:ed|ing)?|insane|mind-?blowing|jaw-?dropping/iu,
  },
  {
    code: 'ASSISTANT_CLICKBAIT_URGENCY',
    pattern:
      /速看|必看|快看|赶紧看|赶快看|马上看|火速|紧急扩散|转发扩散|马上删|即将删除|看完删|must[- ]see|watch now|before it'?s deleted/iu,
  },
  {
    code: 'ASSISTANT_CLICKBAIT_REGRET',
    pattern:
      /不看后悔|看完后悔|后悔没早|后悔死|千万别买|千万不要买|千万别|血泪教训|别再被骗|you'?ll regret|don'?t buy (?:it|this)/iu,
  },
  {
    code: 'ASSISTANT_CLICKBAIT_ABSOLUTE',
    pattern:
      /最强|最牛|最低价|秒杀|吊打|碾压|完爆|无敌|天花板|史上最|全网最|遥遥领先|完胜一切|the best ever|destroys every/iu,
  },
  {
    code: 'ASSISTANT_CLICKBAIT_SUSPENSE',
    pattern: /(?:真相|原因|结果|结局)(?:竟然|居然)|(?:…+|\.{3,}|。{2,})\s*$/u,
  },
  {
    code: 'ASSISTANT_CLICKBAIT_BRACKETS',
    pattern: /(?:【[^】]{0,10}】\s*){2,}|【(?:必看|干货|独家|重磅|速看|紧急|震惊|劲爆|福利)】/u,
  },
];

/** Abbreviations written in capitals by everyone (not shouting): the capitals check lets them be. */
export const CAPITALS_ALLOWED: ReadonlySet<string> = new Set(
  'SUV MPV OTA NOA ADAS PHEV EREV BEV HEV CLTC WLTC NEDC NCAP CNCAP IIHS LIDAR AWD FWD RWD GPS DCT CVT HUD LED USB NVH DIY FAQ APP'.split(
    ' ',
  ),
);

/** An exclamation or question mark, half or full width. */
const MARKS = /[!?！？]/gu;

/**
 * The clickbait findings of a title (see `CLICKBAIT_PATTERNS`): one per kind, in the order of the list, then MARKS and
 * ALL_CAPS.
 * @returns catalog messages (`{ code, params }`), empty when none
 */
export function clickbaitFindings(title: string): MessageRef[] {
  const out: MessageRef[] = [];
  for (const { code, pattern } of CLICKBAIT_PATTERNS) {
    const m = pattern.exec(title);
    if (m) out.push({ code, params: { match: m[0].trim() } });
  }
  const marks = title.match(MARKS)?.length ?? 0;
  if (marks > 1) out.push({ code: 'ASSISTANT_CLICKBAIT_MARKS', params: { count: marks } });
  const shouted = (title.match(/[A-Za-z][A-Za-z0-9]*/gu) ?? []).find(
    (w) =>
      (w.match(/[A-Z]/gu)?.length ?? 0) >= 4 &&
      w === w.toUpperCase() &&
      !isCatalogueWord(w) &&
      !CAPITALS_ALLOWED.has(w),
  );
  if (shouted) out.push({ code: 'ASSISTANT_CLICKBAIT_ALL_CAPS', params: { match: shouted } });
  return out;
}

const WORK_TYPE_CODE = {
  article: 'WORK_TYPE_ARTICLE',
  album: 'WORK_TYPE_ALBUM',
  video: 'WORK_TYPE_VIDEO',
  smallVideo: 'WORK_TYPE_SMALL_VIDEO',
  dynamic: 'WORK_TYPE_DYNAMIC',
  live: 'WORK_TYPE_LIVE',
  program: 'WORK_TYPE_PROGRAM',
} as const satisfies Record<ContentType, ServerMessageCode>;

/** The rule centre's section of a finding: the assistant's own (`ASSISTANT_RULE_REFS`), else the refusal's (`RULE_REFS`). */
export function ruleRefOf(code: ServerMessageCode): RuleRef | undefined {
  return ASSISTANT_RULE_REFS[code] ?? RULE_REFS[code];
}

/** A cover's aspect named as the crop box names it (`16:9`): the type's aspect nearest to the cover's. */
function nearestAspect(aspects: readonly (readonly [number, number])[], ratio: number) {
  return [...aspects].sort((a, b) => Math.abs(a[0] / a[1] - ratio) - Math.abs(b[0] / b[1] - ratio))[0]!;
}

/** The cover findings of a work (`COVER_RULES`; `publish-covers#count`, `#size-aspect`, `#size-files`). */
function coverFindings(
  type: ContentType,
  count: number | undefined,
  sizes: AssistantCheckParam['coverSizes'],
): { severity: CheckIssue['severity']; ref: MessageRef; ruleRef?: RuleRef }[] {
  const rule = COVER_RULES[type];
  const out: { severity: CheckIssue['severity']; ref: MessageRef; ruleRef?: RuleRef }[] = [];
  const typeName = { code: WORK_TYPE_CODE[type] } as MessageRef;
  if (count !== undefined) {
    if (rule.max === 0 && count > 0)
      out.push({ severity: 'warning', ref: { code: 'ASSISTANT_COVER_NONE', params: { type: typeName } } });
    else if (count < rule.min) out.push({ severity: 'error', ref: { code: 'COVER_REQUIRED' } });
    else if (count > rule.max)
      out.push({
        severity: 'error',
        ref: { code: 'ASSISTANT_COVER_TOO_MANY', params: { type: typeName, max: rule.max } },
      });
  }
  if (rule.max === 0) return out;
  (sizes ?? []).forEach(({ width, height }, i) => {
    const index = i + 1;
    if (width * height > MAX_IMAGE_PIXELS) {
      out.push({ severity: 'error', ref: { code: 'ASSISTANT_COVER_TOO_MANY_PIXELS', params: { index } } });
      return;
    }
    const ratio = width / height;
    if (rule.aspects.length > 0) {
      const [w, h] = nearestAspect(rule.aspects, ratio);
      if (Math.abs(ratio / (w / h) - 1) > COVER_ASPECT_TOLERANCE)
        out.push({
          severity: 'warning',
          ref: { code: 'ASSISTANT_COVER_ASPECT', params: { index, width, height, expected: `${w}:${h}` } },
        });
    }
    const side = Math.min(width, height);
    if (side < COVER_MIN_SHORT_SIDE)
      out.push({
        severity: 'warning',
        ref: { code: 'ASSISTANT_COVER_SMALL', params: { index, side, min: COVER_MIN_SHORT_SIDE } },
      });
  });
  return out;
}

/** Code points of a text. */
const codePoints = (s: string) => [...s].length;

/**
 * The check before publishing (`POST /api/assistant/check`): the rules a work meets, each finding with its severity,
 * field, catalog code, text in `lang` and the rule centre's section.
 * - title (not for a dynamic, whose title is the start of its text): the title rule (`checkTitle`: required, no
 *   emoji, 6–30 weighted characters) — error; clickbait (`clickbaitFindings`) — warning;
 * - text: the article body rule (10–100,000 characters) or a dynamic's (1–2,000) — error; a dynamic's first 30
 *   characters are its title in lists, so clickbait is looked for there — warning;
 * - title and text: a prohibited word (`findProhibitedWord`, the review's own list) — error, linked to the word's
 *   rule; a word that waits for a reviewer (`findReviewWord`) — warning; one finding of each per field (the first);
 * - covers: `coverFindings`, when a count or sizes are given.
 * @param plainText the text's reader-visible text (`htmlToPlainText`)
 * @returns `{ ok: no error, issues: errors first, then warnings; within each title, text, covers }`
 */
export function checkWork(
  param: AssistantCheckParam,
  plainText: string,
  lang: MessageLanguage,
): { ok: boolean; issues: CheckIssue[] } {
  const found: {
    severity: CheckIssue['severity'];
    field: CheckIssue['field'];
    ref: MessageRef;
    ruleRef?: RuleRef;
  }[] = [];
  const title = param.title.trim();
  const isDynamic = param.type === 'dynamic';
  if (!isDynamic) {
    const broken = checkTitle(title);
    if (broken) {
      const { message: _english, ...ref } = broken;
      found.push({ severity: 'error', field: 'title', ref });
    }
    for (const ref of clickbaitFindings(title)) found.push({ severity: 'warning', field: 'title', ref });
  }
  if (param.type === 'article') {
    const broken = checkBodyText(plainText);
    if (broken) {
      const { message: _english, ...ref } = broken;
      found.push({ severity: 'error', field: 'text', ref });
    }
  }
  if (isDynamic) {
    const n = codePoints(plainText.trim());
    if (n < 1 || n > DYNAMIC_TEXT_MAX)
      found.push({
        severity: 'error',
        field: 'text',
        ref: { code: 'DYNAMIC_TEXT_LENGTH', params: { max: DYNAMIC_TEXT_MAX } },
      });
    const lead = [...plainText.trim()].slice(0, 30).join('');
    for (const ref of clickbaitFindings(lead)) found.push({ severity: 'warning', field: 'text', ref });
  }
  const fields: [CheckIssue['field'], string][] = [
    ['title', isDynamic ? '' : title],
    ['text', plainText],
  ];
  for (const [field, text] of fields) {
    if (!text) continue;
    const prohibited = findProhibitedWord(text);
    if (prohibited)
      found.push({
        severity: 'error',
        field,
        ref: {
          code: 'REVIEW_SENSITIVE_WORD',
          params: { word: prohibited.word, rule: { code: prohibited.rule } },
        },
        ruleRef: ruleRefOf(prohibited.rule) ?? ruleRefOf('REVIEW_SENSITIVE_WORD'),
      });
    const held = findReviewWord(text);
    if (held)
      found.push({
        severity: 'warning',
        field,
        ref: { code: 'REVIEW_HELD_WORD', params: { word: held.word, rule: { code: held.rule } } },
        ruleRef: ruleRefOf('REVIEW_HELD_WORD'),
      });
  }
  const count = param.coverCount ?? param.coverSizes?.length;
  for (const f of coverFindings(param.type, count, param.coverSizes)) found.push({ ...f, field: 'covers' });

  const severityOrder = { error: 0, warning: 1 } as const;
  const fieldOrder = { title: 0, text: 1, covers: 2 } as const;
  const issues = found
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        severityOrder[a.f.severity] - severityOrder[b.f.severity] ||
        fieldOrder[a.f.field] - fieldOrder[b.f.field] ||
        a.i - b.i,
    )
    .map(({ f }): CheckIssue => {
      const ruleRef = f.ruleRef ?? ruleRefOf(f.ref.code);
      return {
        severity: f.severity,
        code: f.ref.code,
        field: f.field,
        message: renderMessage(f.ref, lang),
        ...(ruleRef ? { ruleRef } : {}),
      };
    });
  return { ok: !issues.some((i) => i.severity === 'error'), issues };
}
