import type { ContentStatus } from '@cc/contracts';

/**
 * The rule of a review's refusal when the server names none (a rejection stored before issue #11, or a reason
 * no catalog code maps): the rule centre's section on review and its results.
 */
export const REVIEW_RULE_REF = 'publish-prohibited#manual-review';

/**
 * The rule a rejected work's refusal applies (issue #11 "every refusal links to the rule it applies"): the list's
 * `rejectRuleRef` (`content/list`, from the review's message code), else {@link REVIEW_RULE_REF}; null when the
 * work is not rejected.
 */
export function rejectionRuleRef(item: {
  status: ContentStatus;
  rejectRuleRef?: string | null;
}): string | null {
  if (item.status !== 'rejected') return null;
  return item.rejectRuleRef || REVIEW_RULE_REF;
}
