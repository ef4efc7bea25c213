import {
  ASSISTANT_RULE_REFS,
  type AssistantCheck,
  type AssistantState,
  checkTitle,
  MESSAGE_LANGUAGES,
  RULE_REFS,
  type SuggestTitles,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type TestAuthor } from '../../test/factories.js';
import { body, signedGet, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { findProhibitedWord } from '../moderation/moderation.service.js';
import { getRule, ruleCatalogOf } from '../rules/rules.service.js';
import { chatCompletion, type FakeModelServer, sendJson, startFakeModel } from './assistant.fake-model.js';

// Issue #14 "Content assistant" (spec §6 "content assistant allow flag"; docs/api.md "Content assistant"): who may use
// it, title suggestions (local and a model's, against a fake OpenAI-compatible server), and the check before
// publishing linked to the rule centre.

const t = useTestApp();
let fake: FakeModelServer;
/** apps on the same database with a model configured: normal, a short time limit, one request a minute */
let modelApp: FastifyInstance;
let slowApp: FastifyInstance;
let busyApp: FastifyInstance;
const model = (fields: { timeoutMs?: number; perMinute?: number } = {}) => ({
  apiUrl: fake.url,
  apiKey: 'sk-assistant-test',
  model: 'fake-car-editor',
  timeoutMs: 3000,
  perMinute: 100,
  ...fields,
});
beforeAll(async () => {
  fake = await startFakeModel();
  modelApp = await buildApp({ ...t.config, assistantModel: model() }, { handle: t.handle });
  slowApp = await buildApp({ ...t.config, assistantModel: model({ timeoutMs: 300 }) }, { handle: t.handle });
  busyApp = await buildApp({ ...t.config, assistantModel: model({ perMinute: 1 }) }, { handle: t.handle });
  await Promise.all([modelApp.ready(), slowApp.ready(), busyApp.ready()]);
});
afterAll(async () => {
  await Promise.all([modelApp.close(), slowApp.close(), busyApp.close()]);
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };

async function call<T>(
  url: string,
  param: unknown,
  session: TestAuthor,
  opts: { app?: FastifyInstance; headers?: Record<string, string> } = {},
) {
  const app = opts.app ?? t.app;
  const res =
    url === '/api/assistant/state'
      ? await signedGet(app, url, param, { session, headers: opts.headers })
      : await signedPost(app, url, param, { session, json: true, headers: opts.headers });
  return { http: res.statusCode, env: body<T>(res) };
}
const suggest = (p: unknown, s: TestAuthor, opts?: Parameters<typeof call>[3]) =>
  call<SuggestTitles>('/api/assistant/suggest_titles', p, s, opts);
const check = (p: unknown, s: TestAuthor, opts?: Parameters<typeof call>[3]) =>
  call<AssistantCheck>('/api/assistant/check', p, s, opts);
const allowed = () => t.signIn({ contentAssistant: 1 });

const TEXT =
  '<p>比亚迪汉L上市了，这款中大型轿车的续航表现如何？我们在冬季零下15度实测了汉L的续航，对比特斯拉Model 3，汉L的掉电更少。</p>' +
  '<p>车机系统也升级了，底盘悬架调校、后排空间表现都不错，落地价方面起售价22万元。汉L的续航让人满意。</p>';

describe('who may use it (spec §6 contentAssistant)', () => {
  it('state: allowed by the permission; engine local, or model when configured', async () => {
    const no = await t.signIn();
    const yes = await allowed();
    expect((await call<AssistantState>('/api/assistant/state', {}, no)).env.data).toEqual({
      allowed: false,
      engine: 'local',
    });
    expect((await call<AssistantState>('/api/assistant/state', {}, yes)).env.data).toEqual({
      allowed: true,
      engine: 'local',
    });
    expect((await call<AssistantState>('/api/assistant/state', {}, yes, { app: modelApp })).env.data).toEqual(
      {
        allowed: true,
        engine: 'model',
      },
    );
  });

  it('without the permission, suggest and check answer 10005 saying an operator grants it, in both languages', async () => {
    const no = await t.signIn();
    for (const [headers, text] of [
      [ZH, '你的账号还没有开通内容助手：内容助手由运营人员按作者开通，请联系运营人员'],
      [
        EN,
        'the content assistant is not enabled for your account: an operator grants it per author, so ask your operator',
      ],
    ] as const) {
      const s = await suggest({ text: TEXT, type: 'article' }, no, { headers });
      expect(s.http).toBe(403);
      expect(s.env).toMatchObject({ status: 10005, message: text, messageCode: 'ASSISTANT_NOT_ALLOWED' });
      const c = await check({ title: '比亚迪汉L续航实测', text: TEXT, type: 'article' }, no, { headers });
      expect(c.env).toMatchObject({ status: 10005, message: text });
    }
    // the model is never asked for someone not allowed
    await suggest({ text: TEXT, type: 'article' }, no, { app: modelApp });
    expect(fake.requests).toHaveLength(0);
  });

  it('an operator grants it on the permissions tab, and the author may use it at once', async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    expect((await suggest({ text: TEXT, type: 'article' }, author)).env.status).toBe(10005);
    const set = await t.post(
      '/api/ops/user/set_permissions',
      { account: author.account, contentAssistant: 1 },
      op,
      {
        json: true,
      },
    );
    expect(set.status).toBe(1);
    expect((await suggest({ text: TEXT, type: 'article' }, author)).env.status).toBe(1);
  });
});

describe('POST /api/assistant/suggest_titles (local suggester)', () => {
  it('finds the keywords and the cars of the text, and titles that obey the title rule and name them', async () => {
    const a = await allowed();
    const { env } = await suggest({ text: TEXT, type: 'article' }, a);
    expect(env.status).toBe(1);
    const data = env.data;
    expect(data.engine).toBe('local');
    expect(data.language).toBe('zh-CN');
    expect(data.modelError).toBeUndefined();
    expect(data.keywords[0]!.word).toBe('汉L');
    expect(data.keywords.map((k) => k.word)).toEqual(expect.arrayContaining(['续航', '车机系统', 'Model 3']));
    expect(data.cars).toEqual([
      { id: 1002, brand: '比亚迪', series: '汉L' },
      { id: 71001, brand: '特斯拉', series: 'Model 3' },
    ]);
    expect(data.titles).toHaveLength(5);
    expect(new Set(data.titles.map((x) => x.pattern))).toEqual(
      new Set(['review', 'question', 'comparison', 'numbers', 'buying']),
    );
    for (const title of data.titles) {
      expect(title.source).toBe('local');
      expect(checkTitle(title.text), title.text).toBeNull();
      expect(findProhibitedWord(title.text)).toBeNull();
      expect(title.text).toContain('汉L');
    }
    expect(data.titles.some((x) => x.text.includes('续航'))).toBe(true);
    expect(data.titles.some((x) => x.text.includes('Model 3'))).toBe(true);
  });

  it('is deterministic: the same input gives the same answer', async () => {
    const a = await allowed();
    const first = await suggest({ text: TEXT, type: 'video', count: 10 }, a);
    const again = await suggest({ text: TEXT, type: 'video', count: 10 }, a);
    expect(again.env.data).toEqual(first.env.data);
    expect(first.env.data.titles.length).toBeGreaterThan(5);
  });

  it('names the cars in the request’s language; titles stay in the text’s', async () => {
    const a = await allowed();
    const { env } = await suggest({ text: TEXT, type: 'article', count: 1 }, a, { headers: EN });
    expect(env.data.cars[0]).toEqual({ id: 1002, brand: 'BYD', series: 'Han L' });
    expect(env.data.titles[0]!.text).toContain('比亚迪汉L');
    const english = await suggest(
      {
        text: 'We drove the Xiaomi SU7 for a week. The SU7 charging speed and winter range impressed us.',
        type: 'article',
      },
      a,
      { headers: EN },
    );
    expect(english.env.data.language).toBe('en-US');
    expect(english.env.data.titles[0]!.text).toMatch(/^Xiaomi SU7 review/);
  });

  it('leads with the topic: a keyword, or a car series the text does not name', async () => {
    const a = await allowed();
    const keyword = await suggest({ text: TEXT, type: 'article', topic: '冬季续航' }, a);
    expect(keyword.env.data.titles[0]!.text).toContain('冬季续航');
    const series = await suggest({ text: TEXT, type: 'article', topic: '理想 L6' }, a);
    expect(series.env.data.cars[0]).toEqual({ id: 41002, brand: '理想', series: 'L6' });
    expect(series.env.data.titles[0]!.text.startsWith('理想L6')).toBe(true);
  });

  it('reads the current title with the text and never suggests it back; asks for `count`', async () => {
    const a = await allowed();
    const { env: first } = await suggest({ text: TEXT, type: 'article', count: 3 }, a);
    expect(first.data.titles).toHaveLength(3);
    const current = first.data.titles[0]!.text;
    const { env } = await suggest({ text: TEXT, title: current, type: 'article', count: 3 }, a);
    expect(env.data.titles.map((x) => x.text)).not.toContain(current);
  });

  it('refuses bad input with 10007 naming the field', async () => {
    const a = await allowed();
    const cases: [unknown, string, string?][] = [
      [{ text: '<p>很短的</p>', type: 'article' }, 'text', 'ASSISTANT_TEXT_TOO_SHORT'],
      [{ text: TEXT, type: 'dynamic' }, 'type'],
      [{ text: TEXT }, 'type'],
      [{ type: 'article' }, 'text'],
      [{ text: TEXT, type: 'article', count: 0 }, 'count'],
      [{ text: TEXT, type: 'article', count: 11 }, 'count'],
      [{ text: TEXT, type: 'article', topic: 'x'.repeat(41) }, 'topic'],
      [{ text: 'x'.repeat(500_001), type: 'article' }, 'text'],
    ];
    for (const [param, path, code] of cases) {
      const { http, env } = await suggest(param, a);
      expect(http, JSON.stringify(param).slice(0, 80)).toBe(400);
      expect(env.status).toBe(10007);
      const field = (env.data as unknown as { fields: { path: string; code: string }[] }).fields[0]!;
      expect(field.path).toBe(path);
      if (code) expect(field.code).toBe(code);
    }
    const zh = await suggest({ text: '<p>很短的</p>', type: 'article' }, a, { headers: ZH });
    expect(zh.env.message).toContain('正文至少需要 10 个字才能生成标题建议');
    const en = await suggest({ text: '<p>很短的</p>', type: 'article' }, a, { headers: EN });
    expect(en.env.message).toContain('the text needs at least 10 characters to suggest titles from');
  });
});

describe('any text (property)', () => {
  it('never fails on the server, and every title obeys the title rule and the word lists', async () => {
    const a = await allowed();
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', minLength: 10, maxLength: 300 }),
      fc.string({ unit: 'binary', minLength: 10, maxLength: 300 }),
      fc
        .array(
          fc.constantFrom(
            '比亚迪',
            '汉L',
            ' SU7 ',
            'model 3',
            '续航',
            '<p>',
            '</p>',
            '&amp;',
            '震惊',
            '赌博',
            '！',
            '…',
          ),
          {
            minLength: 5,
            maxLength: 60,
          },
        )
        .map((parts) => parts.join('')),
    );
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
        fc.constantFrom('article', 'video', 'album'),
        async (t1, topic, type) => {
          const { http, env } = await suggest(
            { text: t1, type, ...(topic !== undefined ? { topic } : {}) },
            a,
          );
          expect(http).toBeLessThan(500);
          if (env.status !== 1) return;
          for (const title of env.data.titles) {
            expect(checkTitle(title.text)).toBeNull();
            expect(findProhibitedWord(title.text)).toBeNull();
          }
          const checked = await check({ title: t1.slice(0, 200), text: t1, type }, a);
          expect(checked.http).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('model titles (a fake OpenAI-compatible server)', () => {
  const modelTitles = JSON.stringify({
    titles: [
      { text: '比亚迪汉L冬季续航实测：零下15度掉电多少', pattern: 'review' },
      { text: '震惊！汉L续航竟然这么长', pattern: 'question' }, // clickbait
      { text: '汉L', pattern: 'review' }, // too short
      { text: '比亚迪汉L赌博式降价', pattern: 'buying' }, // prohibited word
      { text: '汉L和Model 3怎么选？续航与车机对比', pattern: 'comparison' },
      { text: '汉L和Model 3怎么选？续航与车机对比', pattern: 'comparison' }, // repeated
    ],
  });

  it('asks the model with the Bearer key, keeps its titles that obey the rules, first and marked model', async () => {
    fake.reply = (_req, res) => sendJson(res, 200, chatCompletion(modelTitles));
    const a = await allowed();
    const { env } = await suggest({ text: TEXT, title: '汉L续航', type: 'article', topic: '冬季续航' }, a, {
      app: modelApp,
    });
    expect(env.status).toBe(1);
    expect(env.data.engine).toBe('model');
    expect(env.data.modelError).toBeUndefined();
    const fromModel = env.data.titles.filter((x) => x.source === 'model');
    expect(fromModel).toEqual([
      { text: '比亚迪汉L冬季续航实测：零下15度掉电多少', source: 'model', pattern: 'review' },
      { text: '汉L和Model 3怎么选？续航与车机对比', source: 'model', pattern: 'comparison' },
    ]);
    expect(env.data.titles.slice(0, 2)).toEqual(fromModel);
    expect(env.data.titles.filter((x) => x.source === 'local')).toHaveLength(5);
    // what the endpoint received
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-assistant-test');
    const sent = req.body as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe('fake-car-editor');
    const user = sent.messages.find((m) => m.role === 'user')!.content;
    for (const part of ['冬季续航', '汉L续航', '比亚迪 汉L', '车机系统也升级了'])
      expect(user).toContain(part);
    expect(user).not.toContain('<p>');
  });

  it('falls back to the local titles when the model fails, and says why in the request’s language', async () => {
    const a = await allowed();
    const local = (await suggest({ text: TEXT, type: 'article' }, a)).env.data;
    fake.reply = (_req, res) => sendJson(res, 500, { error: { message: 'upstream down' } });
    const zh = await suggest({ text: TEXT, type: 'article' }, a, { app: modelApp, headers: ZH });
    expect(zh.env.status).toBe(1);
    expect(zh.env.data).toEqual({
      ...local,
      modelError: '模型标题暂不可用（模型服务返回了错误 HTTP 500），以下是本地建议',
    });
    const en = await suggest({ text: TEXT, type: 'article' }, a, { app: modelApp, headers: EN });
    expect(en.env.data.modelError).toBe(
      'model titles are unavailable (the model service answered with HTTP 500); these are the local suggestions',
    );
    expect(en.env.data.titles.every((x) => x.source === 'local')).toBe(true);
  });

  it('falls back when the model does not answer in time', async () => {
    fake.reply = () => new Promise<void>(() => undefined);
    const a = await allowed();
    const started = Date.now();
    const { env } = await suggest({ text: TEXT, type: 'article' }, a, { app: slowApp, headers: EN });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(env.data.engine).toBe('local');
    expect(env.data.titles).toHaveLength(5);
    expect(env.data.modelError).toBe(
      'model titles are unavailable (the model service did not answer within 0.3 s); these are the local suggestions',
    );
  });

  it('falls back when none of the model’s titles obeys the rules, or its answer holds none', async () => {
    const a = await allowed();
    fake.reply = (_req, res) =>
      sendJson(res, 200, chatCompletion('{"titles":["震惊！汉L续航竟然这么长","汉L"]}'));
    const bad = await suggest({ text: TEXT, type: 'article' }, a, { app: modelApp, headers: ZH });
    expect(bad.env.data.modelError).toBe(
      '模型标题暂不可用（模型给出的标题都不符合标题规范，或含有违禁词、标题党写法），以下是本地建议',
    );
    fake.reply = (_req, res) => sendJson(res, 200, { not: 'a completion' });
    const unreadable = await suggest({ text: TEXT, type: 'article' }, a, { app: modelApp, headers: ZH });
    expect(unreadable.env.data.modelError).toBe(
      '模型标题暂不可用（模型的回答中没有可读的标题），以下是本地建议',
    );
    expect(unreadable.env.data.titles.length).toBe(5);
  });

  it('asks the model at most perMinute times a minute per author; then the local titles alone', async () => {
    fake.reply = (_req, res) => sendJson(res, 200, chatCompletion(modelTitles));
    const a = await allowed();
    const b = await allowed();
    expect((await suggest({ text: TEXT, type: 'article' }, a, { app: busyApp })).env.data.engine).toBe(
      'model',
    );
    const second = await suggest({ text: TEXT, type: 'article' }, a, { app: busyApp, headers: EN });
    expect(second.env.data.engine).toBe('local');
    expect(second.env.data.modelError).toBe(
      'model titles are unavailable (at most 1 model requests a minute per author; try again shortly); these are the local suggestions',
    );
    // another author has their own budget
    expect((await suggest({ text: TEXT, type: 'article' }, b, { app: busyApp })).env.data.engine).toBe(
      'model',
    );
    expect(fake.requests).toHaveLength(2);
  });
});

describe('POST /api/assistant/check', () => {
  const codesOf = (c: AssistantCheck) =>
    c.issues.map((i) => `${i.severity}:${i.field}:${i.code}:${i.ruleRef ?? ''}`);

  it('passes a work that meets every rule', async () => {
    const a = await allowed();
    const { env } = await check(
      {
        title: '比亚迪汉L冬季续航实测',
        text: TEXT,
        type: 'article',
        coverSizes: [{ width: 1600, height: 1200 }],
      },
      a,
    );
    expect(env.data).toEqual({ ok: true, issues: [] });
  });

  it('finds each kind of issue, each linked to its rule centre section, in the request’s language', async () => {
    const a = await allowed();
    const { env } = await check(
      {
        title: '震惊！汉L竟然这样？',
        text: '<p>想要内部价可以加我微信，另外也可以加微信聊聊用车。</p>',
        type: 'article',
        coverCount: 0,
      },
      a,
      { headers: EN },
    );
    expect(env.data.ok).toBe(false);
    expect(codesOf(env.data)).toEqual([
      'error:text:REVIEW_SENSITIVE_WORD:publish-advertising#contact-details',
      'error:covers:COVER_REQUIRED:publish-covers#count',
      'warning:title:ASSISTANT_CLICKBAIT_SHOCK:publish-titles#clickbait',
      'warning:title:ASSISTANT_CLICKBAIT_MARKS:publish-titles#symbols',
      'warning:text:REVIEW_HELD_WORD:publish-prohibited#manual-review',
    ]);
    expect(env.data.issues[0]!.message).toBe(
      'contains a prohibited word: 加我微信 (off-platform advertising)',
    );
    expect(env.data.issues[2]!.message).toBe(
      '“震惊” is a sensational word: the title may be judged clickbait',
    );

    const zh = await check({ title: '汉L', text: TEXT, type: 'article' }, a, { headers: ZH });
    expect(zh.env.data.issues[0]).toEqual({
      severity: 'error',
      code: 'TITLE_LENGTH',
      field: 'title',
      message: expect.stringContaining('6'),
      ruleRef: 'publish-titles#length',
    });
    const emoji = await check({ title: '比亚迪汉L续航实测🚗', text: TEXT, type: 'article' }, a);
    expect(codesOf(emoji.env.data)).toEqual(['error:title:TITLE_EMOJI:publish-titles#symbols']);
    const gambling = await check({ title: '比亚迪汉L赌博式降价了', text: TEXT, type: 'article' }, a);
    expect(codesOf(gambling.env.data)).toEqual([
      'error:title:REVIEW_SENSITIVE_WORD:publish-prohibited#prohibited-words',
    ]);
    const covers = await check(
      {
        title: '比亚迪汉L冬季续航实测',
        text: TEXT,
        type: 'video',
        coverSizes: [{ width: 640, height: 640 }],
      },
      a,
    );
    expect(codesOf(covers.env.data)).toEqual([
      'warning:covers:ASSISTANT_COVER_ASPECT:publish-covers#size-aspect',
      'warning:covers:ASSISTANT_COVER_SMALL:publish-covers#size-aspect',
    ]);
    expect(covers.env.data.ok).toBe(true);
  });

  it('refuses bad input with 10007 naming the field', async () => {
    const a = await allowed();
    for (const [param, path] of [
      [{ title: '比亚迪汉L冬季续航实测', text: TEXT }, 'type'],
      [{ title: '比亚迪汉L冬季续航实测', text: TEXT, type: 'poster' }, 'type'],
      [{ type: 'article', coverSizes: [{ width: 0, height: 10 }] }, 'coverSizes.0.width'],
      [{ type: 'article', coverCount: -1 }, 'coverCount'],
      [{ type: 'article', title: 'x'.repeat(201) }, 'title'],
    ] as const) {
      const { env } = await check(param, a);
      expect(env.status, JSON.stringify(param)).toBe(10007);
      expect((env.data as unknown as { fields: { path: string }[] }).fields[0]!.path).toBe(path);
    }
  });

  it('links only to sections that exist in the rule centre, in both languages', async () => {
    const catalog = await ruleCatalogOf(t.config.rulesDir);
    const refs = [
      ...Object.values(ASSISTANT_RULE_REFS),
      ...(
        [
          'TITLE_REQUIRED',
          'TITLE_LENGTH',
          'TITLE_EMOJI',
          'BODY_LENGTH',
          'DYNAMIC_TEXT_LENGTH',
          'COVER_REQUIRED',
          'REVIEW_SENSITIVE_WORD',
          'REVIEW_HELD_WORD',
        ] as const
      ).map((code) => RULE_REFS[code]),
    ];
    expect(refs.length).toBeGreaterThan(15);
    for (const ref of refs) {
      const [slug, section] = (ref ?? '').split('#');
      for (const lang of MESSAGE_LANGUAGES)
        expect(
          getRule(catalog, lang, slug!).toc.some((e) => e.id === section),
          `${ref} (${lang})`,
        ).toBe(true);
    }
  });
});

describe('configuration (ASSISTANT_*)', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/cc-assistant-config' };
  it('is the local suggester alone by default', () => {
    expect(loadConfig(base).assistantModel).toBeUndefined();
  });
  it('reads the model endpoint, key and model, with a 10 s limit and 10 requests a minute by default', () => {
    expect(
      loadConfig({
        ...base,
        ASSISTANT_API_URL: 'https://api.example.com/v1/',
        ASSISTANT_API_KEY: 'sk-x',
        ASSISTANT_MODEL: 'gpt-4o-mini',
      }).assistantModel,
    ).toEqual({
      apiUrl: 'https://api.example.com/v1',
      apiKey: 'sk-x',
      model: 'gpt-4o-mini',
      timeoutMs: 10_000,
      perMinute: 10,
    });
  });
  it('refuses a partial configuration and a URL that is no URL', () => {
    expect(() => loadConfig({ ...base, ASSISTANT_API_URL: 'https://api.example.com/v1' })).toThrow(
      /ASSISTANT_API_URL, ASSISTANT_API_KEY and ASSISTANT_MODEL/,
    );
    expect(() =>
      loadConfig({ ...base, ASSISTANT_API_URL: 'not a url', ASSISTANT_API_KEY: 'k', ASSISTANT_MODEL: 'm' }),
    ).toThrow(/ASSISTANT_API_URL/);
  });
});
