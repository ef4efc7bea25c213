import {
  type ContentType,
  type MessageLanguage,
  type MessageRef,
  TITLE_MAX,
  TITLE_MIN,
  TITLE_PATTERNS,
  type TitlePattern,
} from '@cc/contracts';
import { z } from 'zod';
import type { AssistantModelConfig } from '../../config.js';

/*
 * Model-made titles (issue #14 "when ASSISTANT_API_URL / ASSISTANT_API_KEY / ASSISTANT_MODEL point at an
 * OpenAI-compatible endpoint, model-made titles too"): one `POST {url}/chat/completions` (Bearer key, model,
 * messages) with node's fetch and a time limit, and a parser that reads titles out of whatever the model wrote —
 * the JSON asked for, JSON in a code fence or in prose, a bare array, or numbered lines. The caller filters the
 * titles through the same rules as the local ones and falls back to those on any failure. Tested against a fake
 * server in assistant.routes.test.ts and assistant.model.test.ts.
 */

/** Characters of the text sent to the model: its lead, enough to title it, bounded in cost. */
export const MODEL_TEXT_MAX = 4000;

/** What the model is asked to title. */
export interface ModelTitlesInput {
  /** reader-visible text */
  text: string;
  title?: string;
  type: ContentType;
  topic?: string;
  keywords: readonly string[];
  /** car series the text names, `brand series` */
  cars: readonly string[];
  count: number;
  language: MessageLanguage;
}

/** A title as the model gave it, with the pattern it named (`other` when none of ours). */
export interface ModelTitle {
  text: string;
  pattern: TitlePattern;
}

/** The model's titles, or why there are none (a catalog message: `ASSISTANT_MODEL_*`) and what to log. */
export type ModelResult =
  { ok: true; titles: ModelTitle[] } | { ok: false; reason: MessageRef; detail: string };

const TYPE_NAMES: Record<MessageLanguage, Record<ContentType, string>> = {
  'zh-CN': {
    article: '文章',
    album: '图集',
    video: '视频',
    smallVideo: '小视频',
    dynamic: '动态',
    live: '直播',
    program: '节目',
  },
  'en-US': {
    article: 'article',
    album: 'image collection',
    video: 'video',
    smallVideo: 'short video',
    dynamic: 'post',
    live: 'live show',
    program: 'program',
  },
};

/** The chat messages of one request (the platform's title rules in the system message). */
export function modelMessages(input: ModelTitlesInput): { role: 'system' | 'user'; content: string }[] {
  const patterns = TITLE_PATTERNS.join('|');
  const format = `{"titles":[{"text":"...","pattern":"${patterns}"}]}`;
  const text = [...input.text].slice(0, MODEL_TEXT_MAX).join('');
  if (input.language === 'zh-CN') {
    return [
      {
        role: 'system',
        content: [
          `你是汽车媒体的资深编辑。为作者的作品写 ${input.count} 个中文标题，平台规则：`,
          `- 每个标题 ${TITLE_MIN}–${TITLE_MAX} 个字（汉字和全角符号算 1 个，字母、数字、半角符号和空格算半个）；`,
          '- 准确概括内容、信息具体，不夸大、不误导；不用“震惊”“必看”“不看后悔”“最强”等标题党词语，不要悬念截断；',
          '- 不用表情符号，全标题最多一个问号或感叹号，不要全大写英文，不用【】堆砌关键词；',
          '- 车型名称用品牌和车系的正式写法；',
          '- 尽量覆盖不同写法：评测(review)、对比(comparison)、提问(question)、数字清单(numbers)、购车建议(buying)。',
          `只输出 JSON，不要其他文字：${format}`,
        ].join('\n'),
      },
      {
        role: 'user',
        content: [
          `作品类型：${TYPE_NAMES['zh-CN'][input.type]}`,
          input.topic ? `希望突出的话题：${input.topic}` : '',
          input.title ? `作者现在的标题：${input.title}` : '',
          input.cars.length ? `提到的车系：${input.cars.join('、')}` : '',
          input.keywords.length ? `关键词：${input.keywords.join('、')}` : '',
          `正文：\n${text}`,
        ]
          .filter(Boolean)
          .join('\n'),
      },
    ];
  }
  return [
    {
      role: 'system',
      content: [
        `You are a senior editor of a car-media site. Write ${input.count} English titles for the author's work. The platform's rules:`,
        `- each title ${TITLE_MIN * 2}–${TITLE_MAX * 2} characters;`,
        '- say what the work is about, specifically; no exaggeration, no clickbait words ("shocking", "must-see", "the best ever"), no held-back point;',
        '- no emoji, at most one question or exclamation mark, no words in capitals for attention;',
        '- car names as the brand writes them;',
        '- vary the kinds: review, comparison, question, numbers (a list), buying (advice).',
        `Answer with JSON only: ${format}`,
      ].join('\n'),
    },
    {
      role: 'user',
      content: [
        `Kind of work: ${TYPE_NAMES['en-US'][input.type]}`,
        input.topic ? `Topic to lead with: ${input.topic}` : '',
        input.title ? `Current title: ${input.title}` : '',
        input.cars.length ? `Cars named: ${input.cars.join(', ')}` : '',
        input.keywords.length ? `Keywords: ${input.keywords.join(', ')}` : '',
        `Text:\n${text}`,
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ];
}

/** The part of an OpenAI-compatible chat answer read here (content as a string, or as text parts). */
const chatAnswerSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.union([
            z.string(),
            z.array(z.object({ type: z.string().optional(), text: z.string().optional() })),
            z.null(),
          ]),
        }),
      }),
    )
    .min(1),
});

