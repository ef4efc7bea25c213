import type { Db } from '../db/client.js';
import { findLiveStagedUploads } from '../read-models/staged-uploads.js';
import { S3VideoStaging, type VideoStaging } from '../storage/video-staging.js';

/**
 * The orphan sweep of the S3 staging (issue #16 "no orphaned staging after the sweep"), run with the hourly
 * `upload-cleanup` job: every upload prefix under `staging/` whose upload is no longer `uploading` or
 * `merging` (merged, failed, cancelled, expired, or never recorded) is deleted. The merge, the cancel and
 * the 24 h expiry free their staging themselves; what reaches this sweep is what a server killed between two
 * steps left behind (a shard stored while its upload was being cancelled, a replayed shard landing after the
 * merge). A live upload's staging is never touched: its row is written before its first shard is stored.
 * Local staging needs no sweep (its files are per server; the 24 h cleanup frees them).
 * @returns the upload ids whose staging was deleted
 */
export async function sweepOrphanStaging(db: Db, staging: VideoStaging): Promise<string[]> {
  if (!(staging instanceof S3VideoStaging)) return [];
  const staged = [...(await staging.stagedUploads()).keys()];
  if (staged.length === 0) return [];
  const live = await findLiveStagedUploads(db, staged);
  const orphans = staged.filter((key) => !live.has(key));
  for (const key of orphans) await staging.clear(key);
  return orphans;
}
