import { renderMessage } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contents, messages } from '../../db/schema/index.js';
import { createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { publishArticle, reviewArticle } from './content.service.js';
import { findProhibitedWord, SENSITIVE_WORDS } from '../moderation/moderation.service.js';

const t = useTestApp();

const param = {
  title: '一篇关于事务的测试文章',
  content: '<p>正文内容足够长，满足十个字。</p>',
  coverUrls: ['/media/img/1x1/a.png'],
  publishType: 1 as const,
};

describe('publishArticle transaction', () => {
  it('leaves no content row and no message when a later step fails', async () => {
    const user = await createUser(t.db, t.config);
    const failing = async () => {
      throw new Error('message store down');
    };
    await expect(publishArticle(t.db, user.id, param, { sendMessage: failing })).rejects.toThrow(
      'message store down',
    );
    expect(await t.db.select().from(contents).where(eq(contents.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(messages).where(eq(messages.userId, user.id))).toHaveLength(0);
  });

  it('an update that fails leaves the old row as it was', async () => {
    const user = await createUser(t.db, t.config);
    const draft = await publishArticle(t.db, user.id, { ...param, publishType: 0 });
    await expect(
      publishArticle(
        t.db,
        user.id,
        { ...param, id: draft.id, title: '改过之后的新标题文字' },
        { sendMessage: async () => Promise.reject(new Error('boom')) },
      ),
    ).rejects.toThrow('boom');
    const [row] = await t.db.select().from(contents).where(eq(contents.id, draft.id));
    expect(row).toMatchObject({ status: 'draft', title: param.title });
  });
});

describe('review', () => {
  it('rejects each listed word with its rule, case-insensitively', () => {
    for (const entry of SENSITIVE_WORDS) {
      const result = reviewArticle(
        '一个正常的标题文字',
        `<p>正文里面有${entry.word.toUpperCase()}这样的词语</p>`,
      );
      expect(result).toMatchObject({
        status: 'rejected',
        rule: 'SENSITIVE_WORD',
        reason: { code: 'REVIEW_SENSITIVE_WORD', params: { word: entry.word, rule: { code: entry.rule } } },
      });
      // the reason reads in both languages (issue #9)
      expect(renderMessage(result.reason!, 'zh-CN')).toMatch(/^包含违禁词：/);
      expect(renderMessage(result.reason!, 'en-US')).toMatch(/^contains a prohibited word: /);
    }
  });

  it('passes clean text and refuses a body that sanitizing shrank below the rule', () => {
    expect(reviewArticle('一个正常的标题文字', '<p>一段干净的正文内容。</p>')).toEqual({
      status: 'published',
      reason: null,
      rule: null,
    });
    expect(reviewArticle('一个正常的标题文字', '<p>短</p>')).toMatchObject({
      status: 'rejected',
      rule: 'BODY_LENGTH',
    });
    expect(findProhibitedWord('nothing to see')).toBeNull();
  });
});
