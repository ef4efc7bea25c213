import type { AssistantCheckParam } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { checkWork, clickbaitFindings } from './assistant.check.js';

// Issue #14 "a check before publishing (title length rule, sensitive words, clickbait patterns, cover rules)": the
// pure rules. The route test (assistant.routes.test.ts) covers the call, both languages and the rule links.

const codes = (title: string) => clickbaitFindings(title).map((f) => f.code);
const BODY = '这是一段足够长的正文内容，介绍比亚迪汉L的续航和底盘表现。';
const check = (p: Partial<AssistantCheckParam>, lang: 'zh-CN' | 'en-US' = 'zh-CN') => {
  const param: AssistantCheckParam = { title: '比亚迪汉L冬季续航实测', text: BODY, type: 'article', ...p };
  return checkWork(param, param.text, lang);
};

describe('clickbait patterns (publish-titles#clickbait, #symbols)', () => {
  it.each([
    ['震惊！比亚迪汉L续航竟然这样', 'ASSISTANT_CLICKBAIT_SHOCK', '震惊'],
    ['4S店都慌了：汉L降价', 'ASSISTANT_CLICKBAIT_SHOCK', '慌了'],
    ['Shocking range test of the Han L', 'ASSISTANT_CLICKBAIT_SHOCK', 'Shocking'],
    ['速看：汉L冬季续航实测结果', 'ASSISTANT_CLICKBAIT_URGENCY', '速看'],
    ['汉L车主必看的保养清单', 'ASSISTANT_CLICKBAIT_URGENCY', '必看'],
    ['不看后悔：汉L冬季续航实测', 'ASSISTANT_CLICKBAIT_REGRET', '不看后悔'],
    ['千万别买！车主血泪教训', 'ASSISTANT_CLICKBAIT_REGRET', '千万别买'],
    ['续航碾压一切对手的汉L', 'ASSISTANT_CLICKBAIT_ABSOLUTE', '碾压'],
    ['史上最省油的混动轿车', 'ASSISTANT_CLICKBAIT_ABSOLUTE', '史上最'],
    ['这台车的致命缺点，车主都不知道……', 'ASSISTANT_CLICKBAIT_SUSPENSE', '……'],
    ['The truth about the Han L...', 'ASSISTANT_CLICKBAIT_SUSPENSE', '...'],
    ['【必看】汉L冬季续航实测', 'ASSISTANT_CLICKBAIT_BRACKETS', '【必看】'],
    ['【干货】【独家】汉L冬季续航', 'ASSISTANT_CLICKBAIT_BRACKETS', '【干货】【独家】'],
  ])('%s → %s', (title, code, match) => {
    const found = clickbaitFindings(title).find((f) => f.code === code);
    expect(found).toEqual({ code, params: { match } });
  });

  it('counts exclamation and question marks, half and full width: more than one warns', () => {
    expect(codes('汉L的续航怎么样？')).toEqual([]);
    expect(clickbaitFindings('汉L续航怎么样？？')).toContainEqual({
      code: 'ASSISTANT_CLICKBAIT_MARKS',
      params: { count: 2 },
    });
    expect(clickbaitFindings('Really? The Han L range!')).toContainEqual({
      code: 'ASSISTANT_CLICKBAIT_MARKS',
      params: { count: 2 },
    });
  });

  it('warns about words in capitals, but not catalogue names written so (SU7, PLUS, BMW) nor common abbreviations', () => {
    expect(clickbaitFindings('AMAZING 汉L冬季续航实测')).toContainEqual({
      code: 'ASSISTANT_CLICKBAIT_ALL_CAPS',
      params: { match: 'AMAZING' },
    });
    // the catalogue writes `Ultra`: capitals for attention are not the brand's spelling
    expect(codes('小米SU7 ULTRA赛道实测')).toContain('ASSISTANT_CLICKBAIT_ALL_CAPS');
    expect(codes('宋PLUS DM-i和BMW X3的SUV对比，CLTC续航')).toEqual([]);
  });

  it('leaves a plain, informative title alone (the rule centre’s own good examples)', () => {
    for (const title of [
      '比亚迪汉L上市：20万级中大型轿车格局会怎么变',
      '宋PLUS DM-i 车主一年用车记录：三个没想到的问题',
      '零下30度冷启动：三款纯电SUV续航实测对比',
    ])
      expect(codes(title), title).toEqual([]);
  });
});

