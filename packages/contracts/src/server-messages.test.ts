import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';
import {
  ERCD_MESSAGE_CODES,
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  type MessageRef,
  pickMessageLanguage,
  renderMessage,
  renderMessageKind,
  SERVER_MESSAGES,
  type ServerMessageCode,
  validationSummary,
  zodFieldIssues,
  zodIssueMessage,
} from './server-messages.js';
import { ARTICLE_IMPORT_MESSAGE_SAMPLE_PARAMS } from './article-import.messages.js';
import { TRACKING_MESSAGE_SAMPLE_PARAMS } from './tracking.messages.js';
import { CARPHOTO_MESSAGE_SAMPLE_PARAMS } from './carphoto.messages.js';
import { ACTIVITY_MESSAGE_SAMPLE_PARAMS } from './activity.messages.js';

// Issue #9 "Language": every text the server sends a person exists in zh-CN and en-US. These tests walk the
// whole catalog, so an entry added in one language only, or with other `{{params}}`, fails here.

const CJK = /[\u3400-\u9fff\uff00-\uffef]/;
const params = (template: string) => [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const codes = Object.keys(SERVER_MESSAGES) as ServerMessageCode[];

describe('the catalog of server messages', () => {
  it.each(codes)('%s has both languages, non-empty, with the same {{params}}', (code) => {
    const entry: Record<string, string> = SERVER_MESSAGES[code];
    expect(Object.keys(entry).sort()).toEqual([...MESSAGE_LANGUAGES].sort());
    for (const lang of MESSAGE_LANGUAGES) expect(entry[lang]!.trim(), `${code} ${lang}`).not.toBe('');
    expect(params(entry['zh-CN']!), code).toEqual(params(entry['en-US']!));
  });

  it('every zh-CN text is Chinese and no en-US text is (the class of "English in the Chinese UI")', () => {
    for (const code of codes) {
      expect(SERVER_MESSAGES[code]['zh-CN'], code).toMatch(CJK);
      expect(SERVER_MESSAGES[code]['en-US'], code).not.toMatch(CJK);
    }
  });

  it('keeps the wording API.md §3 and spec §8 give in en-US', () => {
    expect(renderMessage({ code: 'TITLE_LENGTH', params: { min: 6, max: 30 } }, 'en-US')).toBe(
      'title must be 6-30 characters',
    );
    expect(renderMessage('VIDEO_FORMAT_WRONG', 'en-US')).toBe(contracts.UPLOAD_ERROR_MESSAGES.badFormat);
    expect(renderMessage('VIDEO_TOO_LARGE', 'en-US')).toBe('uploaded video size cannot exceed 30G!');
    expect(renderMessage('MERGE_FAILED', 'en-US')).toBe('merge failed, please upload again');
  });

  it('the ercd texts the web shows by ercd alone need no params', () => {
    for (const code of ERCD_MESSAGE_CODES) {
      for (const lang of MESSAGE_LANGUAGES) expect(params(SERVER_MESSAGES[code][lang]), code).toEqual([]);
    }
    expect(contracts.ercdMessages('zh-CN').WEAK_PASSWORD).toBe(SERVER_MESSAGES.WEAK_PASSWORD['zh-CN']);
  });
});

describe('renderMessage', () => {
  it('fills params, rendering a nested reference in the same language first', () => {
    const reason: MessageRef = {
      code: 'REVIEW_SENSITIVE_WORD',
      params: { word: '赌博', rule: { code: 'WORD_RULE_GAMBLING' } },
    };
    expect(renderMessage(reason, 'en-US')).toBe('contains a prohibited word: 赌博 (gambling)');
    expect(renderMessage(reason, 'zh-CN')).toBe('包含违禁词：赌博（赌博）');
    expect(
      renderMessage(
        { code: 'VIDEO_NOT_READY', params: { state: { code: 'UPLOAD_STATE_MERGING' } } },
        'zh-CN',
      ),
    ).toContain('合并中');
  });

  it('leaves a missing value visible rather than inventing one', () => {
    expect(renderMessage({ code: 'DRAFT_QUOTA', params: {} } as unknown as MessageRef, 'en-US')).toBe(
      'at most {{max}} drafts; publish or delete some first',
    );
  });
});

describe('pickMessageLanguage (Accept-Language, RFC 9110 §12.5.4)', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['EN-gb', 'en-US'],
    ['zh-CN', 'zh-CN'],
    ['zh-TW,zh;q=0.9', 'zh-CN'],
    ['fr-FR,fr;q=0.9', 'zh-CN'],
    ['fr-FR, en;q=0.8, zh;q=0.5', 'en-US'],
    ['zh;q=0.4, en;q=0.6', 'en-US'],
    ['en;q=0, zh', 'zh-CN'],
    ['*', 'zh-CN'],
    [['en-US', 'zh'], 'en-US'],
  ] as const)('%j → %s', (header, lang) => {
    expect(pickMessageLanguage(header)).toBe(lang);
  });
});

/** Every `*ParamSchema` the contracts export: the schemas the server validates `param` with. */
const paramSchemas: [string, z.ZodType][] = Object.entries(contracts as Record<string, unknown>).flatMap(
  ([name, value]) => (name.endsWith('ParamSchema') && value instanceof z.ZodType ? [[name, value]] : []),
);

