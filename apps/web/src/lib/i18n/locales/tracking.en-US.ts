import type { trackingZhCN } from './tracking.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of this area (issue #15). */
export const trackingEnUS: Texts<typeof trackingZhCN> = {
  title: 'Product usage',
  opsTab: 'Product usage',
  usage: {
    intro:
      "Authors' page views and key actions (publish, upload, export) in Creator Centre, from the tracking table, by days in the report time zone {{tz}}.",
    period: 'Period',
    activeAuthors: 'Active authors per day',
    chartLabel: 'Line chart of active authors per day, {{from}} to {{to}}',
    authorsSeries: 'Active authors',
    totalAuthors: 'Active authors in the period',
    funnel: 'Upload → publish funnel',
    funnelHelp:
      'Of the authors who uploaded in the period, those who published after their first upload (in the period)',
    uploaded: 'Authors who uploaded',
    published: 'Of them, published',
    conversion: 'Conversion',
    topPages: 'Most viewed pages',
    path: 'Path',
    pageTitle: 'Page title',
    views: 'Views',
    authors: 'Authors',
    actions: 'Key actions',
    action: 'Action',
    count: 'Count',
    actionNames: { publish: 'Publish', upload: 'Upload', export: 'Export' },
    empty: 'No tracking data in this period',
  },
  optOut: {
    title: 'Usage data',
    label: 'Do not record my usage',
    help: 'When on, Creator Centre stops recording which pages you view and your publishing, uploads and exports: the browser stops sending and the server drops anything sent. The setting is kept on your account and holds on every device. What is recorded is only the page title, the work title, the area of the app, the page path and the time — no IP address and no browser details — kept for 180 days. Nothing is recorded either while your browser sends Do Not Track or Global Privacy Control.',
    dnt: 'Your browser sends Do Not Track or Global Privacy Control: nothing is recorded in this browser.',
    saved: 'Saved',
    updatedAt: 'Last changed: {{time}}',
  },
  error: {
    latest: 'Latest error: {{kind}}, {{time}}',
    latestDetail: 'Where: {{detail}}',
    none: 'No error recorded in this visit',
    kinds: { network: 'network', server: 'server', script: 'script' },
    copy: 'Copy support report',
    copied: 'Support report copied to the clipboard',
    copyFailed: 'Could not write to the clipboard; select the text below and copy it',
    report: {
      title: 'Creator Centre support report',
      version: 'Version',
      time: 'Error time',
      kind: 'Kind',
      detail: 'Request path or message',
      page: 'Page',
      language: 'Language',
      user: 'User id',
      none: 'none',
    },
  },
};
