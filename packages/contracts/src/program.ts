import { z } from 'zod';
import { contentStatuses, contentTypes, type ContentType } from './schemas.js';
import { idSchema, isoTimeSchema } from './types.js';

/**
 * Programs (issue #10 "Programs", API.md §13, spec §6): the extensions of docs/api.md "Programs" beside the §13
 * schemas of works.ts (`saveProgramParamSchema`, `idResultSchema`).
 */

/**
 * The types of work a program may list as episodes: the author's own finished works. Programs, live shows
 * and dynamics are left out — a program is not nested in another, a live show's recording is its replay
 * video (add that video instead), and a dynamic is a post, not an episode (docs/api.md "Programs").
 */
export const PROGRAM_EPISODE_TYPES = [
  'article',
  'album',
  'video',
  'smallVideo',
] as const satisfies readonly ContentType[];
export type ProgramEpisodeType = (typeof PROGRAM_EPISODE_TYPES)[number];

/** Whether a work of `type` may be an episode (`PROGRAM_EPISODE_TYPES`). */
export function isProgramEpisodeType(type: ContentType): type is ProgramEpisodeType {
  return (PROGRAM_EPISODE_TYPES as readonly ContentType[]).includes(type);
}

/** One episode as `program/detail` answers it: the work as it stands now (it may have been deleted since). */
export const programEpisodeSchema = z.strictObject({
  id: idSchema,
  type: z.enum(contentTypes),
  title: z.string(),
  coverUrl: z.string().nullable(),
  status: z.enum(contentStatuses),
});
export type ProgramEpisode = z.infer<typeof programEpisodeSchema>;

/** `GET /api/program/detail { id }` (extension): the program and its episodes in order. */
export const programDetailSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  coverUrl: z.string().nullable(),
  status: z.enum(contentStatuses),
  rejectReason: z.string().nullable(),
  /** extension (issue #11): the rule a rejection applies, `slug#section` (`ruleHref`); null unless rejected */
  rejectRuleRef: z.string().nullable().optional(),
  episodes: z.array(programEpisodeSchema),
  updatedAt: isoTimeSchema,
});
export type ProgramDetail = z.infer<typeof programDetailSchema>;