describe('checkWork', () => {
  it('passes a good article', () => {
    expect(check({ coverCount: 1 })).toEqual({ ok: true, issues: [] });
  });

  it('applies the title rule (an error) but not to a dynamic, whose title is its text', () => {
    const { ok, issues } = check({ title: '汉L' });
    expect(ok).toBe(false);
    expect(issues[0]).toMatchObject({
      severity: 'error',
      field: 'title',
      code: 'TITLE_LENGTH',
      ruleRef: 'publish-titles#length',
    });
    expect(check({ title: '', type: 'dynamic', text: '今天提了新车' }).issues).toEqual([]);
  });

  it('applies the body rule to articles and the 1–2000 rule to dynamics', () => {
    expect(check({ text: '太短了' }).issues[0]).toMatchObject({ code: 'BODY_LENGTH', field: 'text' });
    expect(check({ type: 'video', text: '' }).issues).toEqual([]);
    expect(check({ type: 'dynamic', title: '', text: '  ' }).issues[0]).toMatchObject({
      code: 'DYNAMIC_TEXT_LENGTH',
      severity: 'error',
    });
  });

  it('looks for clickbait in the first 30 characters of a dynamic', () => {
    const { issues } = check({ type: 'dynamic', title: '', text: '震惊！今天提了新车，和大家聊聊用车感受' });
    expect(issues).toContainEqual(
      expect.objectContaining({ code: 'ASSISTANT_CLICKBAIT_SHOCK', field: 'text' }),
    );
  });

  it('puts errors first, then warnings, each in title, text, covers order', () => {
    const { issues } = check({
      title: '震惊！赌博',
      text: '正文里有加微信这样的词，需要人工审核。',
      coverCount: 0,
    });
    expect(issues.map((i) => `${i.severity}:${i.field}:${i.code}`)).toEqual([
      'error:title:TITLE_LENGTH',
      'error:title:REVIEW_SENSITIVE_WORD',
      'error:covers:COVER_REQUIRED',
      'warning:title:ASSISTANT_CLICKBAIT_SHOCK',
      'warning:text:REVIEW_HELD_WORD',
    ]);
  });

  describe('covers (publish-covers#count, #size-aspect, #size-files)', () => {
    const coverCodes = (p: Partial<AssistantCheckParam>) =>
      check(p)
        .issues.filter((i) => i.field === 'covers')
        .map((i) => `${i.severity}:${i.code}`);

    it('needs 1–3 covers on an article and exactly one on a live show; none is fine on a video (its frame)', () => {
      expect(coverCodes({ coverCount: 0 })).toEqual(['error:COVER_REQUIRED']);
      expect(coverCodes({ coverCount: 3 })).toEqual([]);
      expect(coverCodes({ coverCount: 4 })).toEqual(['error:ASSISTANT_COVER_TOO_MANY']);
      expect(coverCodes({ type: 'live', coverCount: 0 })).toEqual(['error:COVER_REQUIRED']);
      expect(coverCodes({ type: 'video', coverCount: 0 })).toEqual([]);
      expect(coverCodes({ type: 'video', coverCount: 2 })).toEqual(['error:ASSISTANT_COVER_TOO_MANY']);
      expect(coverCodes({ type: 'dynamic', title: '', coverCount: 1 })).toEqual([
        'warning:ASSISTANT_COVER_NONE',
      ]);
      expect(coverCodes({})).toEqual([]); // nothing said about covers: nothing checked
    });

    it('counts the sizes given when no count is', () => {
      expect(coverCodes({ coverSizes: [] })).toEqual(['error:COVER_REQUIRED']);
    });

    it('warns about a cover that will be cropped or is small, and refuses one over 50 megapixels', () => {
      const { issues } = check({
        type: 'video',
        coverSizes: [{ width: 1280, height: 720 }],
      });
      expect(issues).toEqual([]);
      expect(coverCodes({ type: 'video', coverSizes: [{ width: 1000, height: 1000 }] })).toEqual([
        'warning:ASSISTANT_COVER_ASPECT',
      ]);
      expect(
        coverCodes({
          coverSizes: [
            { width: 800, height: 600 },
            { width: 600, height: 800 },
          ],
        }),
      ).toEqual(['warning:ASSISTANT_COVER_SMALL', 'warning:ASSISTANT_COVER_SMALL']);
      expect(coverCodes({ coverSizes: [{ width: 10_000, height: 6_000 }] })).toEqual([
        'error:ASSISTANT_COVER_TOO_MANY_PIXELS',
      ]);
      const aspect = check({ type: 'video', coverSizes: [{ width: 1000, height: 1000 }] }, 'en-US')
        .issues[0]!;
      expect(aspect).toEqual({
        severity: 'warning',
        code: 'ASSISTANT_COVER_ASPECT',
        field: 'covers',
        message: 'cover 1 is 1000×1000 and will be cropped to 16:9',
        ruleRef: 'publish-covers#size-aspect',
      });
    });
  });
});
