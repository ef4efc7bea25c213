import { z } from 'zod';
import { BODY_MARKUP_MAX } from './constants.js';
import { MAX_IMAGE_PIXELS } from './image-sizes.js';
import { type ContentType, contentTypes, intInputSchema, textInputSchema } from './schemas.js';
import type { RuleRef } from './rules.js';
import { MESSAGE_LANGUAGES, type ServerMessageCode } from './server-messages.js';
import { idSchema } from './types.js';

/**
 * The content assistant (issue #14, spec §6 "content assistant allow flag"): title suggestions and the check before
 * publishing; docs/api.md "Content assistant". Allowed per author by the `contentAssistant` permission an operator
 * sets (`POST /api/ops/user/set_permissions`); every call but `state` answers 10005 `ASSISTANT_NOT_ALLOWED` without it.
 */

/**
 * Where titles come from: `local` — the built-in suggester (jieba segmentation with the car catalogue as a dictionary,
 * TF-IDF keywords, title patterns); `model` — an OpenAI-compatible chat model configured by the operator
 * (`ASSISTANT_API_URL`, `ASSISTANT_API_KEY`, `ASSISTANT_MODEL`), beside the local titles.
 */
export const ASSISTANT_ENGINES = ['local', 'model'] as const;
export type AssistantEngine = (typeof ASSISTANT_ENGINES)[number];

/**
 * The title patterns a car-media editor uses (docs/api.md "Content assistant"): a review (`评测`), a comparison of two
 * cars or two aspects (`对比`), a question readers ask (`怎么样？`), a numbered list (`3个要点`), buying advice
 * (`值得买吗`). `other` — a model's title that fits none of them.
 */
export const TITLE_PATTERNS = ['review', 'comparison', 'question', 'numbers', 'buying', 'other'] as const;
export type TitlePattern = (typeof TITLE_PATTERNS)[number];

/** The kinds of work that have a title of their own (a dynamic's title is the start of its text, spec §2). */
export const ASSISTANT_TITLE_TYPES = [
  'article',
  'album',
  'video',
  'smallVideo',
  'live',
  'program',
] as const satisfies readonly ContentType[];

/** Titles suggested by default and at most, per engine. */
export const ASSISTANT_TITLES_DEFAULT = 5;
export const ASSISTANT_TITLES_MAX = 10;
/** Keywords an answer lists at most. */
export const ASSISTANT_KEYWORDS_MAX = 10;
/**
 * Least reader-visible text to suggest from, characters (the article body rule's minimum, `BODY_MIN`): below it
 * there is nothing to extract keywords from.
 */
export const ASSISTANT_TEXT_MIN = 10;
/**
 * Characters of reader-visible text the local suggester reads (the start of a longer text): keywords of a long
 * article are settled well before, and the bound keeps one call under a few milliseconds of segmentation.
 */
export const ASSISTANT_ANALYSIS_MAX = 20_000;
/** Longest topic (`?topic=` from the trend pages: a keyword or `brand series`), characters. */
export const ASSISTANT_TOPIC_MAX = 40;

/** `GET /api/assistant/state {}` → whether the author may use the assistant, and which engine makes titles. */
export const assistantStateSchema = z.strictObject({
  /** the author's `contentAssistant` permission (spec §6) */
  allowed: z.boolean(),
  /** `model` when an OpenAI-compatible endpoint is configured; titles then come from both */
  engine: z.enum(ASSISTANT_ENGINES),
});
export type AssistantState = z.infer<typeof assistantStateSchema>;

/**
 * `POST /api/assistant/suggest_titles { text, title?, type, topic?, count? }`: `text` is the work's body, HTML or
 * plain (reduced to its reader-visible text, `htmlToPlainText`), at least `ASSISTANT_TEXT_MIN` characters of it;
 * `title` the current title (read with the text; never suggested back); `topic` a keyword or car series the
 * titles should lead with (from `creativeHot`/`creativeInterest`); `count` titles per engine, 1–10 (default 5).
 */
export const suggestTitlesParamSchema = z.object({
  text: textInputSchema(BODY_MARKUP_MAX, { multiline: true }),
  title: textInputSchema(200, { trim: true }).optional(),
  type: z.enum(ASSISTANT_TITLE_TYPES),
  topic: textInputSchema(ASSISTANT_TOPIC_MAX, { trim: true }).optional(),
  count: intInputSchema(1, ASSISTANT_TITLES_MAX).default(ASSISTANT_TITLES_DEFAULT),
});
export type SuggestTitlesParam = z.infer<typeof suggestTitlesParamSchema>;

/** A keyword of the text and its TF-IDF weight (term frequency × inverse document frequency; 4 decimals). */
export const assistantKeywordSchema = z.strictObject({ word: z.string(), weight: z.number().min(0) });
export type AssistantKeyword = z.infer<typeof assistantKeywordSchema>;

/** A suggested title: its text, which engine made it and the pattern it follows. */
export const suggestedTitleSchema = z.strictObject({
  text: z.string(),
  source: z.enum(ASSISTANT_ENGINES),
  pattern: z.enum(TITLE_PATTERNS),
});
export type SuggestedTitle = z.infer<typeof suggestedTitleSchema>;

/** `suggest_titles` → keywords, the catalogue's car series named in the text, and titles. */
export const suggestTitlesSchema = z.strictObject({
  /** `model` when the answer holds the model's titles (beside the local ones), else `local` */
  engine: z.enum(ASSISTANT_ENGINES),
  /** the language the titles are written in: the text's (mostly Chinese characters → zh-CN) */
  language: z.enum(MESSAGE_LANGUAGES),
  /** best first, at most `ASSISTANT_KEYWORDS_MAX` */
  keywords: z.array(assistantKeywordSchema),
  /** series of the car catalogue the text names, most named first (names in the request's language) */
  cars: z.array(z.strictObject({ id: idSchema, brand: z.string(), series: z.string() })),
  /** every title obeys the title rule (6–30 characters, no emoji) and passes the sensitive-word check */
  titles: z.array(suggestedTitleSchema),
  /** set when the model was asked and failed: why, and that the local titles stand in (request's language) */
  modelError: z.string().optional(),
});
export type SuggestTitles = z.infer<typeof suggestTitlesSchema>;

