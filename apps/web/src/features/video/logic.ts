import {
  checkScheduledAt,
  checkSmallVideo,
  checkTitle,
  formatDuration,
  Status,
  TITLE_MAX,
  TITLE_MIN,
  UPLOAD_ERROR_MESSAGES,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_DOT_TITLE_MAX,
  VIDEO_DOTS_MAX,
  VideoPublishType,
  type FieldError,
  type PublishVideoParam,
  RULE_REFS,
  type ServerMessageCode,
  type UploadErrorCode,
  type UploadUse,
  type VideoDot,
  type VideoPublishTypeValue,
} from '@cc/contracts';
import type { UploadFailure, UploadTask, VideoInfo } from '@cc/uploader';

/**
 * The video pages' logic without React (issue #3 "Pages"): display formats, the form's rules (the same
 * contracts functions the server runs), the publish payload, and the dots' rules and marker positions.
 * Texts are returned as i18n keys with values, so the pages speak both languages.
 */

/**
 * An i18n key and its values; or, for the server's words, the `text` itself (then `key` is not read). `ruleRef`:
 * the rule centre's section the problem applies (issue #11), shown as a link beside it.
 */
export interface Msg {
  key: string;
  values?: Record<string, unknown>;
  text?: string;
  ruleRef?: string;
}

/** Where a kind of video is listed and edited. */
export const VIDEO_ROUTES: Record<UploadUse, { list: string; editor: string }> = {
  video: { list: '/videos', editor: '/videos/video' },
  smallVideo: { list: '/smallVideo', editor: '/smallVideo/indexv' },
};

export function editorPath(use: UploadUse, id?: number): string {
  return id ? `${VIDEO_ROUTES[use].editor}?id=${id}` : VIDEO_ROUTES[use].editor;
}

/** Cover aspect of each kind: 16:9 for videos, 3:4 for (vertical) short videos. */
export const COVER_ASPECT: Record<UploadUse, { key: string; value: number }> = {
  video: { key: '16:9', value: 16 / 9 },
  smallVideo: { key: '3:4', value: 3 / 4 },
};

