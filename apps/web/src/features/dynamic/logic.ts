import {
  CAR_SERIES_PER_WORK_MAX,
  type CarSeriesItem,
  checkScheduledAt,
  codePointLength,
  type ContentStatus,
  DYNAMIC_IMAGES_MAX,
  DYNAMIC_TEXT_MAX,
  type DynamicDetail,
  type DynamicVideo,
  type FieldError,
  type MessageRef,
  PublishType,
} from '@cc/contracts';
import type { PublishDynamicInput } from './api/dynamic-api';

/**
 * The dynamic editor's logic without React (issue #10 "Dynamics"): the form's values and its local copy, the
 * rules checked before sending (the contracts' own, which the server runs too: 1–2000 characters counted in code
 * points, at most 9 images, a schedule 5 minutes–30 days ahead), the publish payload, and which saves may run on
 * their own. Problems are catalog messages (`MessageRef`), shown in the UI language with `renderMessage`.
 */

/** Where the dynamic pages live (spec §2). */
export const DYNAMIC_ROUTES = {
  editor: '/dynamic/dynamic',
  manage: '/detailManage/dynamic',
  community: '/newDynamic/community',
  old: '/newDynamic/oldDynamic',
  smallVideo: '/newDynamic/smallVideo',
} as const;

/** The editor of one dynamic, or of a new one. */
export function dynamicEditorPath(id?: number): string {
  return id ? `${DYNAMIC_ROUTES.editor}?id=${id}` : DYNAMIC_ROUTES.editor;
}

/** Everything the editor holds; JSON-safe, so it is also the local copy (`lib/local-draft`). */
export interface DynamicFormValues {
  text: string;
  images: string[];
  /** the chosen video as shown (its id is what is sent) */
  video: DynamicVideo | null;
  topicId: number | null;
  /** the chosen car series with their names (their ids are what is sent) */
  carSeries: CarSeriesItem[];
  mode: 'now' | 'scheduled';
  /** ISO 8601 when scheduled */
  scheduledAt: string | null;
}

export const EMPTY_DYNAMIC: DynamicFormValues = {
  text: '',
  images: [],
  video: null,
  topicId: null,
  carSeries: [],
  mode: 'now',
  scheduledAt: null,
};

/** The form's values of a saved dynamic (`dynamic/detail`). */
export function valuesFromDetail(d: DynamicDetail): DynamicFormValues {
  return {
    text: d.text,
    images: [...d.images],
    video: d.video,
    topicId: d.topicId,
    carSeries: [...d.carSeries],
    mode: d.status === 'scheduled' ? 'scheduled' : 'now',
    scheduledAt: d.scheduledAt,
  };
}

/** What the server would store of `values`: the comparison behind "unsaved changes". */
export function snapshotOf(values: DynamicFormValues): string {
  return JSON.stringify([
    values.text.trim(),
    values.images,
    values.video?.id ?? null,
    values.topicId,
    values.carSeries.map((c) => c.id),
  ]);
}

/** The text's length as the rule counts it: code points of the trimmed text (an emoji counts once). */
export function dynamicTextLength(text: string): number {
  return codePointLength(text.trim());
}

/** The fields the form shows problems on. */
export type DynamicField = 'text' | 'images' | 'videoId' | 'topicId' | 'carSeriesIds' | 'scheduledAt';
export type DynamicFormErrors = Partial<Record<DynamicField, MessageRef>>;

/**
 * The rules before sending (the server checks the same): the text 1–2000 characters for any save, at most 9
 * images and 10 car series, and for a schedule (publishType 2) a time 5 minutes to 30 days after `now`.
 */
export function validateDynamicForm(
  values: DynamicFormValues,
  publishType: 0 | 1 | 2,
  now: Date,
): DynamicFormErrors {
  const errors: DynamicFormErrors = {};
  const n = dynamicTextLength(values.text);
  if (n < 1 || n > DYNAMIC_TEXT_MAX)
    errors.text = { code: 'DYNAMIC_TEXT_LENGTH', params: { max: DYNAMIC_TEXT_MAX } };
  if (values.images.length > DYNAMIC_IMAGES_MAX)
    errors.images = { code: 'DYNAMIC_IMAGES_TOO_MANY', params: { max: DYNAMIC_IMAGES_MAX } };
  if (values.carSeries.length > CAR_SERIES_PER_WORK_MAX)
    errors.carSeriesIds = { code: 'CAR_SERIES_TOO_MANY', params: { max: CAR_SERIES_PER_WORK_MAX } };
  if (publishType === PublishType.SCHEDULED) {
    const broken = checkScheduledAt(values.scheduledAt ?? undefined, now);
    if (broken) {
      const { message: _english, ...ref } = broken;
      errors.scheduledAt = ref;
    }
  }
  return errors;
}

/** The publish type of the primary button: 2 when a time is chosen, else 1. */
export function primaryPublishType(values: DynamicFormValues): 1 | 2 {
  return values.mode === 'scheduled' ? PublishType.SCHEDULED : PublishType.PUBLISH;
}

/** The `dynamic/publish` payload of the form (without `id`/`requestId`, which the save session adds). */
export function toPublishInput(values: DynamicFormValues, publishType: 0 | 1 | 2): PublishDynamicInput {
  return {
    text: values.text.trim(),
    images: values.images,
    ...(values.video ? { videoId: values.video.id } : {}),
    ...(values.topicId !== null ? { topicId: values.topicId } : {}),
    carSeriesIds: values.carSeries.map((c) => c.id),
    publishType,
    ...(publishType === PublishType.SCHEDULED && values.scheduledAt
      ? { scheduledAt: values.scheduledAt }
      : {}),
  };
}

/** Whether "save draft" is offered: never on a published or held dynamic (it would take it away from readers). */
export function canSaveDraft(status: ContentStatus | null): boolean {
  return status !== 'published' && status !== 'reviewing';
}

/**
 * A 10007's `data.fields` by the form's field (the first segment of each path: `images.3` → `images`), the
 * server's message (already in the UI language); fields the form does not show are left out.
 */
export function serverFieldErrors(fields: readonly FieldError[]): Partial<Record<DynamicField, string>> {
  const known: readonly string[] = ['text', 'images', 'videoId', 'topicId', 'carSeriesIds', 'scheduledAt'];
  const out: Partial<Record<DynamicField, string>> = {};
  for (const f of fields) {
    const key = f.path.split('.')[0] ?? '';
    if (known.includes(key)) out[key as DynamicField] ??= f.message;
  }
  return out;
}

/**
 * The rule each field's problem applies (issue #11), beside {@link serverFieldErrors}: the server's `ruleRef` of
 * the field's first error (`data.fields[i].ruleRef`), or of a rule the form checked itself (a `MessageRef`).
 */
export function fieldRuleRefs(
  problems: readonly { path: string; ruleRef?: string }[],
): Partial<Record<DynamicField, string>> {
  const out: Partial<Record<DynamicField, string>> = {};
  const seen = new Set<string>();
  for (const p of problems) {
    const key = p.path.split('.')[0] ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    if (p.ruleRef) out[key as DynamicField] = p.ruleRef;
  }
  return out;
}

/** Moves the item at `from` to `to` (both in range), keeping the others' order. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}
