import type { ActivityState } from '@cc/contracts';
import { AppError } from '../../errors.js';

/*
 * The activity state machine in one place (issue #15 "Activities"; spec §7): draft → published (visible) →
 * closed (entry closed) → announced (results). A draft is the only state that can be edited.
 */

/** What an operator (or the close job) does to an activity. */
export type ActivityAction = 'edit' | 'publish' | 'close' | 'announce' | 'disqualify';

/** The state each action needs. */
export const ACTION_FROM: Record<ActivityAction, readonly ActivityState[]> = {
  edit: ['draft'],
  publish: ['draft'],
  close: ['published'],
  announce: ['closed'],
  disqualify: ['published', 'closed'],
};

const STATE_CODE = {
  draft: 'ACTIVITY_STATE_DRAFT',
  published: 'ACTIVITY_STATE_PUBLISHED',
  closed: 'ACTIVITY_STATE_CLOSED',
  announced: 'ACTIVITY_STATE_ANNOUNCED',
} as const;

const ACTION_CODE = {
  edit: 'ACTIVITY_ACTION_EDIT',
  publish: 'ACTIVITY_ACTION_PUBLISH',
  close: 'ACTIVITY_ACTION_CLOSE',
  announce: 'ACTIVITY_ACTION_ANNOUNCE',
  disqualify: 'ACTIVITY_ACTION_DISQUALIFY',
} as const;

/** The 10008 refusal naming the state and the action (both languages through the catalog). */
export function stateConflict(state: ActivityState, action: ActivityAction): AppError {
  return new AppError('CONFLICT', {
    code: 'ACTIVITY_STATE_CONFLICT',
    params: { state: { code: STATE_CODE[state] }, action: { code: ACTION_CODE[action] } },
  });
}

/** @throws CONFLICT ACTIVITY_STATE_CONFLICT when `state` does not allow `action` */
export function assertCan(state: ActivityState, action: ActivityAction): void {
  if (!ACTION_FROM[action].includes(state)) throw stateConflict(state, action);
}
