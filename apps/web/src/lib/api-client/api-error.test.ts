import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorText, ercdText } from './api-error';
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
