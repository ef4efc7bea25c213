import type { TopicItem } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { createArticle } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';

// Issue #10 "Topics": the shipped list (migration 0010), named in the request's language, searchable, with the
// author's own count; works may carry only a real topic.
const t = useTestApp();
const EN = { headers: { 'accept-language': 'en-US' } };

describe('GET /api/topic/list', () => {
  it('lists the shipped topics in order, in the request language, with my works per topic (not others’, not deleted)', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const zh = await t.get<TopicItem[]>('/api/topic/list', {}, a);
    expect(zh.data.length).toBeGreaterThanOrEqual(12);
    expect(zh.data[0]!.name).toBe('新车上市');
    const ev = zh.data.find((x) => x.name === '新能源')!;
    await createArticle(t.db, a.userId, { topicId: ev.id, status: 'published' });
    await createArticle(t.db, a.userId, { topicId: ev.id, status: 'deleted' });
    await createArticle(t.db, b.userId, { topicId: ev.id, status: 'published' });
    const en = await t.get<TopicItem[]>('/api/topic/list', {}, a, EN);
    const evEn = en.data.find((x) => x.id === ev.id)!;
    expect(evEn).toMatchObject({ name: 'New energy', myWorkCount: 1 });
    expect(en.data.find((x) => x.id !== ev.id && x.myWorkCount !== 0)).toBeUndefined();
  });

  it('filters by keyword in either language', async () => {
    const a = await t.signIn();
    expect(
      (await t.get<TopicItem[]>('/api/topic/list', { keyword: '能源' }, a)).data.map((x) => x.name),
    ).toEqual(['新能源']);
    expect(
      (await t.get<TopicItem[]>('/api/topic/list', { keyword: 'motor' }, a, EN)).data.map((x) => x.name),
    ).toEqual(['Motorsport', 'Motor shows']);
    expect((await t.get<TopicItem[]>('/api/topic/list', { keyword: '100%' }, a)).data).toEqual([]);
  });

  it('content/list filters by topicId', async () => {
    const a = await t.signIn();
    const [first] = (await t.get<TopicItem[]>('/api/topic/list', {}, a)).data;
    const tagged = await createArticle(t.db, a.userId, { topicId: first!.id });
    await createArticle(t.db, a.userId);
    const list = await t.get<{ list: { id: number }[] }>('/api/content/list', { topicId: first!.id }, a);
    expect(list.data.list.map((i) => i.id)).toEqual([tagged.id]);
  });
});
