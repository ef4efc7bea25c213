import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorText, ercdText, ruleRefOf } from './api-error';
import { UploadError } from './upload';

// One mapping from a refusal's ercd to the user's language (issue #8): calls, uploads and forms use it.
const texts: Record<string, string> = {
  'errors.WEAK_PASSWORD': '密码太容易被猜到',
  'errors.IMAGE_BUSY': '图片处理繁忙',
};
const t = (key: string) => texts[key] ?? key;
const exists = (key: string) => key in texts;

describe('ercdText', () => {
  it('translates the ercd of an ApiError and of an UploadError', () => {
    expect(ercdText(new ApiError(10007, 'too weak', 'WEAK_PASSWORD'), t, exists)).toBe('密码太容易被猜到');
    expect(ercdText(new UploadError('busy', 429, '/fileservice/image', 'IMAGE_BUSY'), t, exists)).toBe(
      '图片处理繁忙',
    );
  });
  it('is null without an ercd, for an ercd without a text, and for anything not an error', () => {
    expect(ercdText(new ApiError(0, 'no'), t, exists)).toBeNull();
    expect(ercdText(new ApiError(0, 'no', 'SOMETHING_ELSE'), t, exists)).toBeNull();
    expect(ercdText({ ercd: 'WEAK_PASSWORD' }, t, exists)).toBeNull();
    expect(ercdText(null, t, exists)).toBeNull();
  });
  it('apiErrorText falls back to the message', () => {
    expect(apiErrorText(new ApiError(0, 'server says no', 'OTHER'), t, exists)).toBe('server says no');
  });
});

describe('ruleRefOf (issue #11 "every refusal links to the rule it applies")', () => {
  const validation = new ApiError(10007, 'title must be 6-30 characters', 'VALIDATION_FAILED', {
    fields: [
      {
        path: 'title',
        message: 'title must be 6-30 characters',
        code: 'TITLE_LENGTH',
        ruleRef: 'publish-titles#length',
      },
      {
        path: 'images.2.url',
        message: 'not yours',
        code: 'IMAGE_NOT_YOURS',
        ruleRef: 'publish-works#images',
      },
      { path: 'topicId', message: 'no such topic', code: 'TOPIC_UNKNOWN' },
    ],
    ruleRef: 'publish-titles#length',
  });

  it('reads data.ruleRef of a refusal of the whole action (DYNAMIC_NOT_ALLOWED)', () => {
    const e = new ApiError(10005, 'dynamics are not open to you', 'FORBIDDEN', {
      ruleRef: 'publish-works#dynamics',
    });
    expect(ruleRefOf(e)).toBe('publish-works#dynamics');
  });

  it('reads the field’s ruleRef for a path: exact, a field inside it, or the field it is inside', () => {
    expect(ruleRefOf(validation, 'title')).toBe('publish-titles#length');
    expect(ruleRefOf(validation, 'images')).toBe('publish-works#images');
    expect(ruleRefOf(validation, 'images.2.url.x')).toBe('publish-works#images');
    expect(ruleRefOf(validation, 'topicId')).toBeUndefined();
    expect(ruleRefOf(validation, 'content')).toBeUndefined();
  });

  it('without a path: data.ruleRef, else the first field’s', () => {
    expect(ruleRefOf(validation)).toBe('publish-titles#length');
    const fieldsOnly = new ApiError(10007, 'x', 'VALIDATION_FAILED', {
      fields: [
        { path: 'topicId', message: 'no such topic' },
        { path: 'scheduledAt', message: 'too soon', ruleRef: 'publish-works#schedule' },
      ],
    });
    expect(ruleRefOf(fieldsOnly)).toBe('publish-works#schedule');
  });

  it('is undefined for a refusal without a rule, an empty reference, and anything not an ApiError', () => {
    expect(ruleRefOf(new ApiError(0, 'no'))).toBeUndefined();
    expect(ruleRefOf(new ApiError(0, 'no', 'FAILED', { ruleRef: '' }))).toBeUndefined();
    expect(ruleRefOf(new ApiError(0, 'no', 'FAILED', { ruleRef: 5 }))).toBeUndefined();
    expect(ruleRefOf(new Error('network'))).toBeUndefined();
    expect(ruleRefOf({ data: { ruleRef: 'publish-titles#length' } })).toBeUndefined();
    expect(ruleRefOf(null, 'title')).toBeUndefined();
  });
});