/** Bytes per second for people: `850 KB/s`, `1.2 MB/s` (1 KB = 1024 bytes). */
export function formatSpeed(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) return '0 KB/s';
  const kb = bytesPerSecond / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB/s`;
  const mb = kb / 1024;
  return `${mb < 100 ? mb.toFixed(1) : Math.round(mb)} MB/s`;
}

/** Seconds left as `mm:ss` (`h:mm:ss` from an hour); `--:--` while unknown. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '--:--';
  return formatDuration(Math.ceil(seconds));
}

/** Bytes for people: `850 KB`, `12.5 MB`, `1.2 GB` (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 100 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** Progress percent shown to the author: whole numbers, 100 only when the uploader says so. */
export function displayPercent(progress: number): number {
  if (!Number.isFinite(progress) || progress <= 0) return 0;
  return progress >= 100 ? 100 : Math.min(99, Math.floor(progress));
}

/**
 * What the page says when the token call failed (spec §5, §8): 'network error', plus the server's message
 * unless the status was 10002 (the api-client already went to the login page) or there is none.
 */
export function tokenFailureMessage(error: unknown): { key: string; detail: string | null } {
  const status = typeof error === 'object' && error && 'status' in error ? error.status : null;
  const message = error instanceof Error ? error.message : null;
  const detail = status === Status.NOT_LOGGED_IN || !message ? null : message;
  return { key: 'upload.error.tokenFailed', detail };
}

/** What the publishing form knows of its upload (from the upload store's task, or the video's detail). */
export interface UploadedVideo {
  /** the upload id (API.md §7 `fileUploadId`), once the merge is confirmed */
  fileUploadId: string | null;
  /** probed by the server and playable */
  isReady: boolean;
  /** seconds, pixels (from the server once ready, else from the browser) */
  info: VideoInfo | null;
  /** the frame the server made or kept as cover (`/media/img/...`), once known */
  frameCoverUrl: string | null;
  /** the frame taken in the browser (data URL), shown until the server's is there */
  frameDataUrl: string | null;
}

/** A form without an upload. */
export const NO_UPLOAD: UploadedVideo = {
  fileUploadId: null,
  isReady: false,
  info: null,
  frameCoverUrl: null,
  frameDataUrl: null,
};

/** The form's view of an upload store task (issue #9): the upload id only once merged. */
export function uploadedOf(task: UploadTask): UploadedVideo {
  const merged = task.status === 'processing' || task.status === 'ready';
  return {
    fileUploadId: merged ? task.key : null,
    isReady: task.status === 'ready',
    info: task.info,
    frameCoverUrl: task.coverUrl,
    frameDataUrl: task.frameDataUrl,
  };
}

/** The text of an uploader failure: the spec's message (translated) and the server's, when one came. */
export function uploadFailureMessage(failure: UploadFailure): { key: string; detail: string | null } {
  // A refusal with its own ercd (TOO_MANY_OPEN_UPLOADS, issue #8 item 10) reads as `errors.<ercd>`.
  if (failure.ercd) return { key: `errors.${failure.ercd}`, detail: null };
  return { key: failure.messageKey, detail: failure.serverMessage ?? null };
}

/**
 * The rule a refused video file breaks (issue #11): the format and size rules of the rule centre for the
 * uploader's `badFormat` / `tooLarge` (checked before sending, or refused by the file service); none otherwise.
 */
export function uploadRuleRef(code: UploadErrorCode | undefined): string | undefined {
  if (code === 'badFormat') return RULE_REFS.VIDEO_FORMAT_WRONG;
  if (code === 'tooLarge') return RULE_REFS.VIDEO_TOO_LARGE;
  return undefined;
}

/** The spec's English word for word, e.g. for logs; pages translate `uploadFailureMessage` instead. */
export const UPLOAD_MESSAGES_EN = UPLOAD_ERROR_MESSAGES;

/**
 * Checks a chosen short video's shape before anything is uploaded (spec §6 permission; the server checks
 * again at publishing): vertical and at most `maxSeconds` long. @returns the problem, or null
 */
export function checkSmallVideoFile(
  info: { width: number; height: number; duration: number },
  maxSeconds: number,
): Msg | null {
  const broken = checkSmallVideo(info, maxSeconds);
  if (!broken) return null;
  return broken.code === 'SMALL_VIDEO_NOT_VERTICAL'
    ? { key: 'video.errors.notVertical', ruleRef: RULE_REFS.SMALL_VIDEO_NOT_VERTICAL }
    : {
        key: 'video.errors.tooLong',
        values: { max: maxSeconds, duration: formatDuration(info.duration) },
        ruleRef: RULE_REFS.SMALL_VIDEO_TOO_LONG,
      };
}

/**
 * What a local copy of the publishing form keeps (issue #9 "drafts never lost"): the fields, and the chosen
 * upload by its id (with the file's name for the header) once it is merged; never the file itself.
 */
export interface VideoFormCopy {
  title: string;
  description: string;
  coverUrl: string;
  isOriginal: boolean;
  isFirstPublish: boolean;
  isCommercial: boolean;
  mode: 'now' | 'scheduled';
  scheduledAt: string | null;
  upload: { key: string; name: string } | null;
}

/** The copy of the form's values and upload (`VideoFormCopy`); equal copies mean nothing changed. */
export function videoFormCopy(
  values: Omit<VideoFormCopy, 'upload'>,
  uploadKey: string | null,
  fileName = '',
): VideoFormCopy {
  return {
    title: values.title,
    description: values.description,
    coverUrl: values.coverUrl,
    isOriginal: values.isOriginal,
    isFirstPublish: values.isFirstPublish,
    isCommercial: values.isCommercial,
    mode: values.mode,
    scheduledAt: values.scheduledAt,
    upload: uploadKey ? { key: uploadKey, name: fileName } : null,
  };
}

/** The form's values (what the page holds). */
export interface VideoFormValues {
  id?: number;
  use: UploadUse;
  /** the upload id, once an upload exists */
  fileUploadId: string | null;
  /** whether the upload is probed and playable (`ready`) */
  isUploadReady: boolean;
  title: string;
  description: string;
  /** an uploaded image ('' = the upload's own frame) */
  coverUrl: string;
  /** true when there is any cover to show (chosen, or the frame) */
  hasCover: boolean;
  isOriginal: boolean;
  isFirstPublish: boolean;
  isCommercial: boolean;
  /** 'now' or 'scheduled' */
  mode: 'now' | 'scheduled';
  /** ISO 8601 when scheduled */
  scheduledAt: string | null;
}

export type VideoFormErrors = Partial<
  Record<'upload' | 'title' | 'description' | 'cover' | 'scheduledAt', Msg>
>;

/** A title rule's text: the article editor's (`article.rules.<CODE>`), with the limits and its rule. */
const titleMsg = (code: ServerMessageCode): Msg => ({
  key: `article.rules.${code}`,
  values: { min: TITLE_MIN, max: TITLE_MAX },
  ruleRef: RULE_REFS[code],
});

/**
 * The form's rules before sending (the server checks the same): a draft needs an upload and a title;
 * publishing also needs the title rule of articles, the upload ready, a cover, and for a schedule a time
 * in the future and at most 30 days ahead. Description at most 2000 characters either way.
 */
export function validateVideoForm(values: VideoFormValues, asDraft: boolean, now: Date): VideoFormErrors {
  const errors: VideoFormErrors = {};
  if (!values.fileUploadId) errors.upload = { key: 'video.errors.uploadRequired' };
  else if (!asDraft && !values.isUploadReady) errors.upload = { key: 'video.errors.notReady' };
  if (asDraft) {
    if (!values.title.trim()) errors.title = titleMsg('TITLE_REQUIRED');
  } else {
    const broken = checkTitle(values.title);
    if (broken) errors.title = titleMsg(broken.code);
    if (!values.hasCover)
      errors.cover = { key: 'video.errors.coverRequired', ruleRef: RULE_REFS.COVER_REQUIRED };
    if (values.mode === 'scheduled') {
      const s = checkScheduledAt(values.scheduledAt ?? undefined, now);
      if (s) {
        errors.scheduledAt = {
          key:
            s.code === 'SCHEDULE_PAST'
              ? 'video.errors.schedulePast'
              : s.code === 'SCHEDULE_TOO_FAR'
                ? 'video.errors.scheduleTooFar'
                : 'video.errors.scheduleRequired',
          ruleRef: RULE_REFS[s.code],
        };
      }
    }
  }
  if ([...values.description].length > VIDEO_DESCRIPTION_MAX) {
    errors.description = { key: 'video.errors.descriptionLength', values: { max: VIDEO_DESCRIPTION_MAX } };
  }
  return errors;
}

/** Where each path of `video/publish`'s field errors shows in the form. */
const FIELD_OF_PATH: Record<string, keyof VideoFormErrors> = {
  fileUploadId: 'upload',
  title: 'title',
  description: 'description',
  coverUrl: 'cover',
  scheduledAt: 'scheduledAt',
};

/**
 * The server's field errors of a refused `video/publish` (API.md §3 `data.fields`, already in the UI language)
 * beside their fields, each with the rule it applies (`ruleRef`, issue #11); the first error of a field wins.
 */
export function serverVideoErrors(
  fields: readonly Pick<FieldError, 'path' | 'message' | 'ruleRef'>[],
): VideoFormErrors {
  const out: VideoFormErrors = {};
  for (const f of fields) {
    const field = FIELD_OF_PATH[f.path.split('.')[0] ?? ''];
    if (field && !out[field]) out[field] = { key: '', text: f.message, ruleRef: f.ruleRef };
  }
  return out;
}

/** The `video/publish` payload of the form: draft (0), publish now (1) or scheduled (2). */
export function toPublishParam(values: VideoFormValues, asDraft: boolean): PublishVideoParam {
  const publishType: VideoPublishTypeValue = asDraft
    ? VideoPublishType.DRAFT
    : values.mode === 'scheduled'
      ? VideoPublishType.SCHEDULED
      : VideoPublishType.PUBLISH;
  return {
    ...(values.id ? { id: values.id } : {}),
    use: values.use,
    fileUploadId: values.fileUploadId ?? '',
    title: values.title.trim(),
    description: values.description.trim(),
    coverUrl: values.coverUrl,
    isOriginal: values.isOriginal,
    isFirstPublish: values.isFirstPublish,
    isCommercial: values.isCommercial,
    publishType,
    ...(publishType === VideoPublishType.SCHEDULED && values.scheduledAt
      ? { scheduledAt: values.scheduledAt }
      : {}),
  };
}

/** Left offset of a dot's marker on the timeline, percent 0–100. */
export function dotMarkerPercent(time: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(time)) return 0;
  return Math.max(0, Math.min(100, (time / duration) * 100));
}

/** Dots sorted by time (a copy). */
export function sortDots(dots: readonly VideoDot[]): VideoDot[] {
  return [...dots].sort((a, b) => a.time - b.time);
}

/** A time rounded to the tenth of a second, as dots are picked from the player. */
export function pickTime(currentTime: number): number {
  return Math.round(Math.max(0, currentTime) * 10) / 10;
}

/**
 * The dots' rules (the server checks the same): at most 50; each title 1–20 characters; each time ≥ 0 and
 * before the end; no two at the same time. @returns problems by dot index (-1 = the whole list)
 */
export function validateDots(dots: readonly VideoDot[], duration: number): Map<number, Msg> {
  const problems = new Map<number, Msg>();
  if (dots.length > VIDEO_DOTS_MAX)
    problems.set(-1, { key: 'video.dots.errors.tooMany', values: { max: VIDEO_DOTS_MAX } });
  const seen = new Set<number>();
  dots.forEach((dot, i) => {
    const n = [...dot.title.trim()].length;
    const ms = Math.round(dot.time * 1000);
    if (n < 1) problems.set(i, { key: 'video.dots.errors.titleRequired' });
    else if (n > VIDEO_DOT_TITLE_MAX)
      problems.set(i, { key: 'video.dots.errors.titleLength', values: { max: VIDEO_DOT_TITLE_MAX } });
    else if (!(dot.time >= 0) || dot.time >= duration)
      problems.set(i, { key: 'video.dots.errors.timeRange' });
    else if (seen.has(ms)) problems.set(i, { key: 'video.dots.errors.timeTaken' });
    seen.add(ms);
  });
  return problems;
}
