/**
 * The sharded video upload protocol (API.md §7, spec §3, §5, §8, §9), shared by the browser uploader and
 * the server's file service so both read the same field names, type list, shard-size table and messages.
 * Sizes in bytes.
 */
import SparkMD5 from 'spark-md5';
import { z } from 'zod';
import { MB } from './constants.js';
import { SERVER_MESSAGES } from './server-messages.js';

/** What an upload is for (API.md §7 `use`). */
export const UPLOAD_USES = ['video', 'smallVideo'] as const;
export type UploadUse = (typeof UPLOAD_USES)[number];

/**
 * The multipart fields of `POST /fileservice/moreShard`, in the order the client sends them (API.md §7,
 * spec §3). The file part `shard` comes last so a streaming parser has every field before the bytes.
 */
export const SHARD_FORM_FIELDS = [
  'shardIndex',
  'shardTotal',
  'name',
  'suffix',
  'use',
  'key',
  'coverName',
  'coverBase64',
  'size',
  'shardSize',
] as const;
export type ShardFormField = (typeof SHARD_FORM_FIELDS)[number];
/** The file part of a shard form. */
export const SHARD_FILE_FIELD = 'shard';
/** Header carrying the base64 MD5 of the shard bytes (API.md §7). */
export const CONTENT_MD5_HEADER = 'content-md5';
/** The client-made upload id: 32 lowercase hex characters (API.md §7 `key`). */
export const UPLOAD_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** File service paths (API.md §7). The token always travels in the query string as `token`. */
export const FILESERVICE_PATHS = {
  moreShard: '/fileservice/moreShard',
  merge: '/fileservice/merge',
  isExistLocalMergeFile: '/fileservice/isExistLocalMergeFile',
  upload: '/fileservice/upload',
} as const;

/** Shard-size table (spec §9): files up to 500 MB inclusive → 1 MB shards; up to 800 MB inclusive → 2 MB. */
export const SHARD_SIZE_TABLE = [
  { maxFileBytes: 500 * MB, shardSize: 1 * MB },
  { maxFileBytes: 800 * MB, shardSize: 2 * MB },
] as const;
/** Shard size of files above 800 MB (spec §9). */
export const SHARD_SIZE_LARGE = 5 * MB;

/**
 * Shard size for a file (spec §9, API.md §7): 1 MB for files of up to 500 MB, 2 MB up to 800 MB, 5 MB
 * above; MB = 1,048,576 bytes and "up to" is inclusive (a file of exactly 500 MB gets 1 MB shards).
 * @param fileBytes the whole file's size in bytes
 * @returns the shard size in bytes
 */
export function shardSizeFor(fileBytes: number): number {
  for (const row of SHARD_SIZE_TABLE) if (fileBytes <= row.maxFileBytes) return row.shardSize;
  return SHARD_SIZE_LARGE;
}

/** Number of shards of a file: every shard but the last is exactly `shardSize` bytes (API.md §7). */
export function shardCountFor(fileBytes: number, shardSize: number = shardSizeFor(fileBytes)): number {
  return Math.ceil(fileBytes / shardSize);
}

/**
 * Accepted video file extensions (spec §5: mp4, RealMedia rm/rmvb, wmv, avi, dat, asf, RealAudio ra,
 * mpeg/mpg, 3gpp 3gp, QuickTime mov, flv), lowercase, without the dot.
 */
export const VIDEO_EXTENSIONS = [
  'mp4',
  'rm',
  'rmvb',
  'wmv',
  'avi',
  'dat',
  'asf',
  'ra',
  'mpeg',
  'mpg',
  '3gp',
  'mov',
  'flv',
] as const;

/**
 * MIME types a browser may report for the accepted extensions. A file whose type is empty or the generic
 * `application/octet-stream` (browsers often report that for rmvb, dat, flv) is judged by its extension.
 */
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'application/vnd.rn-realmedia',
  'application/vnd.rn-realmedia-vbr',
  'video/vnd.rn-realvideo',
  'video/x-ms-wmv',
  'video/avi',
  'video/msvideo',
  'video/x-msvideo',
  'video/vnd.avi',
  'video/x-ms-asf',
  'application/vnd.ms-asf',
  'audio/x-pn-realaudio',
  'audio/vnd.rn-realaudio',
  'audio/x-realaudio',
  'video/mpeg',
  'video/x-mpeg',
  'video/3gpp',
  'audio/3gpp',
  'video/quicktime',
  'video/x-flv',
  'flv-application/octet-stream',
] as const;

/** The lowercase extension of a file name without the dot; '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The upload error messages of spec §8, word for word (they are the en-US text; the uploader has the zh-CN
 * translations). The server's refusals are the catalog's VIDEO_FORMAT_WRONG, VIDEO_TOO_LARGE and MERGE_FAILED
 * (server-messages.ts), whose en-US texts these are.
 */
