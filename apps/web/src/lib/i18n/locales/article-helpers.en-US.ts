import type { articleHelpersZhCN } from './article-helpers.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of this area (issue #15 "Article helper routes"). */
export const articleHelpersEnUS: Texts<typeof articleHelpersZhCN> = {
  title: 'Article helpers',
  menu: 'Helpers',
  menuLabel: 'Article helpers: import, pictures, cover, tips',
  close: 'Close',
  names: {
    intro: 'How it works',
    cropper: 'Crop the cover',
    import: 'Import a draft',
    mixin: 'Mix in material',
    coverDesign: 'Design the cover',
    toolbarTips: 'Toolbar tips',
    upImage: 'Upload images',
    upFile: 'Upload a document',
  },
  intro: {
    title: 'Write a new article',
    lead: 'A title of 6–30 characters, a body of 10–100,000 characters and a 4:3 or 3:4 cover, then publish. The draft saves itself every 30 seconds.',
    helpersLead: 'These helpers get you there faster:',
    start: 'Start writing',
    items: {
      import: 'import a draft from a Word document or a copied web page',
      upImage: 'upload several pictures at once, inserted in order',
      mixin: 'insert official car pictures (with their credit) or links to my published articles',
      cropper: 'upload and crop the cover',
      coverDesign: 'design the cover in the poster editor',
      toolbarTips: 'learn the toolbar buttons and shortcuts',
    },
  },
  cropper: {
    title: 'Crop the cover',
    hint: 'Choose a picture, crop it to 4:3 or 3:4, and it becomes the cover.',
    recrop: 'Re-crop the current cover',
    recropping: 'Reading the cover…',
    recropFailed: 'Could not read the current cover: {{message}}',
    done: 'Cover updated',
  },
  import: {
    title: 'Import a draft',
    fileTab: 'Document',
    pasteTab: 'Paste',
    fileHint:
      'Click or drop a file: Word (.docx), plain text (.txt), Markdown (.md), web page (.html), at most {{mb}} MB',
    fileLimits:
      'At most {{chars}} characters and {{images}} pictures; tables become paragraphs, and the document’s pictures are stored as your uploads.',
    pasteHint:
      'Paste (Ctrl/⌘ + V) what you copied from a web page or Word into the box below; the server removes scripts, styles and pictures from other sites.',
    pasteArea: 'Paste area',
    pastePlaceholder: 'Paste here…',
    converting: 'Converting…',
    preview: 'Preview',
    stats: '{{chars}} characters · {{images}} pictures',
    replace: 'Replace the body',
    insert: 'Insert at the cursor',
    replaceConfirm: 'Replace the current body with the import? Undo brings it back.',
    replaced: 'Body replaced',
    inserted: 'Inserted',
    failed: 'Import failed: {{message}}',
    emptyPaste: 'The clipboard holds nothing to paste',
  },
  mixin: {
    title: 'Mix in material',
    photosTitle: 'Official car pictures',
    photosHint: 'Choose official pictures from the car photo library; each is inserted with its credit line.',
    choosePhotos: 'Choose from the car photo library',
    insertedPhotos: '{{count}} pictures inserted',
    worksTitle: 'My published articles',
    worksHint: 'Insert a link to one of my published articles.',
    insertLink: 'Insert link',
    insertedLink: 'Link inserted',
    noWorks: 'No published articles yet',
  },
  coverDesign: {
    title: 'Design the cover',
    hint: 'Design at cover size in the poster editor; the finished cover comes back to this article. The draft is saved first, nothing is lost.',
    current: 'Current cover',
    none: 'No cover yet',
    open: 'Open the poster editor',
  },
  tips: {
    shortcut: 'Shortcut: {{keys}}',
    heading: { title: 'Headings', body: 'Make the paragraph a level 2 or level 3 heading.' },
    bold: { title: 'Bold', body: 'Make the selected text bold.' },
    italic: { title: 'Italic', body: 'Make the selected text italic.' },
    bulletList: {
      title: 'Bulleted list',
      body: 'Start a bulleted list; or type “- ” at the start of a line.',
    },
    orderedList: {
      title: 'Numbered list',
      body: 'Start a numbered list; or type “1. ” at the start of a line.',
    },
    quote: { title: 'Quote', body: 'Make the paragraph a quote; or type “> ” at the start of a line.' },
    image: {
      title: 'Picture',
      body: 'Upload one picture at the cursor (JPEG, PNG, GIF, WebP, at most 20 MB).',
    },
    undo: { title: 'Undo', body: 'Undo the last change.' },
    redo: { title: 'Redo', body: 'Bring back what was undone.' },
    helpers: {
      title: 'Helpers',
      body: 'Import a draft, upload many pictures, insert car pictures and links, crop or design the cover.',
    },
  },
  upImage: {
    title: 'Upload images',
    hint: 'Click or drop pictures, several at once (JPEG, PNG, GIF, WebP, at most 20 MB each)',
    fromLibrary: 'Choose from the car photo library',
    insert: 'Insert {{count}} pictures',
    waiting: 'Waiting',
    done: 'Uploaded',
    inserted: '{{count}} pictures inserted',
  },
  upFile: {
    title: 'Upload a document',
    hint: 'Click or drop one document (.docx, .txt, .md, .html); its content goes straight in at the cursor',
    more: 'Want a preview first? Use “Import a draft”.',
    openImport: 'Import a draft',
    uploading: 'Uploading and converting…',
  },
  warnings: 'Notes on the import',
};
