import type { creditZhCN } from './credit.zh-CN';

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : Texts<T[K]>;
};

/** en-US texts of the credit score (features/credit, issue #14 "Credit score"). */
export const creditEnUS: Texts<typeof creditZhCN> = {
  title: 'Credit score',
  intro:
    'Every author starts at 100. A work refused for a violation costs points; each deduction names the work and the rule it broke, and you can appeal it. Keeping to the rules brings points back, up to 100.',
  score: {
    label: 'Your credit score',
    value: '{{score}} points',
    outOf: 'out of {{max}}',
    full: 'Good standing: nothing is restricted',
    good: 'Nothing is restricted; keep to the rules to climb back to 100',
    restricted_one: '{{count}} restriction applies now',
    restricted_other: '{{count}} restrictions apply now',
    pendingAppeals_one: '{{count}} appeal is waiting for an operator',
    pendingAppeals_other: '{{count}} appeals are waiting for an operator',
  },
  rules: {
    title: 'How the score changes',
    violation:
      'A work refused for a violation (a prohibited word, an operator’s refusal): {{points}} points; once per work and rule',
    cleanWeek: 'A week (Monday–Sunday) without a deduction: +{{points}} point, every Monday at 00:30',
    approvedUpload:
      'A new work (article, album, video, short video) approved for the first time: +{{points}} points, at most once in 24 hours',
    cap: 'The score stays between 0 and {{max}}, recoveries stop at {{max}}; an upheld appeal gives the deducted points back',
  },
  thresholds: {
    title: 'Credit thresholds',
    intro: 'Below a threshold the feature it guards is restricted. Where you stand now:',
    promotion: 'Start a promotion of a work',
    business_orders: 'Accept business orders',
    line: 'Restricted below {{line}} points',
    applies: 'Restricted',
    open: 'Available',
    needs: '{{count}} more points to lift it (+1 per clean week, +3 per new approved work)',
    above: '{{count}} points above the threshold',
    violationsAway: '{{count}} more deductions would restrict it',
    atLine: 'Right at the threshold: one more deduction would restrict it',
  },
  ledger: {
    title: 'Credit history',
    empty: 'No changes yet: your score is full. Before publishing, the rule centre tells you what to avoid.',
    toRules: 'Open the rule centre',
    columns: {
      time: 'Time',
      change: 'Change',
      reason: 'Reason',
      work: 'Work and rule',
      after: 'Score after',
      appeal: 'Appeal',
    },
    points: '{{points}} points',
    after: '{{score}} points',
    noWork: '—',
    deletedWork: '(work deleted)',
  },
  reason: {
    violation: 'Violation',
    clean_week: 'Clean week',
    approved_upload: 'New approved work',
    appeal_upheld: 'Appeal upheld',
    operator: 'Operator adjustment',
  },
  appeal: {
    action: 'Appeal',
    notAppealable: 'Not appealable',
    state: {
      pending: 'Appeal pending',
      upheld: 'Appeal upheld',
      dismissed: 'Appeal dismissed',
    },
    note: 'Operator’s note: {{note}}',
    title: 'Appeal this deduction',
    deduction: '“{{title}}”, {{points}} points',
    reason: 'Why you appeal',
    reasonHint:
      'Say why the work broke no rule, {{min}}–{{max}} characters. Each deduction can be appealed once; a message tells you the decision.',
    reasonLength: 'The reason must be {{min}}–{{max}} characters',
    submit: 'Send the appeal',
    submitted: 'Appeal sent: an operator will decide',
  },
  ops: {
    tab: 'Credit appeals',
    intro:
      'Authors’ appeals of deductions. Upholding gives the deducted points back, dismissing leaves the score; either way the author reads your note.',
    states: {
      pending: 'Pending',
      upheld: 'Upheld',
      dismissed: 'Dismissed',
    },
    empty: {
      pending: 'No appeal is waiting',
      upheld: 'No appeal has been upheld yet',
      dismissed: 'No appeal has been dismissed yet',
    },
    columns: {
      author: 'Author',
      deduction: 'Deduction (work and rule)',
      reason: 'Author’s reason',
      at: 'Appealed at',
      decision: 'Decision',
    },
    account: 'Account: {{account}}',
    score: 'Score now {{score}}',
    points: '{{points}} points',
    uphold: 'Uphold and restore',
    dismiss: 'Dismiss',
    decideTitle: {
      uphold: 'Uphold: give back the {{points}} points deducted for “{{title}}”',
      dismiss: 'Dismiss the appeal of the deduction for “{{title}}”',
    },
    note: 'Note (the author reads it)',
    noteRequired: 'Write a note for the author',
    upheld: 'Upheld: the author’s points are back',
    dismissed: 'Appeal dismissed',
    decidedBy: '{{operator}}: {{note}}',
  },
};
