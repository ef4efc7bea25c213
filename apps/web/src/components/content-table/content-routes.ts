import type { ContentType } from '@cc/contracts';

/**
 * Where each type of work is published, edited and previewed (issue #9 "Dead ends and wrong turns"): one
 * table for the content list, the preview page and the messages, so "edit" always opens the editor of the
 * work's own type. Paths are the spec §2 routes (route-manifest.ts); the editors of live shows, dynamics,
 * albums and programs come with issue #10 at these very routes, so the right editor opens once built.
 */
const PUBLISH_PATH: Record<ContentType, string> = {
  article: '/article',
  album: '/releaseImages',
  video: '/videos/video',
  smallVideo: '/smallVideo/indexv',
  dynamic: '/dynamic/dynamic',
  live: '/liveShow',
  program: '/program',
};

/** The page that creates a new work of `type` (the editor without an id), e.g. `/videos/video`. */
export function publishPathOf(type: ContentType): string {
  return PUBLISH_PATH[type];
}

/**
 * The editor of one work, by its type: `/article?id=7`, `/videos/video?id=7`, `/smallVideo/indexv?id=7`,
 * `/liveShow?id=7`, `/dynamic/dynamic?id=7`, … (never the article editor for another type).
 */
export function editPathOf(item: { type: ContentType; id: number }): string {
  return `${PUBLISH_PATH[item.type]}?id=${item.id}`;
}

/**
 * Where a work is seen as readers see it (issue #10: each type its own): videos in the player of the dots page,
 * an album in its list's preview (`/imageCollection?preview=7`), an article in the article preview; a dynamic,
 * a live show and a program on their own page, which shows them whole.
 */
export function previewPathOf(item: { type: ContentType; id: number }): string {
  switch (item.type) {
    case 'video':
    case 'smallVideo':
      return `/videodot?id=${item.id}`;
    case 'album':
      return `/imageCollection?preview=${item.id}`;
    case 'article':
      return `/article/preview?id=${item.id}`;
    default:
      return editPathOf(item);
  }
}

/** Whether a work's audience count is plays (videos, short videos, live shows, programs) rather than reads. */
export function countsPlays(type: ContentType): boolean {
  return type === 'video' || type === 'smallVideo' || type === 'live' || type === 'program';
}
