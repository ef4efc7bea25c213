import { z } from 'zod';
import { textInputSchema } from './schemas.js';
import type { ServerMessageCode } from './server-messages.js';
import { isoTimeSchema } from './types.js';

/**
 * The rule centre (API.md §14 `rules/*`; issue #11): rules are Markdown files in the repository
 * (`apps/server/rules/<slug>.<lang>.md`) with front matter, rendered on the server. Slugs begin with their
 * category (`publish-titles`), so a reference alone (`publish-titles#length`) says which page shows it.
 */

/** Rule categories: the rule centre's sub-pages `/publish` and `/recommend`, and the certification terms. */
export const RULE_CATEGORIES = ['publish', 'recommend', 'certification'] as const;
export type RuleCategory = (typeof RULE_CATEGORIES)[number];

/** A rule's slug: `<category>-<name>`, lower case words joined by `-`. */
export const RULE_SLUG_PATTERN = /^(publish|recommend|certification)-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug of the certification agreement (its front-matter `version` is the version authors accept). */
export const AGREEMENT_RULE_SLUG = 'certification-agreement';

/** `GET /api/rules/list { category? }` (API.md §14). */
export const ruleListParamSchema = z.object({ category: z.enum(RULE_CATEGORIES).optional() });
export type RuleListParam = z.infer<typeof ruleListParamSchema>;

/** One rule in a list (API.md §14 `{ slug, title, category, updatedAt }`; extensions: `version`, `summary`). */
export const ruleListItemSchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  category: z.enum(RULE_CATEGORIES),
  /** the effective date of the current version (ISO 8601, UTC midnight) */
  updatedAt: isoTimeSchema,
  version: z.int().min(1),
  summary: z.string(),
});
export type RuleListItem = z.infer<typeof ruleListItemSchema>;
export const ruleListSchema = z.array(ruleListItemSchema);

/** `GET /api/rules/detail { slug }` (API.md §14). */
export const ruleDetailParamSchema = z.object({
  /** any text: a slug that is no rule's (well-formed or not) is 10006 RULE_NOT_FOUND */
  slug: textInputSchema(80, { trim: true }),
});

/** A heading of a rule: its anchor (`#id`, stable across languages and versions), text and level (2 or 3). */
export const ruleTocEntrySchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  level: z.int().min(2).max(3),
});
export type RuleTocEntry = z.infer<typeof ruleTocEntrySchema>;

/** One version of a rule and what it changed, newest first. */
export const ruleVersionSchema = z.strictObject({
  version: z.int().min(1),
  effectiveAt: isoTimeSchema,
  changes: z.array(z.string()),
});
export type RuleVersion = z.infer<typeof ruleVersionSchema>;

/**
 * A rule (API.md §14 `{ slug, title, category, html, updatedAt }`; extensions: `version`, `summary`, `toc`,
 * `history`). `html` is sanitized, headings carry their anchor ids.
 */
export const ruleDetailSchema = ruleListItemSchema.extend({
  html: z.string(),
  toc: z.array(ruleTocEntrySchema),
  history: z.array(ruleVersionSchema),
});
export type RuleDetail = z.infer<typeof ruleDetailSchema>;

/** `GET /api/rules/search { q }` (API.md §14): Chinese words segmented, English stemmed-free prefix match. */
export const RULE_SEARCH_MAX_RESULTS = 20;
export const ruleSearchParamSchema = z.object({
  q: textInputSchema(100, { trim: true }).pipe(z.string().min(1, 'SEARCH_QUERY_REQUIRED')),
});
/** A hit (API.md §14 `{ slug, title, snippet }`; extensions: `category`, `section` and `sectionTitle` of the hit). */
export const ruleSearchHitSchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  snippet: z.string(),
  category: z.enum(RULE_CATEGORIES),
  section: z.string().optional(),
  sectionTitle: z.string().optional(),
  /** extension: the words of the rule that matched (jieba's segments for zh-CN), for highlighting */
  terms: z.array(z.string()),
});
export type RuleSearchHit = z.infer<typeof ruleSearchHitSchema>;
export const ruleSearchSchema = z.array(ruleSearchHitSchema);

/** A reference to a rule's section: `slug#section`. */
export type RuleRef = `${string}#${string}`;

/**
 * THE RULE EACH REFUSAL APPLIES (issue #11 "every refusal elsewhere links to the rule it applies"): a catalog
 * code of a refusal → the section that states the rule. The server adds it to the envelope (`data.ruleRef`,
 * and `ruleRef` on each of `data.fields`) and the web shows a link; `rules.service.test.ts` proves every target
 * section exists in both languages.
 */
