import type { Db } from '../../db/client.js';
import { coverUrl as uploadCoverUrl } from '../fileservice/fileservice.service.js';
import * as repo from './video.repo.js';

/**
 * Adds the video facts to content list items (API.md §9 extension): `stats.plays` (the view count) and
 * `stats.duration` (seconds, null until probed) for `video`/`smallVideo`, and the upload's frame as cover
 * when the item has none yet.
 */
export async function addVideoFacts<
  T extends {
    id: number;
    type: string;
    coverUrl: string | null;
    stats: { views: number; plays?: number; duration?: number | null };
  },
>(db: Db, items: T[]): Promise<T[]> {
  const ids = items.filter((i) => i.type === 'video' || i.type === 'smallVideo').map((i) => i.id);
  if (ids.length === 0) return items;
  const facts = await repo.findVideoFacts(db, ids);
  return items.map((item) => {
    if (item.type !== 'video' && item.type !== 'smallVideo') return item;
    const f = facts.get(item.id);
    return {
      ...item,
      coverUrl: item.coverUrl ?? uploadCoverUrl(f?.uploadCover ?? null),
      stats: { ...item.stats, plays: item.stats.views, duration: f?.duration ?? null },
    };
  });
}
