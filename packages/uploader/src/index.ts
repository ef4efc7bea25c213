/**
 * The browser side of the sharded video upload (issue #3; spec §4, §5, §8, §9; API.md §7). No React:
 * pages wrap it.
 */
export {
  shardSizeFor,
  shardCountFor,
  VIDEO_EXTENSIONS,
  VIDEO_MIME_TYPES,
  UPLOAD_ERROR_MESSAGES,
} from '@cc/contracts';
export { checkVideoFile, validateVideoFile, type VideoFileLike } from './validate-video-file';
export {
  uploadErrorText,
  uploadMessageKeys,
  uploadMessages,
  type UploadLanguage,
  type UploadMessages,
} from './messages';
export {
  cancelAllUploads,
  createUpload,
  PROGRESS_TICK_MS,
  type CreateUploadOptions,
  type UploadFailure,
  type UploadHandle,
  type UploadProgress,
  type UploadCancelOutcome,
  type UploadState,
  type UploadSuccess,
} from './create-upload';
export {
  fileIdentity,
  READY_POLL_MAX_MS,
  READY_POLL_MS,
  REMEMBER_EMPTY_UPLOAD_MS,
  storageKeyOf,
  UploadManager,
  uploadSlot,
  type KeyValueStorage,
  type StartUploadInput,
  type StartUploadResult,
  type UploadFileIdentity,
  type UploadManagerOptions,
  type UploadTarget,
  type UploadTask,
  type UploadTaskError,
  type UploadTaskStatus,
} from './upload-manager';
export { pollMerge, type PollMergeOptions, type PollMergeResult } from './poll-merge';
export { computeUploadKey } from './upload-key';
export { SPEED_WINDOW_MS, SpeedMeter } from './speed-meter';
export {
  createXhrTransport,
  TransportError,
  type TransportCall,
  type TransportRequest,
  type TransportResponse,
  type UploadTransport,
} from './transport';
export {
  createFileServiceClient,
  FileServiceError,
  unwrapEnvelope,
  type FileServiceClient,
} from './fileservice-client';
export { captureCoverFrame, readVideoInfo, type CoverFrame, type VideoInfo } from './video-info';
export { readCookie } from './cookies';
