import {
  ASSISTANT_ANALYSIS_MAX,
  ASSISTANT_TEXT_MIN,
  type AssistantCheck,
  type AssistantCheckParam,
  type AssistantState,
  checkTitle,
  htmlToPlainText,
  type MessageLanguage,
  type MessageRef,
  renderMessage,
  type SuggestedTitle,
  type SuggestTitles,
  type SuggestTitlesParam,
} from '@cc/contracts';
import type { AssistantModelConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { carSeriesNames } from '../car/car.service.js';
import { findProhibitedWord, findReviewWord } from '../moderation/moderation.service.js';
import { getPermissions } from '../user/user.service.js';
import { checkWork, clickbaitFindings } from './assistant.check.js';
import { analyseText, seriesNamesIn } from './assistant.keywords.js';
import { requestModelTitles } from './assistant.model.js';
import { composeTitles, type TitleSubjects } from './assistant.titles.js';

/*
 * The content assistant (issue #14 "Content assistant", spec §6 "content assistant allow flag"; docs/api.md "Content
 * assistant"): who may use it, title suggestions (local, and a configured model's beside them) and the check before
 * publishing. Nothing is stored: every call works on the text it is given.
 */

/** Where the assistant's answers may log (the request's logger). */
export interface AssistantLog {
  warn(obj: object, msg: string): void;
}

/**
 * Refuses an author without the `contentAssistant` permission (spec §6; set by operators on `/ops/review` →
 * permissions, `POST /api/ops/user/set_permissions`).
 * @throws FORBIDDEN (10005) ASSISTANT_NOT_ALLOWED — the text says an operator grants it; NOT_LOGGED_IN when the
 *   user is gone
 */
export async function requireAssistant(db: Db, userId: number): Promise<void> {
  const { contentAssistant } = await getPermissions(db, userId);
  if (contentAssistant !== 1) throw new AppError('FORBIDDEN', 'ASSISTANT_NOT_ALLOWED');
}

/**
 * `GET /api/assistant/state`: whether the author may use the assistant (their `contentAssistant` permission) and
 * which engine makes titles (`model` when `ASSISTANT_*` configure one, else `local`). Never refuses a signed-in author.
 */
export async function getAssistantState(
  db: Db,
  userId: number,
  model: AssistantModelConfig | undefined,
): Promise<AssistantState> {
  const { contentAssistant } = await getPermissions(db, userId);
  return { allowed: contentAssistant === 1, engine: model ? 'model' : 'local' };
}

/** A series' name in a title: `比亚迪汉L`, `小米SU7 Ultra` (a space only between Latin letters or digits); `BYD Han L`. */
function carTitleName(brand: string, series: string, lang: MessageLanguage): string {
  if (lang === 'en-US') return `${brand} ${series}`;
  const glue = /[A-Za-z0-9]$/.test(brand) && /^[A-Za-z0-9]/.test(series) ? ' ' : '';
  return `${brand}${glue}${series}`;
}

/**
 * Whether a title may be suggested: the title rule (`checkTitle`: 6–30 weighted characters, no emoji), no prohibited
 * word nor a word that waits for a reviewer (the review's own lists), no clickbait finding, and not the author's
 * current title.
 */
export function isSuggestible(title: string, current?: string): boolean {
  return (
    checkTitle(title) === null &&
    findProhibitedWord(title) === null &&
    findReviewWord(title) === null &&
    clickbaitFindings(title).length === 0 &&
    title.trim() !== (current ?? '').trim()
  );
}

/** Model requests per author in the last minute (this process): time stamps, milliseconds. */
const modelCalls = new Map<number, number[]>();

/** Counts a model request of `userId` at `now`; false when the author already made `perMinute` in the last minute. */
function takeModelCall(userId: number, now: number, perMinute: number): boolean {
  const recent = (modelCalls.get(userId) ?? []).filter((at) => now - at < 60_000);
  if (recent.length >= perMinute) {
    modelCalls.set(userId, recent);
    return false;
  }
  recent.push(now);
  modelCalls.set(userId, recent);
  return true;
}

/**
 * `POST /api/assistant/suggest_titles` (issue #14 "title suggestions from the work's text"): the text's keywords
 * (jieba TF-IDF with the car catalogue as a dictionary, assistant.keywords.ts), the catalogue series it names, and
 * titles from the patterns of assistant.titles.ts — the topic first (a series, else a keyword), then the text's
 * cars and keywords. Local titles are deterministic for the same input. With a model configured, the model's
 * titles come first (`source: 'model'`), filtered by the same rules (`isSuggestible`); when the model fails, times
 * out, answers nothing usable or the author passed `perMinute` requests a minute, the local titles stand alone and
 * `modelError` says why in `lang`.
 * @param ctx.model the configured model (`config.assistantModel`); `ctx.now` the server's clock; `ctx.fetchImpl`
 *   for tests
 * @throws FORBIDDEN (10005) ASSISTANT_NOT_ALLOWED; VALIDATION_FAILED (10007) ASSISTANT_TEXT_TOO_SHORT on `text` when
 *   its reader-visible text is under `ASSISTANT_TEXT_MIN` characters
 */
export async function suggestTitles(
  db: Db,
  userId: number,
  param: SuggestTitlesParam,
  ctx: {
    lang: MessageLanguage;
    model: AssistantModelConfig | undefined;
    now: Date;
    log?: AssistantLog;
    fetchImpl?: typeof fetch;
  },
): Promise<SuggestTitles> {
  await requireAssistant(db, userId);
  const plain = htmlToPlainText(param.text);
  const chars = [...plain];
  if (chars.length < ASSISTANT_TEXT_MIN)
    throw AppError.validation([
      { path: 'text', code: 'ASSISTANT_TEXT_TOO_SHORT', params: { min: ASSISTANT_TEXT_MIN } },
    ]);
  const lead = chars.slice(0, ASSISTANT_ANALYSIS_MAX).join('');
  const analysis = await analyseText([param.title ?? '', lead].filter(Boolean).join('\n'));
  const language = analysis.language;

  // the topic leads: a series it names, else the topic itself as the first keyword
  const topic = param.topic?.trim() ?? '';
  const topicCars = topic ? (await analyseText(topic)).seriesIds : [];
  const topicWord = topic && topicCars.length === 0 ? topic : undefined;
  const carIds = [...new Set([...topicCars, ...analysis.seriesIds])];
  const subjects: TitleSubjects = {
    language,
    cars: carIds.slice(0, 2).flatMap((id) => {
      const names = seriesNamesIn(id, language);
      if (!names) return [];
      const short = /[A-Za-z0-9]/.test(names.series) || [...names.series].length >= 2 ? names.series : null;
      return [{ full: carTitleName(names.brand, names.series, language), short }];
    }),
    words: [...new Set([...(topicWord ? [topicWord] : []), ...analysis.words])],
  };
  const accept = (title: string) => isSuggestible(title, param.title);
  const local: SuggestedTitle[] = composeTitles(subjects, param.type, param.count, accept).map((t) => ({
    ...t,
    source: 'local',
  }));

  const cars = [...carSeriesNames(carIds, ctx.lang).entries()].map(([id, n]) => ({
    id,
    brand: n.brand,
    series: n.series,
  }));
  const answer = { language, keywords: analysis.keywords, cars };
  if (!ctx.model) return { engine: 'local', ...answer, titles: local };

  const fallback = (reason: MessageRef): SuggestTitles => ({
    engine: 'local',
    ...answer,
    titles: local,
    modelError: renderMessage({ code: 'ASSISTANT_MODEL_FALLBACK', params: { reason } }, ctx.lang),
  });
  if (!takeModelCall(userId, ctx.now.getTime(), ctx.model.perMinute))
    return fallback({ code: 'ASSISTANT_MODEL_BUSY', params: { max: ctx.model.perMinute } });
  const result = await requestModelTitles(
    ctx.model,
    {
      text: lead,
      title: param.title,
      type: param.type,
      topic: topic || undefined,
      keywords: analysis.keywords.map((k) => k.word),
      cars: cars.map((c) => `${c.brand} ${c.series}`),
      count: param.count,
      language,
    },
    ctx.fetchImpl,
  );
  if (!result.ok) {
    ctx.log?.warn(
      { reason: result.reason.code, detail: result.detail },
      'content assistant: model titles failed',
    );
    return fallback(result.reason);
  }
  const seen = new Set(local.map((t) => t.text));
  const fromModel: SuggestedTitle[] = [];
  for (const t of result.titles) {
    if (fromModel.length >= param.count) break;
    if (seen.has(t.text) || !accept(t.text)) continue;
    seen.add(t.text);
    fromModel.push({ text: t.text, source: 'model', pattern: t.pattern });
  }
  if (fromModel.length === 0) {
    ctx.log?.warn(
      { reason: 'ASSISTANT_MODEL_NO_VALID_TITLES', detail: `${result.titles.length} titles, none kept` },
      'content assistant: model titles failed',
    );
    return fallback({ code: 'ASSISTANT_MODEL_NO_VALID_TITLES' });
  }
  return { engine: 'model', ...answer, titles: [...fromModel, ...local] };
}

/**
 * `POST /api/assistant/check` (issue #14 "a check before publishing … linked to the rule centre"): `checkWork` on the
 * work as it would be published — title rule, body rule, prohibited and held words, clickbait, covers — each finding
 * in `lang` with its rule centre section.
 * @throws FORBIDDEN (10005) ASSISTANT_NOT_ALLOWED
 */
export async function checkBeforePublishing(
  db: Db,
  userId: number,
  param: AssistantCheckParam,
  lang: MessageLanguage,
): Promise<AssistantCheck> {
  await requireAssistant(db, userId);
  return checkWork(param, htmlToPlainText(param.text), lang);
}
