import { and, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { uploads } from '../modules/fileservice/fileservice.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: SELECT only): which uploads may still
 * have bytes staged in object storage (issue #16), for the orphan sweep of the S3 staging
 * (jobs/upload-staging-sweep.ts), which sits outside the file service.
 */

/** States of an upload whose staged shards are still needed: more shards or the merge are to come. */
export const STAGING_STATES = ['uploading', 'merging'] as const;

/**
 * The stored upload ids among `uploadIds` whose upload is `uploading` or `merging` (its staging is live).
 * @param db the database
 * @param uploadIds stored upload ids (`uploads.key`)
 * @returns the live subset
 */
export async function findLiveStagedUploads(db: Db, uploadIds: readonly string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < uploadIds.length; i += 500) {
    const rows = await db
      .select({ key: uploads.key })
      .from(uploads)
      .where(
        and(inArray(uploads.key, uploadIds.slice(i, i + 500)), inArray(uploads.state, [...STAGING_STATES])),
      );
    for (const row of rows) live.add(row.key);
  }
  return live;
}
