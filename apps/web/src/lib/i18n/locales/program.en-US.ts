import type { programZhCN } from './program.zh-CN';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** en-US texts of the program pages (features/program, issue #10). */
export const programEnUS: Texts<typeof programZhCN> = {
  title: 'Programs',
  create: 'Create a program',
  backToList: 'Back to programs',
  types: {
    article: 'Article',
    album: 'Image collection',
    video: 'Video',
    smallVideo: 'Short video',
    dynamic: 'Post',
    live: 'Live show',
    program: 'Program',
  },
  locked: {
    title: 'Programs open at creator grade {{grade}}',
    body: 'Your grade is Lv.{{grade}}. A program arranges your published works into an ordered series; you can create one from grade {{min}} (or when an operator opens it for you). Keep publishing good work to raise your grade.',
    myGrade: 'See my grade',
  },
  list: {
    program: 'Program',
    empty: 'No programs yet. Arrange your published works into a first series.',
  },
  editor: {
    editTitle: 'Edit program',
    titleLabel: 'Name',
    titlePlaceholder: 'Name of the program (6–30 characters)',
    description: 'Description',
    descriptionPlaceholder: 'What the series is about; viewers see this text',
    cover: 'Cover',
    coverHint: 'Optional; JPG, PNG, GIF or WebP up to 20 MB, cropped to 16:9 after upload',
    changeCover: 'Change cover',
    removeCover: 'Remove cover',
    create: 'Create program',
    save: 'Save changes',
    reviewHint: 'Name and description are reviewed again on every save',
    saved: 'Saved; the program passed review',
    reviewing: 'Saved; the program waits for a reviewer',
    rejected: 'Saved, but the program did not pass review: {{reason}}',
    failed: 'Could not save: {{message}}',
  },
  episodes: {
    label: 'Episodes ({{count}}/{{max}})',
    hint: 'Drag the handle on the left to reorder, or use the keyboard: Tab to a handle, Space to lift, arrow keys to move, Space to drop',
    empty: 'No episodes yet. Add some of your published works.',
    add: 'Add episodes',
    remove: 'Remove “{{title}}”',
    dragHandle: 'Episode {{index}}, “{{title}}”: drag to reorder',
    notPublished: 'Some episodes were deleted or are no longer published; remove them first',
    instructions:
      'Press Space or Enter to lift an episode, use the arrow keys to move it, and Space or Enter to drop it; Escape cancels.',
    lifted: 'Lifted “{{title}}”',
    moved: '“{{title}}” moved to episode {{index}}',
    dropped: '“{{title}}” dropped at episode {{index}}',
    cancelled: 'Moving “{{title}}” was cancelled',
  },
  picker: {
    title: 'Add episodes from your published works',
    type: 'Type of work',
    publishedAt: 'Published',
    add: 'Add',
    added: 'Added',
    empty: 'No published works of this type yet',
    done: 'Done ({{count}} episodes)',
  },
};