/**
 * The covers each kind of work needs (the rule centre's `publish-covers#count` and `#size-aspect`): how many, and the
 * aspects the crop box cuts them to (none: the original's). Video and short-video covers may be left out (the video's
 * frame is used); an album's cover is one of its images (the first by default); a dynamic has no cover.
 */
export const COVER_RULES: Readonly<
  Record<ContentType, { min: number; max: number; aspects: readonly (readonly [number, number])[] }>
> = {
  article: {
    min: 1,
    max: 3,
    aspects: [
      [4, 3],
      [3, 4],
    ],
  },
  album: { min: 0, max: 1, aspects: [] },
  video: { min: 0, max: 1, aspects: [[16, 9]] },
  smallVideo: { min: 0, max: 1, aspects: [[3, 4]] },
  live: { min: 1, max: 1, aspects: [[16, 9]] },
  program: { min: 0, max: 1, aspects: [[16, 9]] },
  dynamic: { min: 0, max: 0, aspects: [] },
};
/** The short side a cover should have at least, pixels (`publish-covers#size-aspect`: a recommendation, not a refusal). */
export const COVER_MIN_SHORT_SIDE = 720;
/** How far a cover's aspect may be from its type's and still count as it (2 %: rounding of a crop). */
export const COVER_ASPECT_TOLERANCE = 0.02;

/**
 * `POST /api/assistant/check { title, text, type, coverCount?, coverSizes? }`: the rules a work meets before it is
 * published. `coverSizes` are the covers' pixel sizes in order (`coverCount` defaults to their number); without
 * either, the cover rules are not checked.
 */
export const assistantCheckParamSchema = z.object({
  title: textInputSchema(200).default(''),
  text: textInputSchema(BODY_MARKUP_MAX, { multiline: true }).default(''),
  type: z.enum(contentTypes),
  coverCount: intInputSchema(0, 50).optional(),
  coverSizes: z
    .array(
      z.object({
        width: intInputSchema(1, MAX_IMAGE_PIXELS),
        height: intInputSchema(1, MAX_IMAGE_PIXELS),
      }),
    )
    .max(50)
    .optional(),
});
export type AssistantCheckParam = z.infer<typeof assistantCheckParamSchema>;

/** What an issue is about. */
export const CHECK_FIELDS = ['title', 'text', 'covers'] as const;

/**
 * One finding of the check: `error` — the platform refuses or rejects the work (title length, prohibited word,
 * missing cover); `warning` — it may be published but a person or the recommendation will hold it against it
 * (clickbait, a word that waits for review, a cover cropped or too small). `code` is the catalog code of `message`
 * (in the request's language); `ruleRef` the rule centre's section (`slug#section`, `ruleHref`).
 */
export const checkIssueSchema = z.strictObject({
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  field: z.enum(CHECK_FIELDS),
  message: z.string(),
  ruleRef: z.string().optional(),
});
export type CheckIssue = z.infer<typeof checkIssueSchema>;

/** `check` → `ok` when no issue is an error; errors first, then warnings, each in title, text, covers order. */
export const assistantCheckSchema = z.strictObject({
  ok: z.boolean(),
  issues: z.array(checkIssueSchema),
});
export type AssistantCheck = z.infer<typeof assistantCheckSchema>;

/**
 * The rule centre's section each finding of the check applies (issue #11 "every refusal links to the rule"), beside
 * the refusals' own `RULE_REFS` (title length and symbols, body length, prohibited words by their rule, held words,
 * missing cover), which the check uses for those codes. `assistant.routes.test.ts` proves every target exists.
 */
export const ASSISTANT_RULE_REFS: Partial<Record<ServerMessageCode, RuleRef>> = {
  ASSISTANT_CLICKBAIT_SHOCK: 'publish-titles#clickbait',
  ASSISTANT_CLICKBAIT_URGENCY: 'publish-titles#clickbait',
  ASSISTANT_CLICKBAIT_REGRET: 'publish-titles#clickbait',
  ASSISTANT_CLICKBAIT_ABSOLUTE: 'publish-titles#clickbait',
  ASSISTANT_CLICKBAIT_SUSPENSE: 'publish-titles#clickbait',
  ASSISTANT_CLICKBAIT_MARKS: 'publish-titles#symbols',
  ASSISTANT_CLICKBAIT_ALL_CAPS: 'publish-titles#symbols',
  ASSISTANT_CLICKBAIT_BRACKETS: 'publish-titles#symbols',
  ASSISTANT_COVER_TOO_MANY: 'publish-covers#count',
  ASSISTANT_COVER_NONE: 'publish-covers#count',
  ASSISTANT_COVER_ASPECT: 'publish-covers#size-aspect',
  ASSISTANT_COVER_SMALL: 'publish-covers#size-aspect',
  ASSISTANT_COVER_TOO_MANY_PIXELS: 'publish-covers#size-files',
};

/** Path → `data` schema of this area's routes (merged into `apiDataSchemas`, responses.ts). */
export const assistantDataSchemas = {
  '/api/assistant/state': assistantStateSchema,
  '/api/assistant/suggest_titles': suggestTitlesSchema,
  '/api/assistant/check': assistantCheckSchema,
} as const satisfies Record<string, z.ZodType>;
