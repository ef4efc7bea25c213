import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';

// Issue #9: an AppError carries a catalog message (packages/contracts server-messages.ts) and renders in the
// request's language; a throw without a catalog text does not compile (`tsc -p apps/server`, run by CI, checks
// the @ts-expect-error lines below: each must still be an error).
describe('AppError', () => {
  it('renders its message and field errors in either language; Error.message is the English, for logs', () => {
    const e = AppError.validation([
      { path: 'title', code: 'TITLE_LENGTH', params: { min: 6, max: 30 } },
      { path: 'pageSize', code: 'FIELD_TOO_BIG', params: { max: 100 } },
    ]);
    expect(e.message).toBe('title must be 6-30 characters');
    expect(e.messageIn('zh-CN')).toBe('标题需为 6–30 个字（汉字算 1 个，字母数字算半个）');
    expect(e.messageRef.code).toBe('TITLE_LENGTH');
    // issue #11: a field whose rule is in the rule centre carries its reference, and so does `data` for the first
    expect(e.dataIn('en-US')).toEqual({
      fields: [
        {
          path: 'title',
          code: 'TITLE_LENGTH',
          message: 'title must be 6-30 characters',
          ruleRef: 'publish-titles#length',
        },
        { path: 'pageSize', code: 'FIELD_TOO_BIG', message: 'must be at most 100' },
      ],
      ruleRef: 'publish-titles#length',
    });
    expect(new AppError('FORBIDDEN', 'DYNAMIC_NOT_ALLOWED').dataIn('en-US')).toEqual({
      ruleRef: 'publish-works#dynamics',
    });
    expect(new AppError('FORBIDDEN', 'OPERATOR_ONLY').dataIn('en-US')).toBeNull();
    const missing = new AppError(
      'FAILED',
      { code: 'SHARDS_MISSING', params: { missing: 2, total: 5 } },
      {
        ercd: 'SHARDS_MISSING',
        data: { missing: [3, 4], missingCount: 2, truncated: false },
      },
    );
    expect(missing.messageIn('zh-CN')).toBe('共 5 个分片，缺少 2 个，请补传后再合并');
    expect(missing.dataIn('zh-CN')).toEqual({ missing: [3, 4], missingCount: 2, truncated: false });
  });

  it('takes catalog codes only, with every param of the template (compile time; run time where it can)', () => {
    const make = {
      plain: () => new AppError('FAILED', 'ACCOUNT_TAKEN'),
      withParams: () => new AppError('FAILED', { code: 'DRAFT_QUOTA', params: { max: 500 } }),
      // @ts-expect-error a free text is not a catalog message (the class issue #9 closes)
      freeText: () => new AppError('FAILED', 'this account is already taken'),
      // @ts-expect-error a code whose template has {{max}} needs it
      noParams: () => new AppError('FAILED', 'DRAFT_QUOTA'),
      // @ts-expect-error params must be those of the template
      otherParams: () => new AppError('FAILED', { code: 'DRAFT_QUOTA', params: { limit: 500 } }),
      // @ts-expect-error a field error is a code too, not a message
      fieldText: () => AppError.validation([{ path: 'file', message: 'file is empty' }]),
    };
    expect(make.plain().messageIn('en-US')).toBe('this account is already taken');
    expect(make.withParams().messageIn('zh-CN')).toBe('草稿最多 500 篇，请先发布或删除一些');
    // what the compiler refuses would, at run time, fail or show its placeholder
    expect(make.freeText).toThrow();
    expect(make.fieldText).toThrow();
    expect(make.noParams().message).toContain('{{max}}');
    expect(make.otherParams().message).toContain('{{max}}');
  });
});
