import { describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n';
import { UploadError } from '../lib/api-client';
import { uploadFailureText } from './image-upload';

const i18n = initI18n('en-US');

describe('uploadFailureText (issue #8 item 6)', () => {
  const t = i18n.t.bind(i18n) as (key: string, opts?: Record<string, unknown>) => string;
  const exists = i18n.exists.bind(i18n);
  it.each(['zh-CN', 'en-US'])('shows the refusal of a decompression bomb in %s', async (lng) => {
    await i18n.changeLanguage(lng);
    const e = new UploadError(
      'image must be at most 50 megapixels',
      413,
      '/fileservice/image',
      'IMAGE_TOO_MANY_PIXELS',
    );
    const text = uploadFailureText(e, t, exists);
    expect(text).toBe(t('errors.IMAGE_TOO_MANY_PIXELS'));
    expect(text).not.toContain('errors.');
    expect(text).toMatch(lng === 'zh-CN' ? /像素/ : /megapixels/);
  });
  it('falls back to the message for an unknown ercd', async () => {
    await i18n.changeLanguage('en-US');
    const e = new UploadError('boom', 500, '/fileservice/image', 'SOMETHING_NEW');
    expect(uploadFailureText(e, t, exists)).toBe('Upload failed: boom');
  });
});
