import { UPLOAD_ERROR_MESSAGES, type UploadErrorCode } from '@cc/contracts';

/**
 * The uploader's user-facing text as i18n keys with both languages (spec §5 hint, spec §8 errors).
 * en-US keeps the spec's English word for word; zh-CN is the Chinese original. The page registers
 * `uploadMessages[lang]` under the `upload` key of its translation resources, e.g.
 * `i18n.addResourceBundle(lang, 'translation', uploadMessages[lang], true, false)`.
 */
export const uploadMessageKeys = {
  hint: 'upload.hint',
  error: {
    tokenFailed: 'upload.error.tokenFailed',
    badFormat: 'upload.error.badFormat',
    tooLarge: 'upload.error.tooLarge',
    shardsFailed: 'upload.error.shardsFailed',
    mergeFailed: 'upload.error.mergeFailed',
  } satisfies Record<UploadErrorCode, string>,
} as const;

export interface UploadMessages {
  upload: {
    /** the drop area's hint (spec §5) */
    hint: string;
    error: Record<UploadErrorCode, string>;
  };
}

const enUS: UploadMessages = {
  upload: {
    hint: 'Suggested ratio 16:9, resolution at least 1920*1080, size at most 30G; MP4, FLV, MOV and other formats are supported',
    error: { ...UPLOAD_ERROR_MESSAGES },
  },
};

const zhCN: UploadMessages = {
  upload: {
    hint: '建议视频比例16:9，分辨率不低于1920*1080，大小不超过30G，支持MP4、FLV、MOV等格式',
    error: {
      tokenFailed: '网络错误',
      badFormat: '视频格式错误，上传失败',
      tooLarge: '上传视频大小不能超过30G!',
      shardsFailed: '上传失败，接口或网络错误',
      mergeFailed: '合并失败，请重新上传',
    },
  },
};

export const uploadMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
export type UploadLanguage = keyof typeof uploadMessages;

/** The text of an upload error in a language (without i18next, e.g. for logs or tests). */
export function uploadErrorText(code: UploadErrorCode, lang: UploadLanguage): string {
  return uploadMessages[lang].upload.error[code];
}