/** Quotes and brackets a model wraps a title in. */
const WRAPPERS = /^["'“”‘’「」『』《》]+|["'“”‘’「」『』《》]+$/gu;
/** A list item's mark: `1.`, `1、`, `(1)`, `-`, `*`, `•`. */
const ITEM_MARK = /^\s*(?:[-*•·]|\d{1,2}\s*[.、):：）]|[（(]\d{1,2}[)）])\s*/u;

function cleanTitle(text: string): string {
  return text.replace(/\s+/gu, ' ').trim().replace(WRAPPERS, '').trim();
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The titles in a model's answer, whatever its form: `{"titles":[...]}` or a bare array, of strings or of
 * `{ text | title, pattern? }`, alone, in a ```json fence or amid prose; else one title a line (list marks, quotes and
 * `<think>` blocks of reasoning models removed). Titles are trimmed and unwrapped from quotes; empty ones dropped,
 * duplicates kept once. Nothing is judged here: the caller applies the title rules.
 */
export function parseModelTitles(content: string): ModelTitle[] {
  const s = content.replace(/<think>[\s\S]*?<\/think>/giu, '').trim();
  let data = tryJson(s);
  if (data === undefined) {
    const fence = /```(?:json)?\s*([\s\S]*?)```/iu.exec(s);
    if (fence) data = tryJson(fence[1]!.trim());
  }
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    if (data !== undefined) break;
    const a = s.indexOf(open);
    const b = s.lastIndexOf(close);
    if (a >= 0 && b > a) data = tryJson(s.slice(a, b + 1));
  }
  const items: unknown = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? (data as { titles?: unknown }).titles
      : undefined;
  let titles: ModelTitle[];
  if (Array.isArray(items)) {
    titles = items.flatMap((item): ModelTitle[] => {
      if (typeof item === 'string') return [{ text: cleanTitle(item), pattern: 'other' }];
      if (!item || typeof item !== 'object') return [];
      const o = item as { text?: unknown; title?: unknown; pattern?: unknown };
      const text = typeof o.text === 'string' ? o.text : typeof o.title === 'string' ? o.title : undefined;
      if (text === undefined) return [];
      const pattern = TITLE_PATTERNS.find((p) => p === o.pattern) ?? 'other';
      return [{ text: cleanTitle(text), pattern }];
    });
  } else {
    // one title a line; when some lines are list items or quoted, only those (the rest is the model's prose)
    const lines = s
      .split(/\r?\n/u)
      .map((line) => line.trim())
      .filter(
        (line) => line.length > 0 && line.length <= 120 && !/[:：]$/u.test(line) && !/^[{}[\]`]/u.test(line),
      )
      .map((line) => ({ line, marked: ITEM_MARK.test(line) || /^["“「《『']/u.test(line) }));
    const chosen = lines.some((l) => l.marked) ? lines.filter((l) => l.marked) : lines;
    titles = chosen.map(({ line }) => ({
      text: cleanTitle(line.replace(ITEM_MARK, '')),
      pattern: 'other' as const,
    }));
  }
  const seen = new Set<string>();
  return titles.filter((t) => t.text !== '' && !seen.has(t.text) && (seen.add(t.text), true));
}

/**
 * Asks the configured model for titles: `POST {apiUrl}/chat/completions` with `Authorization: Bearer <apiKey>`,
 * `{ model, messages, temperature: 0.7, max_tokens: 1024 }`, given up after `timeoutMs` (answer included).
 * @param fetchImpl node's fetch (tests may pass another)
 * @returns the parsed titles, or why there are none: ASSISTANT_MODEL_TIMEOUT, _UNREACHABLE, _HTTP (the status),
 *   _UNREADABLE (no JSON answer, no choice, or no title in it). Never throws.
 */
export async function requestModelTitles(
  config: AssistantModelConfig,
  input: ModelTitlesInput,
  fetchImpl: typeof fetch = fetch,
): Promise<ModelResult> {
  const seconds = Math.round(config.timeoutMs / 100) / 10;
  let content: string;
  try {
    const res = await fetchImpl(`${config.apiUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${config.apiKey}`,
      },
      body: JSON.stringify({
        model: config.model,
        messages: modelMessages(input),
        temperature: 0.7,
        max_tokens: 1024,
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return {
        ok: false,
        reason: { code: 'ASSISTANT_MODEL_HTTP', params: { status: res.status } },
        detail: `HTTP ${res.status}`,
      };
    }
    const answer = chatAnswerSchema.safeParse(tryJson(await res.text()));
    if (!answer.success)
      return { ok: false, reason: { code: 'ASSISTANT_MODEL_UNREADABLE' }, detail: 'not a chat completion' };
    const raw = answer.data.choices[0]!.message.content;
    content = typeof raw === 'string' ? raw : (raw ?? []).map((part) => part.text ?? '').join('');
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      return {
        ok: false,
        reason: { code: 'ASSISTANT_MODEL_TIMEOUT', params: { seconds } },
        detail: `no answer in ${config.timeoutMs} ms`,
      };
    return {
      ok: false,
      reason: { code: 'ASSISTANT_MODEL_UNREACHABLE' },
      detail:
        error instanceof Error
          ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`
          : String(error),
    };
  }
  const titles = parseModelTitles(content);
  if (titles.length === 0)
    return { ok: false, reason: { code: 'ASSISTANT_MODEL_UNREADABLE' }, detail: 'no titles in the answer' };
  return { ok: true, titles };
}
