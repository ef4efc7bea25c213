import { describe, expect, it } from 'vitest';
import { contentListParamSchema, publishArticleParamSchema } from './schemas.js';

describe('publishArticleParamSchema', () => {
  const good = {
    title: '新车试驾体验分享',
    content: '<p>这是一篇足够长的正文内容。</p>',
    coverUrls: ['/media/img/0x0/a.jpg'],
    publishType: 1,
  };
  it('accepts a valid article', () => {
    expect(publishArticleParamSchema.safeParse(good).success).toBe(true);
  });
  it('applies title and body rules when publishing, with field paths', () => {
    const r = publishArticleParamSchema.safeParse({ ...good, title: '短', content: '<p>短</p>' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['title', 'content']);
  });
  it('requires a cover to publish but not for a draft', () => {
    expect(publishArticleParamSchema.safeParse({ ...good, coverUrls: [] }).success).toBe(false);
    expect(
      publishArticleParamSchema.safeParse({ ...good, coverUrls: [], content: '', publishType: 0 }).success,
    ).toBe(true);
  });
  it('refuses covers that are not our media', () => {
    expect(publishArticleParamSchema.safeParse({ ...good, coverUrls: ['javascript:alert(1)'] }).success).toBe(
      false,
    );
  });
});

describe('pagination (API.md §3)', () => {
  it('defaults page 1 / 20 and caps pageSize at 100', () => {
    expect(contentListParamSchema.parse({})).toMatchObject({ page: 1, pageSize: 20 });
    expect(contentListParamSchema.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(contentListParamSchema.safeParse({ page: 0 }).success).toBe(false);
  });
});
