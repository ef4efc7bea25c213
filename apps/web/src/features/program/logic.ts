import {
  checkTitle,
  codePointLength,
  PROGRAM_DESCRIPTION_MAX,
  PROGRAM_EPISODES_MAX,
  type ProgramDetail,
  type ProgramEpisode,
  renderMessage,
} from '@cc/contracts';
import type { Language } from '../../lib/i18n';
import type { ProgramFields } from './api/program-api';

/**
 * The program editor's rules (issue #10 "Programs"): the contracts functions the server runs, their texts from
 * the catalog of server messages, so the page and the server refuse alike and in the same words.
 */

/** An episode as the editor shows it: the work's id, type, title, cover and status. */
export type EpisodeItem = ProgramEpisode;

/** What the editor holds (and its local copy keeps). */
export interface ProgramFormValues {
  title: string;
  description: string;
  coverUrl: string;
  episodes: EpisodeItem[];
}

export type ProgramFormErrors = Partial<Record<'title' | 'description' | 'episodes', string>>;

export const EMPTY_PROGRAM_FORM: ProgramFormValues = {
  title: '',
  description: '',
  coverUrl: '',
  episodes: [],
};

/** The editor's values of a saved program. */
export function programFormOf(d: ProgramDetail): ProgramFormValues {
  return { title: d.title, description: d.description, coverUrl: d.coverUrl ?? '', episodes: d.episodes };
}

/**
 * Checks the form before sending (API.md §13 `program/save`): the title rule, a description of at most 2,000
 * characters, at most 200 episodes, and only published episodes (one deleted or unpublished since must be dropped).
 * @param notPublished the text of an episode that cannot stay (the page's own words)
 * @returns the first problem of each field, in `lang`; empty when the form can be sent
 */
export function validateProgramForm(
  v: ProgramFormValues,
  lang: Language,
  notPublished: string,
): ProgramFormErrors {
  const errors: ProgramFormErrors = {};
  const title = checkTitle(v.title);
  if (title) errors.title = renderMessage(title, lang);
  if (codePointLength(v.description.trim()) > PROGRAM_DESCRIPTION_MAX)
    errors.description = renderMessage(
      { code: 'DESCRIPTION_LENGTH', params: { max: PROGRAM_DESCRIPTION_MAX } },
      lang,
    );
  if (v.episodes.length > PROGRAM_EPISODES_MAX)
    errors.episodes = renderMessage(
      { code: 'PROGRAM_EPISODES_TOO_MANY', params: { max: PROGRAM_EPISODES_MAX } },
      lang,
    );
  else if (v.episodes.some((e) => e.status !== 'published')) errors.episodes = notPublished;
  return errors;
}

/** The `program/save` fields of a valid form: episode ids in the order shown. */
export function toProgramFields(v: ProgramFormValues): ProgramFields {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    ...(v.coverUrl ? { coverUrl: v.coverUrl } : {}),
    episodeIds: v.episodes.map((e) => e.id),
  };
}

/** Moves the item at `from` to `to` (both indexes of `list`); a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
