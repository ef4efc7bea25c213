import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantModelConfig } from '../../config.js';
import { chatCompletion, type FakeModelServer, sendJson, startFakeModel } from './assistant.fake-model.js';
import {
  MODEL_TEXT_MAX,
  type ModelTitlesInput,
  parseModelTitles,
  requestModelTitles,
} from './assistant.model.js';

// Issue #14 "model-made titles … (tested against a local fake server)": the request an OpenAI-compatible endpoint
// gets, the parser of its answers, and every failure named.

describe('parseModelTitles', () => {
  it('reads the JSON asked for, with patterns (unknown ones become other)', () => {
    expect(
      parseModelTitles(
        '{"titles":[{"text":"比亚迪汉L冬季续航实测","pattern":"review"},{"text":"汉L值得买吗？","pattern":"clickbait"}]}',
      ),
    ).toEqual([
      { text: '比亚迪汉L冬季续航实测', pattern: 'review' },
      { text: '汉L值得买吗？', pattern: 'other' },
    ]);
  });

  it('reads JSON in a code fence, amid prose, a bare array, `title` instead of `text`, and drops <think>', () => {
    expect(parseModelTitles('好的：\n```json\n{"titles":["标题一号很长的","标题二号很长的"]}\n```')).toEqual([
      { text: '标题一号很长的', pattern: 'other' },
      { text: '标题二号很长的', pattern: 'other' },
    ]);
    expect(parseModelTitles('Here you go: {"titles":[{"title":"A"}]} hope it helps')).toEqual([
      { text: 'A', pattern: 'other' },
    ]);
    expect(parseModelTitles('["一","二"]')).toEqual([
      { text: '一', pattern: 'other' },
      { text: '二', pattern: 'other' },
    ]);
    expect(parseModelTitles('<think>用户要标题……{"titles":["错的"]}</think>{"titles":["对的"]}')).toEqual([
      { text: '对的', pattern: 'other' },
    ]);
  });

  it('reads numbered or quoted lines when there is no JSON, leaving the prose out; trims quotes, no duplicates', () => {
    expect(
      parseModelTitles(
        '以下是 3 个标题：\n1. “比亚迪汉L冬季续航实测”\n2、汉L底盘调校解析\n- 汉L底盘调校解析\n希望有帮助',
      ),
    ).toEqual([
      { text: '比亚迪汉L冬季续航实测', pattern: 'other' },
      { text: '汉L底盘调校解析', pattern: 'other' },
    ]);
    expect(parseModelTitles('只有一行标题')).toEqual([{ text: '只有一行标题', pattern: 'other' }]);
    expect(parseModelTitles('')).toEqual([]);
  });
});

describe('requestModelTitles against a fake OpenAI-compatible server', () => {
  let fake: FakeModelServer;
  let config: AssistantModelConfig;
  const input: ModelTitlesInput = {
    text: '比亚迪汉L的冬季续航实测。'.repeat(1000),
    title: '汉L续航',
    type: 'video',
    topic: '冬季续航',
    keywords: ['续航', '掉电'],
    cars: ['比亚迪 汉L'],
    count: 3,
    language: 'zh-CN',
  };
  beforeAll(async () => {
    fake = await startFakeModel();
    config = {
      apiUrl: fake.url,
      apiKey: 'sk-test-key',
      model: 'fake-model',
      timeoutMs: 2000,
      perMinute: 100,
    };
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.reply = (_req, res) => sendJson(res, 200, chatCompletion('{"titles":["比亚迪汉L冬季续航实测"]}'));
  });

  it('POSTs {url}/chat/completions with the Bearer key, the model and the messages; reads the titles', async () => {
    const result = await requestModelTitles(config, input);
    expect(result).toEqual({ ok: true, titles: [{ text: '比亚迪汉L冬季续航实测', pattern: 'other' }] });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-key');
    expect(req.headers['content-type']).toBe('application/json');
    const body = req.body as {
      model: string;
      messages: { role: string; content: string }[];
      temperature: number;
    };
    expect(body.model).toBe('fake-model');
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    // the system message states the platform's title rules and the answer's form
    expect(body.messages[0]!.content).toContain('6–30');
    expect(body.messages[0]!.content).toContain('{"titles"');
    // the user message carries the work, its text bounded
    const user = body.messages[1]!.content;
    for (const part of ['作品类型：视频', '冬季续航', '汉L续航', '比亚迪 汉L', '续航、掉电'])
      expect(user).toContain(part);
    expect(user.length).toBeLessThan(MODEL_TEXT_MAX + 300);
  });

  it('writes the request in English for an English text', async () => {
    await requestModelTitles(config, { ...input, language: 'en-US' });
    const body = fake.requests[0]!.body as { messages: { content: string }[] };
    expect(body.messages[0]!.content).toMatch(/^You are a senior editor/);
  });

  it('reads content given as text parts', async () => {
    fake.reply = (_req, res) =>
      sendJson(res, 200, {
        choices: [{ message: { content: [{ type: 'text', text: '{"titles":["分段的标题内容"]}' }] } }],
      });
    expect(await requestModelTitles(config, input)).toMatchObject({
      ok: true,
      titles: [{ text: '分段的标题内容' }],
    });
  });

  it('names each failure: HTTP status, an answer that is no chat completion, no titles, a timeout, no server', async () => {
    fake.reply = (_req, res) => sendJson(res, 429, { error: { message: 'rate limited' } });
    expect(await requestModelTitles(config, input)).toMatchObject({
      ok: false,
      reason: { code: 'ASSISTANT_MODEL_HTTP', params: { status: 429 } },
    });

    fake.reply = (_req, res) => sendJson(res, 200, { hello: 'world' });
    expect(await requestModelTitles(config, input)).toMatchObject({
      ok: false,
      reason: { code: 'ASSISTANT_MODEL_UNREADABLE' },
    });

    fake.reply = (_req, res) => sendJson(res, 200, chatCompletion('   '));
    expect(await requestModelTitles(config, input)).toMatchObject({
      ok: false,
      reason: { code: 'ASSISTANT_MODEL_UNREADABLE' },
    });

    fake.reply = () => new Promise<void>(() => undefined); // never answers
    const started = Date.now();
    expect(await requestModelTitles({ ...config, timeoutMs: 300 }, input)).toMatchObject({
      ok: false,
      reason: { code: 'ASSISTANT_MODEL_TIMEOUT', params: { seconds: 0.3 } },
    });
    expect(Date.now() - started).toBeLessThan(2000);

    expect(await requestModelTitles({ ...config, apiUrl: 'http://127.0.0.1:1/v1' }, input)).toMatchObject({
      ok: false,
      reason: { code: 'ASSISTANT_MODEL_UNREACHABLE' },
    });
  });
});