export const UPLOAD_ERROR_MESSAGES = {
  /** obtaining the upload token failed */
  tokenFailed: 'network error',
  badFormat: SERVER_MESSAGES.VIDEO_FORMAT_WRONG['en-US'],
  tooLarge: SERVER_MESSAGES.VIDEO_TOO_LARGE['en-US'],
  /** after 15 consecutive shard failures */
  shardsFailed: 'upload failed, interface or network error',
  /** merge check timed out, the server said `failed`, or 10 quick checks failed */
  mergeFailed: SERVER_MESSAGES.MERGE_FAILED['en-US'],
} as const;
export type UploadErrorCode = keyof typeof UPLOAD_ERROR_MESSAGES;

/** `GET /api/video/get_upload_video_secret` (API.md §6). */
export const uploadVideoSecretSchema = z.strictObject({
  token: z.string().min(1),
  /** ISO 8601; the token is valid 24 h */
  expiresAt: z.iso.datetime(),
});
export type UploadVideoSecret = z.infer<typeof uploadVideoSecretSchema>;

/** `POST /fileservice/moreShard` → data (API.md §7). */
export const moreShardResultSchema = z.strictObject({
  fileUploadId: z.string(),
  shardIndex: z.int().min(1),
  /** distinct shards stored so far */
  received: z.int().min(0),
});
export type MoreShardResult = z.infer<typeof moreShardResultSchema>;

/** `POST /fileservice/merge` → data (API.md §7). */
export const mergeResultSchema = z.discriminatedUnion('merged', [
  z.strictObject({ merged: z.literal(true), fileKey: z.string(), url: z.string() }),
  z.strictObject({ merged: z.literal(false) }),
]);
export type MergeResult = z.infer<typeof mergeResultSchema>;

/** `data` of a merge refused with `ercd: "SHARDS_MISSING"` (API.md §7). */
export const shardsMissingDataSchema = z.strictObject({
  /** ascending; the server lists at most 1000 (see `missingCount`) */
  missing: z.array(z.int().min(1)),
  /** extension (docs/api.md "File service"): how many shards are missing in all */
  missingCount: z.int().min(0).optional(),
  /** extension: true when `missing` was cut to its first 1000 entries */
  truncated: z.boolean().optional(),
});
export type ShardsMissingData = z.infer<typeof shardsMissingDataSchema>;
export const SHARDS_MISSING_ERCD = 'SHARDS_MISSING';
export const CHECKSUM_MISMATCH_ERCD = 'CHECKSUM_MISMATCH';
/**
 * `DELETE /fileservice/upload` refused with 10008: a published, scheduled or under-review work plays this
 * upload, so its bytes are immutable (issue #8 item 1). Swap another upload into the work first.
 */
export const UPLOAD_IN_USE_ERCD = 'UPLOAD_IN_USE';
/** A new upload refused with 10008: the author already has `MAX_OPEN_UPLOADS` unmerged uploads (issue #8 item 10). */
export const TOO_MANY_OPEN_UPLOADS_ERCD = 'TOO_MANY_OPEN_UPLOADS';
/**
 * Unmerged uploads (state `uploading` or `merging`) one author may hold at once; the first shard of one more
 * is refused with `TOO_MANY_OPEN_UPLOADS` until one is merged, cancelled or expires (24 h). Issue #8 item 10.
 */
export const MAX_OPEN_UPLOADS = 20;

/** Upload states reported by `isExistLocalMergeFile` (API.md §7). */
export const MERGE_FILE_STATES = ['uploading', 'merging', 'processing', 'ready', 'failed'] as const;
export type MergeFileState = (typeof MERGE_FILE_STATES)[number];

/**
 * `GET /fileservice/isExistLocalMergeFile` → data (API.md §7), plus `receivedShards`, an EXTENSION of
 * API.md §7 (docs/api.md "File service"): the 1-based indices of the shards the server holds, so a client
 * choosing the same file again resumes instead of starting over. An unknown `fileUploadId` answers
 * `exists: false, state: 'uploading', receivedShards: []`.
 */
export const mergeFileStatusSchema = z.strictObject({
  /** true once the merged file exists */
  exists: z.boolean(),
  state: z.enum(MERGE_FILE_STATES),
  fileKey: z.string().nullable(),
  url: z.string().nullable(),
  /** seconds; present once `ready` */
  duration: z.number().min(0).optional(),
  /** pixels; present once `ready` */
  width: z.int().min(0).optional(),
  height: z.int().min(0).optional(),
  /** extension: 1-based indices of the shards stored, ascending */
  receivedShards: z.array(z.int().min(1)),
  /** extension (file service): URL of the cover image (`/media/img/0x0/<key>`) once there is one, else null */
  coverUrl: z.string().nullable().optional(),
  /** extension (file service): why the upload failed, present when `state` is `failed` */
  error: z.string().optional(),
});
export type MergeFileStatus = z.infer<typeof mergeFileStatusSchema>;

/** Lowercase hex MD5 of raw bytes (32 characters), the same in the browser and in Node. */
export function md5BytesHex(bytes: ArrayBuffer): string {
  return SparkMD5.ArrayBuffer.hash(bytes);
}

/** Base64 MD5 of raw bytes: the value of the `content-md5` header (API.md §7, RFC 1864). */
export function md5BytesBase64(bytes: ArrayBuffer): string {
  // raw=true gives the 16 digest bytes as a binary string, which btoa encodes as-is.
  return btoa(SparkMD5.ArrayBuffer.hash(bytes, true));
}
