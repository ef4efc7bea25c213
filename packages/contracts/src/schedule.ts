import { type RuleViolation, ruleViolation } from './text-rules.js';

/**
 * The window of a scheduled publish (publishType 2 of every type, API.md §13 "5 minutes to 30 days ahead";
 * issue #10): the page's date picker and the server check the same rule.
 */
export const SCHEDULE_MIN_MINUTES = 5;
export const SCHEDULE_MAX_DAYS = 30;

/** A broken schedule rule. */
export type ScheduleRuleViolation = RuleViolation<
  'SCHEDULE_INVALID' | 'SCHEDULE_PAST' | 'SCHEDULE_TOO_SOON' | 'SCHEDULE_TOO_FAR'
>;

/**
 * Checks a scheduled publishing time against `now` (API.md §13): a valid ISO 8601 time, in the future, at
 * least `SCHEDULE_MIN_MINUTES` minutes and at most `SCHEDULE_MAX_DAYS` days after `now` (both bounds included).
 * @param scheduledAt ISO 8601
 * @returns the broken rule (SCHEDULE_INVALID, SCHEDULE_PAST, SCHEDULE_TOO_SOON, SCHEDULE_TOO_FAR), or null
 */
export function checkScheduledAt(scheduledAt: string | undefined, now: Date): ScheduleRuleViolation | null {
  const at = scheduledAt ? new Date(scheduledAt) : null;
  if (!at || Number.isNaN(at.getTime())) return ruleViolation({ code: 'SCHEDULE_INVALID' });
  const ahead = at.getTime() - now.getTime();
  if (ahead <= 0) return ruleViolation({ code: 'SCHEDULE_PAST' });
  if (ahead < SCHEDULE_MIN_MINUTES * 60_000)
    return ruleViolation({ code: 'SCHEDULE_TOO_SOON', params: { minutes: SCHEDULE_MIN_MINUTES } });
  if (ahead > SCHEDULE_MAX_DAYS * 86_400_000)
    return ruleViolation({ code: 'SCHEDULE_TOO_FAR', params: { days: SCHEDULE_MAX_DAYS } });
  return null;
}
