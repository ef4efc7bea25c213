import { App, Progress, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, type ImageUploadResult } from '@cc/contracts';
import { ercdText, uploadImage } from '../lib/api-client';

/** Unwraps the file service's envelope (API.md §8) from uploadImage's parsed body. */
export function toUploadResult(body: unknown): ImageUploadResult {
  if (body && typeof body === 'object' && 'status' in body) {
    const env = body as { status: number; message?: string; data?: ImageUploadResult };
    if (env.status !== 1 || !env.data) throw new Error(env.message || 'upload failed');
    return env.data;
  }
  if (body && typeof body === 'object' && 'url' in body) return body as ImageUploadResult;
  throw new Error(typeof body === 'string' && body ? body : 'upload failed');
}

/**
 * The text of a failed image upload: the translation of the server's refusal (`errors.<ercd>`, e.g.
 * IMAGE_TOO_MANY_PIXELS, issue #8 item 6) when there is one, else "Upload failed: <message>".
 */
export function uploadFailureText(
  e: unknown,
  t: (key: string, opts?: Record<string, unknown>) => string,
  exists: (key: string) => boolean,
): string {
  return (
    ercdText(e, t, exists) ??
    t('article.uploadFailed', { message: e instanceof Error ? e.message : String(e) })
  );
}

/** Checks a chosen file against API.md §8 (JPEG, PNG, GIF, WebP; at most 20 MiB); returns the i18n key of the problem. */
export function checkImageFile(file: {
  type: string;
  size: number;
}): 'article.badFormat' | 'article.tooLarge' | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'article.badFormat';
  if (file.size > MAX_IMAGE_BYTES) return 'article.tooLarge';
  return null;
}

export interface ImageUploadProps {
  /** called with the stored image after a successful upload */
  onUploaded: (result: ImageUploadResult) => void;
  /** runs before the upload, e.g. the crop dialog; resolving null cancels */
  transform?: (file: File) => Promise<File | null>;
  /** extra form fields */
  data?: Record<string, string | number>;
  /** where the image goes (default `/fileservice/image`; certification photos: `/fileservice/private_image`) */
  action?: string;
  children?: ReactNode;
  /** drop-area style (spec §2: 384 × 234) or a plain trigger */
  variant?: 'area' | 'button';
  disabled?: boolean;
}

/**
 * The generic image upload widget (spec §7, API.md §8): validates type and size before sending, runs
 * an optional transform (crop), uploads with uploadImage and shows the progress in percent.
 */
export function ImageUpload({
  onUploaded,
  transform,
  data,
  action,
  children,
  variant = 'area',
  disabled,
}: ImageUploadProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);

  const handleFile = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      void message.error(t(problem));
      return;
    }
    const ready = transform ? await transform(file) : file;
    if (!ready) return;
    setPercent(0);
    try {
      const body = await uploadImage({ file: ready, data, action, onProgress: setPercent });
      onUploaded(toUploadResult(body));
    } catch (e) {
      void message.error(uploadFailureText(e, t, i18n.exists.bind(i18n)));
    } finally {
      setPercent(null);
    }
  };

  const props = {
    accept: IMAGE_MIME_TYPES.join(','),
    showUploadList: false,
    multiple: false,
    disabled: disabled || percent !== null,
    beforeUpload: (file: File) => {
      void handleFile(file);
      return Upload.LIST_IGNORE;
    },
  };

  const progress =
    percent !== null ? (
      <div role="status" aria-live="polite" style={{ marginTop: 8 }}>
        <Progress percent={percent} size="small" />
        <span className="cc-tabular" style={{ fontSize: 12 }}>
          {t('article.uploading', { percent })}
        </span>
      </div>
    ) : null;

  if (variant === 'button') {
    return (
      <>
        <Upload {...props}>{children}</Upload>
        {progress}
      </>
    );
  }
  return (
    <div className="cc-upload-area">
      <Upload.Dragger {...props} style={{ padding: 8 }}>
        {children ?? (
          <>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('upload.drop')}</p>
            <p className="ant-upload-hint">{t('upload.formats')}</p>
          </>
        )}
      </Upload.Dragger>
      {progress}
    </div>
  );
}
