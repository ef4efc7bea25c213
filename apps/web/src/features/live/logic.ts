import {
  checkLiveStartAt,
  checkTitle,
  codePointLength,
  LIVE_DESCRIPTION_MAX,
  LIVE_START_MAX_DAYS,
  type LiveDetail,
  renderMessage,
} from '@cc/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { Language } from '../../lib/i18n';
import type { LiveFields } from './api/live-api';

/**
 * The live-show editor's rules (issue #10 "Live shows"): the same contracts functions the server runs
 * (`checkTitle`, `checkLiveStartAt`), their texts from the catalog of server messages, so the page and the
 * server refuse alike and in the same words.
 */

/** What the editor holds (and what its local copy keeps). `startAt` ISO 8601, null until picked. */
export interface LiveFormValues {
  title: string;
  coverUrl: string;
  startAt: string | null;
  description: string;
}

export type LiveFormErrors = Partial<Record<keyof LiveFormValues, string>>;

export const EMPTY_LIVE_FORM: LiveFormValues = { title: '', coverUrl: '', startAt: null, description: '' };

/** The editor's values of a saved show. */
export function liveFormOf(d: LiveDetail): LiveFormValues {
  return { title: d.title, coverUrl: d.coverUrl ?? '', startAt: d.startAt, description: d.description };
}

/**
 * Checks the form before sending (API.md §13 `live/save`): the title rule, a cover, a start time after `now`
 * and at most 30 days ahead, a description of at most 2,000 characters.
 * @param texts the page's own words for a missing cover and a missing start time
 * @returns the first problem of each field, in `lang`; empty when the form can be sent
 */
export function validateLiveForm(
  v: LiveFormValues,
  now: Date,
  lang: Language,
  texts: { coverRequired: string; startRequired: string },
): LiveFormErrors {
  const errors: LiveFormErrors = {};
  const title = checkTitle(v.title);
  if (title) errors.title = renderMessage(title, lang);
  if (!v.coverUrl) errors.coverUrl = texts.coverRequired;
  const start = v.startAt ? checkLiveStartAt(v.startAt, now) : null;
  if (!v.startAt) errors.startAt = texts.startRequired;
  else if (start) errors.startAt = renderMessage(start, lang);
  if (codePointLength(v.description.trim()) > LIVE_DESCRIPTION_MAX)
    errors.description = renderMessage(
      { code: 'DESCRIPTION_LENGTH', params: { max: LIVE_DESCRIPTION_MAX } },
      lang,
    );
  return errors;
}

/** The `live/save` fields of a valid form. */
export function toLiveFields(v: LiveFormValues): LiveFields {
  return {
    title: v.title.trim(),
    coverUrl: v.coverUrl,
    startAt: v.startAt!,
    description: v.description.trim(),
  };
}

/** Days the start-time picker refuses: before today, or after the 30-day window. */
export function isStartDayDisabled(day: Dayjs, now = dayjs()): boolean {
  return day.isBefore(now.startOf('day')) || day.isAfter(now.add(LIVE_START_MAX_DAYS, 'day').endOf('day'));
}
