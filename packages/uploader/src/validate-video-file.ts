import {
  MAX_VIDEO_BYTES,
  UPLOAD_ERROR_MESSAGES,
  VIDEO_EXTENSIONS,
  VIDEO_MIME_TYPES,
  fileExtension,
  type UploadErrorCode,
} from '@cc/contracts';

/** MIME types that say nothing about the content: the extension decides alone. */
const GENERIC_MIME_TYPES = new Set(['', 'application/octet-stream']);

/** The file facts validation needs (a `File` has them). */
export type VideoFileLike = Pick<File, 'name' | 'size' | 'type'>;

/**
 * Why a chosen file cannot be uploaded, as an error code; null when it can (spec §5).
 * Rules, in order:
 * - `badFormat`: the extension is not one of VIDEO_EXTENSIONS (mp4, rm, rmvb, wmv, avi, dat, asf, ra,
 *   mpeg, mpg, 3gp, mov, flv; any case), or the browser reports a specific MIME type that is not one of
 *   VIDEO_MIME_TYPES (an empty type or `application/octet-stream` is not held against the file), or the
 *   file is empty (0 bytes is no video of any format);
 * - `tooLarge`: more than MAX_VIDEO_BYTES (30 GiB = 32,212,254,720 bytes; exactly 30 GiB is accepted).
 */
export function checkVideoFile(file: VideoFileLike): UploadErrorCode | null {
  const ext = fileExtension(file.name);
  if (!(VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'badFormat';
  const mime = (file.type ?? '').toLowerCase().split(';')[0]!.trim();
  if (!GENERIC_MIME_TYPES.has(mime) && !(VIDEO_MIME_TYPES as readonly string[]).includes(mime))
    return 'badFormat';
  if (file.size <= 0) return 'badFormat';
  if (file.size > MAX_VIDEO_BYTES) return 'tooLarge';
  return null;
}

/**
 * Validates a chosen video file before anything is sent (spec §5, §8).
 * @returns null when the file may be uploaded, else the spec's message word for word:
 *   'video format is wrong, upload failed' or 'uploaded video size cannot exceed 30G!'
 *   (translations: `uploadMessages`, keys `uploadMessageKeys.error`).
 */
export function validateVideoFile(file: VideoFileLike): string | null {
  const code = checkVideoFile(file);
  return code ? UPLOAD_ERROR_MESSAGES[code] : null;
}
