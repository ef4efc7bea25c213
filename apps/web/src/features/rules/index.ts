export { RuleCategoryView } from './components/rule-category';
export { RuleNav } from './components/rule-nav';
export { RuleOverview } from './components/rule-overview';
export { Highlighted, RuleSearchBox, RuleSearchResults } from './components/rule-search';
export { RuleView } from './components/rule-view';
export { highlightSegments, prepareRuleHtml, queryTerms } from './logic';
