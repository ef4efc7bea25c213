import { afterEach, describe, expect, it } from 'vitest';
import { BODY_MARKUP_MAX } from '@cc/contracts';
import { setLanguage } from '../../lib/i18n';
import { validateArticle } from './rules';

// Issue #9: the schema's refusals without a rule code of their own (a foreign cover, an over-long body) read in
// the UI language — the catalog's text — never as the schema's code or in English only.
const param = {
  title: '一篇关于新能源汽车的文章',
  content: '<p>这是一段正文，长度足够十个字。</p>',
  coverUrls: ['/media/img/400x300/covers/a.jpg'],
  publishType: 1 as const,
};

afterEach(async () => {
  await setLanguage('zh-CN');
});

describe('validateArticle', () => {
  it('names a foreign cover in the UI language', async () => {
    const bad = validateArticle({ ...param, coverUrls: ['https://evil.example/x.jpg'] });
    expect(bad).toEqual({
      ok: false,
      // the rule it applies (issue #11): a link beside the error
      errors: { coverUrls: { message: '封面必须是在本站上传的图片', ruleRef: 'publish-covers#copyright' } },
    });
    await setLanguage('en-US');
    expect(validateArticle({ ...param, coverUrls: ['https://evil.example/x.jpg'] })).toEqual({
      ok: false,
      errors: {
        coverUrls: { message: 'cover must be an image uploaded here', ruleRef: 'publish-covers#copyright' },
      },
    });
  });

  it('keeps the rule code of the title and body rules (the form has its own texts for them)', () => {
    const res = validateArticle({ ...param, title: '短', content: `<p>${'a'.repeat(BODY_MARKUP_MAX)}</p>` });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors.title?.rule).toBe('TITLE_LENGTH');
    expect(res.errors.content?.message).toBe(`正文的 HTML 最多 ${BODY_MARKUP_MAX} 个字符`);
  });
});
