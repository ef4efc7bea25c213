import type { carphotoZhCN } from './carphoto.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of this area (issue #15 "Car photo library"). */
export const carphotoEnUS: Texts<typeof carphotoZhCN> = {
  title: 'Car photo library',
  opsTab: 'Car photos',
  tags: { exterior: 'Exterior', interior: 'Interior', detail: 'Detail' },
  allTags: 'All',
  picker: {
    open: 'From the car photo library',
    title: 'Car photo library',
    searchLabel: 'Search by brand or series',
    searchPlaceholder: 'Brand or series, e.g. BMW, 3 Series, 宝马',
    tagLabel: 'Kind',
    empty: 'No official pictures match',
    emptyHint:
      'Try another brand or series; operators collect the library from the brands’ official releases',
    insert: 'Insert {{count}}',
    insertOne: 'Insert',
    selected: '{{count}} selected',
    selectedMax: 'at most {{max}}',
    pick: 'Pick {{name}}',
    failed: 'Could not insert: {{reason}}',
    creditNote: 'The credit goes with the picture; please keep it',
  },
  album: {
    added: '{{count}} pictures added from the car photo library, with the credit in their descriptions',
  },
  poster: {
    heading: 'Car photo library',
    hint: 'Official brand pictures, inserted with the credit below them',
  },
  ops: {
    intro:
      'Curate official pictures per car series: upload, choose the brand and series, tag exterior / interior / detail, write the caption and credit in both languages and the source. Retired pictures are hidden from authors; works that used them keep them.',
    new: 'Add a picture',
    empty: 'The library has no pictures yet',
    emptyHint:
      'Upload pictures the brands published themselves (e.g. their press site), with the source and the credit.',
    filterRetired: 'State',
    statusAll: 'All',
    statusActive: 'In use',
    statusRetired: 'Retired',
    retire: 'Retire',
    restore: 'Restore',
    edit: 'Edit',
    retired: 'Retired',
    active: 'In use',
    saved: 'Saved',
    retiredDone: 'Retired: authors no longer find this picture',
    restoredDone: 'Restored',
    uses: 'Used {{count}} times · {{users}} authors',
    columns: {
      image: 'Picture',
      series: 'Brand and series',
      tag: 'Kind',
      caption: 'Caption',
      credit: 'Credit and source',
      usage: 'Usage',
      state: 'State',
      actions: 'Actions',
    },
    form: {
      createTitle: 'Add a car picture',
      editTitle: 'Edit a car picture',
      image: 'Picture',
      upload: 'Upload a picture',
      replace: 'Replace the picture',
      imageHint: 'JPEG, PNG, GIF or WebP, at most 20 MB; only pictures uploaded here are accepted',
      series: 'Brand and series',
      seriesPlaceholder: 'Type a brand or series, e.g. BMW 3 Series',
      seriesNone: 'No series of the catalogue matches',
      tag: 'Kind',
      captionZh: 'Caption (Chinese)',
      captionEn: 'Caption (English)',
      creditZh: 'Credit (Chinese)',
      creditEn: 'Credit (English)',
      creditHintZh: 'Chinese pages show “图片来源：{{credit}}”',
      creditHintEn: 'English pages show “Photo: {{credit}}”',
      source: 'Source',
      sourceHint: 'Where the picture comes from, e.g. the brand’s press site address',
      required: 'Required',
    },
  },
};
