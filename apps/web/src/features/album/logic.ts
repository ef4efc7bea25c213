import type { Dayjs } from 'dayjs';
import {
  ALBUM_IMAGE_MIN_SIDE,
  ALBUM_IMAGES_MAX,
  type AlbumDetail,
  type CarSeriesItem,
  checkScheduledAt,
  checkTitle,
  type FieldError,
  type MessageLanguage,
  publishAlbumParamSchema,
  renderMessage,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MIN_MINUTES,
  type PublishAlbumParam,
  RULE_REFS,
  ruleRefOfMessage,
  zodIssueMessage,
  zodIssueText,
} from '@cc/contracts';

/**
 * The image-collection pages' logic without React (issue #10 "Image collections"): the form's values, the
 * payload of `album/publish`, the rules checked before sending (the very contracts schema the server applies), the
 * mapping of the server's field errors (`images.3.url`) to the place they are shown, and the local copy.
 */

/** Where albums are listed and edited (spec §2 routes). */
export const ALBUM_ROUTES = { list: '/imageCollection', editor: '/releaseImages' } as const;

/** The editor of one album, or the page that publishes a new one. */
export function albumEditorPath(id?: number): string {
  return id ? `${ALBUM_ROUTES.editor}?id=${id}` : ALBUM_ROUTES.editor;
}

/** One image card of the form: `key` is the card's own id (drag and drop, React), stable across reorders. */
export interface AlbumImageCard {
  key: string;
  url: string;
  caption: string;
  /** pixels of the uploaded original, when known (uploaded in this session, or kept in the local copy) */
  width?: number;
  height?: number;
}

/** When the album goes out: with the publish button now, or at `scheduledAt`. */
export type PublishMode = 'now' | 'scheduled';

/** Everything the form holds (and the local copy keeps, issue #9). */
export interface AlbumFormValues {
  title: string;
  images: AlbumImageCard[];
  /** the chosen cover (a card's url); null = the first image */
  coverUrl: string | null;
  /** chosen car series with their names, so the tags show without a search */
  carSeries: CarSeriesItem[];
  topicId: number | null;
  mode: PublishMode;
  /** ISO 8601 (minute precision), for `mode` scheduled */
  scheduledAt: string | null;
}

let nextKey = 0;
/** A fresh card key (unique in this tab). */
export function newCardKey(): string {
  nextKey += 1;
  return `img-${Date.now().toString(36)}-${nextKey}`;
}

/** The form as an album opens: empty for a new one, else the album's own values. */
export function formFromDetail(d: AlbumDetail | undefined): AlbumFormValues {
  if (!d)
    return {
      title: '',
      images: [],
      coverUrl: null,
      carSeries: [],
      topicId: null,
      mode: 'now',
      scheduledAt: null,
    };
  return {
    title: d.title,
    images: d.images.map((i) => ({ key: newCardKey(), url: i.url, caption: i.caption })),
    coverUrl: d.coverUrl && d.images[0]?.url !== d.coverUrl ? d.coverUrl : null,
    carSeries: d.carSeries,
    topicId: d.topicId,
    mode: d.status === 'scheduled' ? 'scheduled' : 'now',
    scheduledAt: d.status === 'scheduled' ? d.scheduledAt : null,
  };
}

/** The cover actually used: the chosen one while it is still among the images, else the first image. */
export function effectiveCover(values: Pick<AlbumFormValues, 'images' | 'coverUrl'>): string | null {
  if (values.coverUrl && values.images.some((i) => i.url === values.coverUrl)) return values.coverUrl;
  return values.images[0]?.url ?? null;
}

/** What the save is: a draft, publish now, or a schedule (API.md §13 publishType 0, 1, 2). */
export type SaveKind = 'draft' | 'publish';

/** The `album/publish` param of the form (without `id`/`requestId`, which the save session adds). */
export function toPublishParam(
  values: AlbumFormValues,
  kind: SaveKind,
): Omit<PublishAlbumParam, 'id' | 'requestId'> {
  const publishType = kind === 'draft' ? 0 : values.mode === 'scheduled' ? 2 : 1;
  const cover = effectiveCover(values);
  return {
    title: values.title.trim(),
    images: values.images.map((i) => ({ url: i.url, caption: i.caption.trim() })),
    ...(cover ? { coverUrl: cover } : {}),
    carSeriesIds: values.carSeries.map((s) => s.id),
    ...(values.topicId !== null ? { topicId: values.topicId } : {}),
    publishType,
    ...(publishType === 2 && values.scheduledAt ? { scheduledAt: values.scheduledAt } : {}),
  };
}

/**
 * Errors shown beside their fields: `title`, `images` (the list), `coverUrl`, `carSeriesIds`, `topicId`,
 * `scheduledAt`, and per image card (`cards[key]`, from `images.<i>.url` / `images.<i>.caption`).
 */
export interface AlbumFormErrors {
  fields: Partial<
    Record<'title' | 'images' | 'coverUrl' | 'carSeriesIds' | 'topicId' | 'scheduledAt', string>
  >;
  cards: Record<string, string>;
  /** the rule each field's error applies (`slug#section` of the rule centre, issue #11), when it has one */
  ruleRefs?: Partial<Record<keyof AlbumFormErrors['fields'], string>>;
}

export const NO_ERRORS: AlbumFormErrors = { fields: {}, cards: {} };

/** Whether the form has any error to show: on a field or on an image card. */
export function hasErrors(e: AlbumFormErrors): boolean {
  return Object.keys(e.fields).length > 0 || Object.keys(e.cards).length > 0;
}

/**
 * Puts field errors (`{ path, message }`, the server's `data.fields` or the schema's issues) where they show: a
 * path `images.3.url` on the card at index 3 of `images`, `carSeriesIds.1` on the car series, the rest on their
 * top-level field. The first message of each place wins.
 */
