import type { rulesZhCN } from './rules.zh-CN';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** en-US texts of the rule centre (features/rules, issue #11) and of the links from refusals to their rule. */
export const rulesEnUS: Widen<typeof rulesZhCN> = {
  seeRule: 'See the rule',
  nav: {
    label: 'Rule categories',
    all: 'All rules',
    publish: 'Publishing rules',
    recommend: 'Recommendation rules',
  },
  categories: {
    publish: 'Publishing rules',
    recommend: 'Recommendation rules',
    certification: 'Certification rules',
  },
  categoryHints: {
    publish: 'What articles, image collections, videos, posts and live shows must follow',
    recommend: 'How works earn more recommendations, and what is recommended less',
    certification: 'Who can be certified, with which documents, under which agreement',
  },
  intro:
    'The platform\'s rules for publishing, recommendation and certification. When a work is refused or an action is not allowed, the "See the rule" link beside the message opens the rule it applies.',
  search: {
    label: 'Search the rules',
    placeholder: 'Search, e.g. title or contact details',
    button: 'Search',
    results: 'Results for "{{q}}": {{count}}',
    empty: 'No rule matches "{{q}}". Try another word, or browse by category',
    clear: 'Clear the search and browse by category',
  },
  list: {
    label: '{{category}}: list of rules',
    empty: 'This category has no rules yet; the rule centre lists the other categories',
    rules: '{{count}} rules',
  },
  rule: {
    version: 'Version {{version}}',
    effective: 'in effect since {{date}}',
    toc: 'On this page',
    copyLink: 'Copy the link to "{{title}}"',
    linkCopied: 'Link to this section copied',
    copyFailed: 'Could not copy; copy the link from the address bar',
    history: 'Version history',
    historyEntry: 'Version {{version}} · in effect since {{date}}',
    current: 'Current',
    notFound: 'This rule was not found',
    notFoundHint: 'It may have been renamed or withdrawn. Search the rule centre or browse by category.',
    backToCentre: 'Back to the rule centre',
    sectionMissing: 'This rule has no section "{{section}}"; here is the whole rule.',
  },
};