export const RULE_REFS: Partial<Record<ServerMessageCode, RuleRef>> = {
  TITLE_REQUIRED: 'publish-titles#length',
  TITLE_LENGTH: 'publish-titles#length',
  TITLE_TOO_LONG: 'publish-titles#length',
  TITLE_EMOJI: 'publish-titles#symbols',
  BODY_LENGTH: 'publish-works#titles-and-bodies',
  BODY_MARKUP_TOO_LONG: 'publish-works#titles-and-bodies',
  BODY_MARKUP_TOO_MANY_BYTES: 'publish-works#titles-and-bodies',
  COVER_REQUIRED: 'publish-covers#count',
  COVER_URL_NOT_OURS: 'publish-covers#copyright',
  DRAFT_QUOTA: 'publish-works#drafts',
  REVIEW_SENSITIVE_WORD: 'publish-prohibited#prohibited-words',
  WORD_RULE_GAMBLING: 'publish-prohibited#prohibited-words',
  WORD_RULE_FRAUD: 'publish-prohibited#prohibited-words',
  WORD_RULE_ILLEGAL_VEHICLES: 'publish-prohibited#safety',
  WORD_RULE_ODOMETER_FRAUD: 'publish-prohibited#prohibited-words',
  WORD_RULE_DANGEROUS_DRIVING: 'publish-prohibited#safety',
  WORD_RULE_OFF_PLATFORM_ADVERTISING: 'publish-advertising#contact-details',
  WORD_RULE_FAKE_ENGAGEMENT: 'recommend-quality#low-quality',
  WORD_RULE_CONTACT_DETAILS: 'publish-advertising#contact-details',
  WORD_RULE_PRICE_CLAIMS: 'publish-advertising#price-claims',
  WORD_RULE_MODIFICATION_LEGALITY: 'publish-prohibited#safety',
  REVIEW_HELD_WORD: 'publish-prohibited#manual-review',
  REVIEW_OPERATOR_REJECTED: 'publish-prohibited#manual-review',
  SMALL_VIDEO_NOT_VERTICAL: 'publish-video#formats',
  SMALL_VIDEO_TOO_LONG: 'publish-video#duration',
  VIDEO_TOO_LARGE: 'publish-video#size',
  VIDEO_FORMAT_WRONG: 'publish-video#formats',
  SCHEDULE_INVALID: 'publish-works#schedule',
  SCHEDULE_PAST: 'publish-works#schedule',
  SCHEDULE_TOO_FAR: 'publish-works#schedule',
  SCHEDULE_TOO_SOON: 'publish-works#schedule',
  IMAGE_URL_NOT_OURS: 'publish-works#images',
  IMAGE_NOT_YOURS: 'publish-works#images',
  ALBUM_IMAGES_REQUIRED: 'publish-works#images',
  ALBUM_IMAGES_TOO_MANY: 'publish-works#images',
  ALBUM_IMAGE_TOO_SMALL: 'publish-works#images',
  DYNAMIC_NOT_ALLOWED: 'publish-works#dynamics',
  DYNAMIC_IMAGES_TOO_MANY: 'publish-works#dynamics',
  DYNAMIC_TEXT_LENGTH: 'publish-works#titles-and-bodies-limits',
  DESCRIPTION_LENGTH: 'publish-works#titles-and-bodies-limits',
  CAPTION_LENGTH: 'publish-works#titles-and-bodies-limits',
  CAR_SERIES_TOO_MANY: 'publish-works#titles-and-bodies-tags',
  CAR_SERIES_REPEATED: 'publish-works#titles-and-bodies-tags',
  CAR_SERIES_UNKNOWN: 'publish-works#titles-and-bodies-tags',
  TOPIC_NOT_FOUND: 'publish-works#titles-and-bodies-tags',
  PROGRAM_GRADE_REQUIRED: 'publish-works#programs',
  LIVE_START_PAST: 'publish-works#live',
  LIVE_START_TOO_FAR: 'publish-works#live',
  ID_NUMBER_INVALID: 'certification-standards#person',
  CREDIT_CODE_INVALID: 'certification-standards#organization',
  ID_NUMBER_TAKEN: 'certification-standards#one-account',
  CREDIT_CODE_FULL: 'certification-standards#one-account',
  PRIVATE_IMAGE_REQUIRED: 'certification-standards#materials',
  AGREEMENT_CHANGED: 'certification-agreement#scope',
};

/**
 * The in-product path of a rule reference: the category's page (`/authoringService/ruleCenter/publish`,
 * `/recommend`) or the rule centre, with `?rule=<slug>` and the section as the fragment.
 */
export function ruleHref(ref: string): string {
  const [slug = '', section] = ref.split('#');
  const category = slug.split('-')[0];
  const base =
    category === 'publish' || category === 'recommend'
      ? `/authoringService/ruleCenter/${category}`
      : '/authoringService/ruleCenter';
  return `${base}?rule=${encodeURIComponent(slug)}${section ? `#${section}` : ''}`;
}

/**
 * The rule a stored refusal applies (issue #11): a review's `rejectMessage` (`{ code, params }`) whose `params.rule`
 * names a word rule (`WORD_RULE_GAMBLING` …, itself a code or `{ code }`) links to that rule's section, else the
 * message's own code's; undefined when neither maps.
 */
export function ruleRefOfMessage(message: unknown): RuleRef | undefined {
  if (!message || typeof message !== 'object' || !('code' in message)) return undefined;
  const params =
    'params' in message && message.params && typeof message.params === 'object' ? message.params : {};
  const rule = (params as { rule?: unknown }).rule;
  const ruleCode =
    typeof rule === 'string'
      ? rule
      : rule && typeof rule === 'object' && 'code' in rule
        ? rule.code
        : undefined;
  const refs = RULE_REFS as Record<string, RuleRef | undefined>;
  return (typeof ruleCode === 'string' ? refs[ruleCode] : undefined) ?? refs[String(message.code)];
}
