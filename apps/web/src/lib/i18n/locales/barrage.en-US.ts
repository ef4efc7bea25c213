import type { barrageZhCN } from './barrage.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of the barrage pages (issue #13). */
export const barrageEnUS: Texts<typeof barrageZhCN> = {
  title: 'Bullet comments',
  intro:
    'Bullet comments readers sent on your videos. Those with a blocked word or from a blocked reader are held for review and show only once you release them.',
  listRegion: 'Bullet comment list',
  cancel: 'Cancel',
  picker: {
    label: 'Video',
    all: 'All videos (newest first)',
    untitled: '(untitled)',
    meta_one: '{{n}} bullet comment · {{duration}}',
    meta_other: '{{n}} bullet comments · {{duration}}',
    off: 'Bullet comments off',
    none: 'No video matches',
    noVideos: 'You have no videos yet. Publish one to manage its bullet comments here.',
    failed: 'The videos could not be loaded: {{message}}',
    groups: {
      video: 'Videos',
      smallVideo: 'Short videos',
    },
  },
  off: {
    label: 'Bullet comments off',
    hintOn_one: 'Readers can send bullet comments; {{n}} so far',
    hintOn_other: 'Readers can send bullet comments; {{n}} so far',
    hintOff: 'Off: readers can no longer send bullet comments on this video',
    turnedOff: 'Bullet comments turned off for this video',
    turnedOn: 'Bullet comments turned on for this video',
  },
  player: {
    region: 'Video player',
    label: 'Player of “{{title}}”',
    hint: 'Click a bullet comment’s time to jump the player to that second.',
    processing:
      'The video is still being processed and cannot play yet; you can manage its bullet comments meanwhile.',
  },
  filters: {
    state: 'State',
    states: {
      all: 'All (not deleted)',
      published: 'Published',
      held: 'Held',
      protected: 'Protected',
      deleted: 'Deleted',
    },
    sort: 'Sort',
    sorts: {
      position: 'By time in video',
      time: 'Newest first',
    },
    keyword: 'Search bullet comments',
    search: 'Search',
  },
  columns: {
    position: 'Time',
    text: 'Bullet comment',
    reader: 'Sender',
    state: 'State',
    actions: 'Actions',
  },
  states: {
    published: 'Published',
    held: 'Held for review',
    protected: 'Protected',
    deleted: 'Deleted',
  },
  modes: {
    scroll: 'Scrolling',
    top: 'Top',
    bottom: 'Bottom',
  },
  holdReason: 'Held because: {{reason}}',
  blocked: 'Blocked',
  select: 'Select “{{text}}”',
  jumpTo: 'Jump to {{time}}',
  playAt: 'Play “{{title}}” from {{time}}',
  showVideo: 'Show only the bullet comments of “{{title}}”',
  totalAtLeast_one: 'At least {{count}} bullet comment',
  totalAtLeast_other: 'At least {{count}} bullet comments',
  total_one: '{{count}} bullet comment',
  total_other: '{{count}} bullet comments',
  actions: {
    publish: 'Release',
    protect: 'Protect',
    unprotect: 'Unprotect',
    delete: 'Delete',
  },
  confirmDeleteOne: 'Delete this bullet comment? Readers will no longer see it.',
  bulk: {
    selected_one: '{{count}} selected (at most {{max}} at once)',
    selected_other: '{{count}} selected (at most {{max}} at once)',
    clear: 'Clear selection',
    confirmDelete_one: 'Delete the {{count}} selected bullet comment? Readers will no longer see it.',
    confirmDelete_other: 'Delete the {{count}} selected bullet comments? Readers will no longer see them.',
    result: '{{action}}: {{done}} done, {{skipped}} skipped',
  },
  block: {
    block: 'Block sender',
    unblock: 'Unblock',
    title: 'Block {{name}}?',
    explain: 'Their new comments and bullet comments on all your works will be held until you review them.',
    hideExisting: 'Also hold everything they sent on my works',
    confirm: 'Block',
    blocked: 'Blocked {{name}}',
    blockedAndHeld: 'Blocked {{name}} and held what they had sent',
    unblocked: 'Unblocked {{name}}',
  },
  empty: {
    all: 'No bullet comments yet. What readers send on your videos will appear here.',
    publishVideo: 'Publish a video',
    video: 'No bullet comments on this video yet. What readers send while watching will appear here by time.',
    videoOff:
      'Bullet comments are off for this video, so readers cannot send any. Use the “Bullet comments off” switch above to allow them again.',
    filtered: 'No bullet comments match. Try another state or keyword.',
    clearFilters: 'Clear filters',
  },
};