export function placeErrors(
  fields: readonly Pick<FieldError, 'path' | 'message' | 'ruleRef'>[],
  images: readonly Pick<AlbumImageCard, 'key'>[],
): AlbumFormErrors {
  const out: AlbumFormErrors = { fields: {}, cards: {} };
  for (const f of fields) {
    const [head, index] = f.path.split('.');
    if (head === 'images' && index !== undefined) {
      const card = images[Number(index)];
      if (card) out.cards[card.key] ??= f.message;
      else out.fields.images ??= f.message;
    } else if (
      head === 'title' ||
      head === 'images' ||
      head === 'coverUrl' ||
      head === 'carSeriesIds' ||
      head === 'topicId' ||
      head === 'scheduledAt'
    ) {
      if (out.fields[head] !== undefined) continue;
      out.fields[head] = f.message;
      if (f.ruleRef) out.ruleRefs = { ...out.ruleRefs, [head]: f.ruleRef };
    }
  }
  return out;
}

/**
 * Checks the form with the contracts schema the server applies (`publishAlbumParamSchema`: 1–50 images,
 * captions, the title rule to publish, the cover) and, to schedule, the window the server checks
 * (`checkScheduledAt`: 5 minutes to 30 days after `now`); messages in `lang`, the server's own words.
 * @returns the errors by place, empty when the save may go
 */
export function validateAlbum(
  values: AlbumFormValues,
  kind: SaveKind,
  lang: MessageLanguage,
  now = new Date(),
): AlbumFormErrors {
  const param = toPublishParam(values, kind);
  const parsed = publishAlbumParamSchema.safeParse(param);
  const issues: Pick<FieldError, 'path' | 'message' | 'ruleRef'>[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: zodIssueText(issue, lang),
        ruleRef: ruleRefOfMessage(zodIssueMessage(issue)),
      }));
  if (param.publishType === 2 && !issues.some((i) => i.path === 'scheduledAt')) {
    const broken = checkScheduledAt(param.scheduledAt, now);
    if (broken)
      issues.push({
        path: 'scheduledAt',
        message: renderMessage(broken, lang),
        ruleRef: RULE_REFS[broken.code],
      });
  }
  return issues.length > 0 ? placeErrors(issues, values.images) : NO_ERRORS;
}

/** The title rule as the author types (contracts `checkTitle`): its code, or null when the title passes. */
export function titleRule(title: string): string | null {
  return checkTitle(title)?.code ?? null;
}

/** Images of the list that are known to be smaller than the review accepts (1-based numbers). */
export function smallImages(images: readonly AlbumImageCard[]): number[] {
  return images.flatMap((img, i) =>
    img.width !== undefined &&
    img.height !== undefined &&
    (img.width < ALBUM_IMAGE_MIN_SIDE || img.height < ALBUM_IMAGE_MIN_SIDE)
      ? [i + 1]
      : [],
  );
}

/** How many more images may be added. */
export function roomLeft(images: readonly unknown[], uploading = 0): number {
  return Math.max(0, ALBUM_IMAGES_MAX - images.length - uploading);
}

/** Moves the card `from` to the place of `to` (drag and drop, keyboard moves). */
export function moveCard<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** What the local copy keeps (issue #9): the form without the cards' keys (made afresh on restore). */
export type AlbumCopy = Omit<AlbumFormValues, 'images'> & {
  images: Omit<AlbumImageCard, 'key'>[];
};

/** The local copy of the form; also the snapshot compared with what the server has (dirty or not). */
export function albumCopy(values: AlbumFormValues): AlbumCopy {
  return {
    ...values,
    title: values.title,
    images: values.images.map(({ key: _key, ...rest }) => ({
      url: rest.url,
      caption: rest.caption,
      ...(rest.width !== undefined ? { width: rest.width, height: rest.height } : {}),
    })),
  };
}

/** The saved fields only (no pixel sizes): what decides whether the form differs from the server's album. */
export function savedSnapshot(values: AlbumFormValues): string {
  const cover = effectiveCover(values);
  return JSON.stringify([
    values.title.trim(),
    values.images.map((i) => [i.url, i.caption.trim()]),
    cover,
    values.carSeries.map((s) => s.id),
    values.topicId,
    values.mode,
    values.mode === 'scheduled' ? values.scheduledAt : null,
  ]);
}

/** The form from a local copy (new card keys). */
export function formFromCopy(copy: AlbumCopy): AlbumFormValues {
  return { ...copy, images: copy.images.map((i) => ({ ...i, key: newCardKey() })) };
}

/**
 * Hours and minutes the schedule picker does not offer (API.md §13: 5 minutes to 30 days ahead): on the window's
 * first day those before `now` + 5 minutes, on its last day those after `now` + 30 days. Other days are either all
 * allowed or disabled as a whole by the picker's `disabledDate`; the schema checks the exact bounds before sending.
 */
export function disabledScheduleTime(day: Dayjs | null, now: Dayjs) {
  if (!day) return {};
  const earliest = now.add(SCHEDULE_MIN_MINUTES, 'minute');
  const latest = now.add(SCHEDULE_MAX_DAYS, 'day');
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  if (day.isSame(earliest, 'day'))
    return {
      disabledHours: () => range(0, earliest.hour()),
      disabledMinutes: (hour: number) => (hour === earliest.hour() ? range(0, earliest.minute()) : []),
    };
  if (day.isSame(latest, 'day'))
    return {
      disabledHours: () => range(latest.hour() + 1, 24),
      disabledMinutes: (hour: number) => (hour === latest.hour() ? range(latest.minute() + 1, 60) : []),
    };
  return {};
}
