import type { accountZhCN } from './account.zh-CN';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** en-US texts of issue #9 "Dead ends and wrong turns": the same keys as zh-CN. */
export const accountEnUS: Widen<typeof accountZhCN> = {
  settings: {
    pageTitle: 'Account settings',
    profileTitle: 'Profile',
    avatar: 'Avatar',
    avatarHint: 'JPG, PNG, GIF or WebP, at most 20MB; cropped square and shown at 120 × 120',
    changeAvatar: 'Change avatar',
    cropAvatar: 'Crop avatar',
    avatarSaved: 'Avatar updated',
    mediaName: 'Media name',
    mediaNameHint: '2–20 characters, shown to readers',
    mediaNameRule: 'Media name must be 2–20 characters',
    saveMediaName: 'Save name',
    mediaNameSaved: 'Media name updated',
    saveFailed: 'Could not save: {{message}}',
    passwordTitle: 'Change password',
    passwordHint:
      'After the change you are signed out on every other device and browser; this one stays signed in.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    changePassword: 'Change password',
    passwordChanged: 'Password changed',
    passwordChangedOthers_one: 'Password changed; signed out of {{count}} other session',
    passwordChangedOthers_other: 'Password changed; signed out of {{count}} other sessions',
    wrongOldPassword: 'The current password is wrong',
    sameAsOld: 'The new password must differ from the current one',
  },
  password: {
    confirm: 'Confirm password',
    confirmPlaceholder: 'Enter the password again',
    mismatch: 'The two passwords do not match',
  },
  pickers: {
    dotsTitle: 'Choose a video to mark',
    dotsHint: 'Video dots work on published videos that play.',
    dotsEmpty: 'No published videos yet: publish one, then mark its dots',
    dotsChoose: 'Mark dots',
    notPlayable: 'Not playable yet',
    previewTitle: 'Choose an article to preview',
    previewHint: 'Pick one of your articles to see it as readers do.',
    previewEmpty: 'No articles yet: write your first one',
    previewChoose: 'Preview',
  },
  content: {
    statPlays: '{{n}} plays',
    publish: {
      all: 'Publish',
      article: 'Publish article',
      album: 'Publish album',
      video: 'Publish video',
      smallVideo: 'Publish short video',
      dynamic: 'Publish post',
      live: 'Create live show',
      program: 'Create program',
    },
    empty: {
      article: 'No articles yet',
      album: 'No albums yet',
      video: 'No videos yet',
      smallVideo: 'No short videos yet',
      dynamic: 'No posts yet',
      live: 'No live shows yet',
      program: 'No programs yet',
    },
  },
  messages: {
    openTitle: 'Open: {{title}}',
  },
};