/** Hostile payloads: every key of the schema's JSON form set to one bad value (and the empty object). */
function hostilePayloads(schema: z.ZodType): unknown[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  const keys = Object.keys(json.properties ?? {});
  const all = (value: unknown) => Object.fromEntries(keys.map((k) => [k, value]));
  return [
    {},
    all(''),
    all(-1),
    all(2 ** 31),
    all('x'.repeat(600_000)),
    all('\u0000'),
    all([]),
    all({}),
    all(true),
    7,
  ];
}

describe('zod issues of every param schema', () => {
  it('there are param schemas to walk', () => {
    expect(paramSchemas.length).toBeGreaterThan(10);
  });

  it.each(paramSchemas)('%s: each issue is a catalog message whose texts render fully', (_name, schema) => {
    for (const payload of hostilePayloads(schema)) {
      const parsed = schema.safeParse(payload, { reportInput: true });
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        // a message shaped like a code must BE a code (a typo would fall back to a generic text unnoticed)
        if (/^[A-Z][A-Z0-9_]+$/.test(issue.message)) expect(SERVER_MESSAGES).toHaveProperty(issue.message);
        const ref = zodIssueMessage(issue);
        for (const lang of MESSAGE_LANGUAGES)
          expect(renderMessage(ref, lang), `${issue.message} ${lang}`).not.toMatch(/\{\{/);
      }
    }
  });

  it('names the field and keeps the schema wording, in the language asked', () => {
    const parsed = contracts.registerParamSchema.safeParse(
      { account: 'a', password: 'short', mediaName: 'M' },
      { reportInput: true },
    );
    const fields = zodFieldIssues(parsed.error!);
    expect(fields.map((f) => [f.path, f.code])).toEqual([
      ['account', 'ACCOUNT_FORMAT'],
      ['password', 'PASSWORD_TOO_SHORT'],
      ['mediaName', 'MEDIA_NAME_LENGTH'],
    ]);
    expect(renderMessage(fields[1]!, 'en-US')).toBe('password must be at least 8 characters');
    expect(renderMessage(fields[1]!, 'zh-CN')).toBe('密码至少 8 个字符');
  });

  it("maps zod's own messages to the generic texts, prefixed with the field in a 10007's summary", () => {
    const parsed = contracts.messageListParamSchema.safeParse({ pageSize: 1000 }, { reportInput: true });
    const [first] = zodFieldIssues(parsed.error!);
    expect(first).toMatchObject({ path: 'pageSize', code: 'FIELD_TOO_BIG', params: { max: 100 } });
    expect(validationSummary(first, 'en-US')).toBe('pageSize: must be at most 100');
    expect(validationSummary(first, 'zh-CN')).toBe('pageSize：不能大于 100');
    const missing = z.object({ name: z.string() }).safeParse({}, { reportInput: true });
    expect(zodIssueMessage(missing.error!.issues[0]!)).toEqual({ code: 'FIELD_REQUIRED' });
  });
});

describe('message kinds (the message centre)', () => {
  it('every kind renders in both languages with its texts filled', () => {
    const values = {
      mediaName: 'M',
      id: 1,
      title: 'T',
      reason: { code: 'TITLE_EMOJI' },
      grade: 3,
      reader: 'R',
      text: 'X',
      count: 2,
      brand: 'B',
      campaign: 'C',
      period: '2025-11',
      typeName: { code: 'WORK_TYPE_ALBUM' },
      minutes: 15,
      start: '2026-11-16',
      end: '2026-11-22',
      views: 1200,
      fansNet: 3,
      // issue #14 kinds
      points: 5,
      score: 95,
      note: 'N',
      spent: '1.00',
      refund: '1.00',
      fans: 2,
      value: '5.00',
      minSpend: '10.00',
      expiresAt: '2026-12-01 23:59',
      deliverBy: '2030-03-17 10:00',
      left: 1,
      amount: '1.00',
      balance: '1.00',
      settleOn: '2030-03-13',
      keepUntil: '2030-05-09',
      ...ARTICLE_IMPORT_MESSAGE_SAMPLE_PARAMS,
      ...TRACKING_MESSAGE_SAMPLE_PARAMS,
      ...CARPHOTO_MESSAGE_SAMPLE_PARAMS,
      ...ACTIVITY_MESSAGE_SAMPLE_PARAMS,
    };
    for (const kind of MESSAGE_KINDS) {
      for (const use of ['video', 'smallVideo']) {
        for (const lang of MESSAGE_LANGUAGES) {
          const texts = renderMessageKind(kind, { ...values, use }, lang);
          expect(texts, `${kind} ${lang}`).not.toBeNull();
          expect(texts!.title + texts!.body).not.toMatch(/\{\{/);
        }
      }
    }
  });

  it('gives null (the stored text) for an unknown kind or a missing value', () => {
    expect(renderMessageKind('custom', {}, 'en-US')).toBeNull();
    expect(renderMessageKind('welcome', {}, 'en-US')).toBeNull();
    expect(renderMessageKind(undefined, undefined, 'en-US')).toBeNull();
  });
});
