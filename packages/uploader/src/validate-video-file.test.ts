import { describe, expect, it } from 'vitest';
import { GB, MAX_VIDEO_BYTES, MB } from '@cc/contracts';
import { shardCountFor, shardSizeFor } from './index';
import { uploadErrorText, uploadMessageKeys, uploadMessages } from './messages';
import { checkVideoFile, validateVideoFile } from './validate-video-file';

const f = (name: string, size = 10 * MB, type = '') => ({ name, size, type });

describe('validateVideoFile (spec §5)', () => {
  it.each(['mp4', 'rm', 'rmvb', 'wmv', 'avi', 'dat', 'asf', 'ra', 'mpeg', 'mpg', '3gp', 'mov', 'flv'])(
    'accepts .%s in any case, with no MIME type',
    (ext) => {
      expect(validateVideoFile(f(`clip.${ext}`))).toBeNull();
      expect(validateVideoFile(f(`CLIP.${ext.toUpperCase()}`))).toBeNull();
    },
  );

  it.each([
    ['a.mp4', 'video/mp4'],
    ['a.mov', 'video/quicktime'],
    ['a.flv', 'video/x-flv'],
    ['a.rmvb', 'application/vnd.rn-realmedia-vbr'],
    ['a.avi', 'video/x-msvideo'],
    ['a.3gp', 'video/3gpp'],
    ['a.mpg', 'video/mpeg'],
    ['a.wmv', 'video/x-ms-wmv'],
    ['a.ra', 'audio/x-pn-realaudio'],
    ['a.dat', 'application/octet-stream'],
  ])('accepts %s reported as %s', (name, type) => {
    expect(validateVideoFile(f(name, MB, type))).toBeNull();
  });

  it.each([
    ['notes.txt', ''],
    ['movie.mkv', 'video/x-matroska'],
    ['movie.webm', 'video/webm'],
    ['mp4', ''],
    ['movie.', ''],
    ['.mp4', ''],
    ['photo.mp4', 'image/png'],
    ['page.mov', 'text/html'],
  ])("refuses %s (%s) with 'video format is wrong, upload failed'", (name, type) => {
    expect(validateVideoFile(f(name, MB, type))).toBe('video format is wrong, upload failed');
  });

  it('refuses an empty file as a wrong format', () => {
    expect(checkVideoFile(f('a.mp4', 0))).toBe('badFormat');
  });

  it("accepts exactly 30 GB; one byte more → 'uploaded video size cannot exceed 30G!'", () => {
    expect(MAX_VIDEO_BYTES).toBe(30 * 1024 * 1024 * 1024);
    expect(validateVideoFile(f('big.mp4', MAX_VIDEO_BYTES))).toBeNull();
    expect(validateVideoFile(f('big.mp4', MAX_VIDEO_BYTES + 1))).toBe(
      'uploaded video size cannot exceed 30G!',
    );
  });

  it('checks the format before the size', () => {
    expect(checkVideoFile(f('big.mkv', MAX_VIDEO_BYTES + 1))).toBe('badFormat');
  });
});

describe('shardSizeFor (spec §9; MB = 1,048,576 bytes, "up to" inclusive)', () => {
  it.each([
    [1, MB],
    [500 * MB - 1, MB],
    [500 * MB, MB],
    [500 * MB + 1, 2 * MB],
    [800 * MB, 2 * MB],
    [800 * MB + 1, 5 * MB],
    [30 * GB, 5 * MB],
  ])('a file of %i bytes gets %i-byte shards', (size, shard) => {
    expect(shardSizeFor(size)).toBe(shard);
  });

  it('every shard but the last is full: shard counts at the edges', () => {
    expect(shardCountFor(MB)).toBe(1);
    expect(shardCountFor(MB + 1)).toBe(2);
    expect(shardCountFor(500 * MB)).toBe(500);
    expect(shardCountFor(500 * MB + 1)).toBe(251);
    expect(shardCountFor(30 * GB)).toBe(6144);
  });
});

describe('messages word for word, both languages (spec §5, §8)', () => {
  it('en-US keeps the spec English', () => {
    expect(uploadMessages['en-US'].upload.error).toEqual({
      tokenFailed: 'network error',
      badFormat: 'video format is wrong, upload failed',
      tooLarge: 'uploaded video size cannot exceed 30G!',
      shardsFailed: 'upload failed, interface or network error',
      mergeFailed: 'merge failed, please upload again',
    });
    expect(uploadMessages['en-US'].upload.hint).toBe(
      'Suggested ratio 16:9, resolution at least 1920*1080, size at most 30G; MP4, FLV, MOV and other formats are supported',
    );
  });

  it('zh-CN has the Chinese text', () => {
    expect(uploadMessages['zh-CN'].upload.error).toEqual({
      tokenFailed: '网络错误',
      badFormat: '视频格式错误，上传失败',
      tooLarge: '上传视频大小不能超过30G!',
      shardsFailed: '上传失败，接口或网络错误',
      mergeFailed: '合并失败，请重新上传',
    });
    expect(uploadMessages['zh-CN'].upload.hint).toBe(
      '建议视频比例16:9，分辨率不低于1920*1080，大小不超过30G，支持MP4、FLV、MOV等格式',
    );
  });

  it('every key resolves in both resource trees', () => {
    const lookup = (tree: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      expect(lookup(uploadMessages[lang], uploadMessageKeys.hint)).toBe(uploadMessages[lang].upload.hint);
      for (const [code, key] of Object.entries(uploadMessageKeys.error)) {
        expect(lookup(uploadMessages[lang], key)).toBe(
          uploadErrorText(code as keyof typeof uploadMessageKeys.error, lang),
        );
      }
    }
  });
});
