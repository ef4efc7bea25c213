import {
  type MessageRef,
  ORDER_AUTHOR_STATES,
  ORDER_CLOSED_STATES,
  ORDER_OPEN_STATES,
  type OrderAction,
  type OrderState,
  type OrderType,
  type PlainMessageCode,
  toMessageRef,
} from '@cc/contracts';
import { AppError } from '../../errors.js';

/**
 * THE STATE MACHINE OF BUSINESS ORDERS (issue #14 "A state machine in one place, every illegal transition 10008").
 * Every change of `business_orders.state` asks `transition` here first; nothing else decides what may follow what.
 *
 *   invited ──accept──▶ accepted ──deliver──▶ delivered ──approve──▶ approved ──settle──▶ settled
 *      │                  │   ▲                  │
 *      ├─decline▶ declined │   └────deliver─── revision_requested ◀──revise──┘
 *      ├─expire─▶ expired ◀┘(deliver-by passed)   │ (deliver-by passed → expired)
 *      └─cancel─▶ cancelled ◀── operators, any state before approval
 *
 * Who may act: the author accepts, declines and delivers; operators approve, ask for a revision and cancel; the job
 * (business.ts) expires and settles. Rules beyond the state (credit, limits, deadlines, revisions left, the work)
 * are business.service.ts's; the state is checked here.
 */
const TRANSITIONS: Readonly<Record<OrderState, Partial<Record<OrderAction, OrderState>>>> = {
  invited: { accept: 'accepted', decline: 'declined', expire: 'expired', cancel: 'cancelled' },
  accepted: { deliver: 'delivered', expire: 'expired', cancel: 'cancelled' },
  delivered: { approve: 'approved', revise: 'revision_requested', cancel: 'cancelled' },
  revision_requested: { deliver: 'delivered', expire: 'expired', cancel: 'cancelled' },
  approved: { settle: 'settled' },
  settled: {},
  declined: {},
  expired: {},
  cancelled: {},
};

const STATE_CODES: Readonly<Record<OrderState, PlainMessageCode>> = {
  invited: 'ORDER_STATE_INVITED',
  accepted: 'ORDER_STATE_ACCEPTED',
  delivered: 'ORDER_STATE_DELIVERED',
  revision_requested: 'ORDER_STATE_REVISION_REQUESTED',
  approved: 'ORDER_STATE_APPROVED',
  settled: 'ORDER_STATE_SETTLED',
  declined: 'ORDER_STATE_DECLINED',
  expired: 'ORDER_STATE_EXPIRED',
  cancelled: 'ORDER_STATE_CANCELLED',
};

const ACTION_CODES: Readonly<Record<OrderAction, PlainMessageCode>> = {
  accept: 'ORDER_ACTION_ACCEPT',
  decline: 'ORDER_ACTION_DECLINE',
  deliver: 'ORDER_ACTION_DELIVER',
  approve: 'ORDER_ACTION_APPROVE',
  revise: 'ORDER_ACTION_REVISE',
  cancel: 'ORDER_ACTION_CANCEL',
  expire: 'ORDER_ACTION_EXPIRE',
  settle: 'ORDER_ACTION_SETTLE',
};

const TYPE_CODES: Readonly<Record<OrderType, PlainMessageCode>> = {
  implanted_video: 'ORDER_TYPE_IMPLANTED_VIDEO',
  custom_video: 'ORDER_TYPE_CUSTOM_VIDEO',
  direct_post: 'ORDER_TYPE_DIRECT_POST',
  repost: 'ORDER_TYPE_REPOST',
};

/** The catalog reference of a state's name, e.g. `{ code: 'ORDER_STATE_ACCEPTED' }` (rendered in the reader's language). */
export function stateRef(state: OrderState): MessageRef {
  return toMessageRef(STATE_CODES[state]);
}

/** The catalog reference of an order type's name. */
export function typeRef(type: OrderType): MessageRef {
  return toMessageRef(TYPE_CODES[type]);
}

/** The state `action` leads to from `state`, or null when the machine does not allow it. */
export function nextState(state: OrderState, action: OrderAction): OrderState | null {
  return TRANSITIONS[state][action] ?? null;
}

/**
 * The state `action` leads to from `state`.
 * @throws AppError CONFLICT (10008, ORDER_ACTION_NOT_ALLOWED { state, action }) naming the current state and the
 *   action, both as catalog references, when the machine does not allow it
 */
export function transition(state: OrderState, action: OrderAction): OrderState {
  const next = nextState(state, action);
  if (!next)
    throw new AppError('CONFLICT', {
      code: 'ORDER_ACTION_NOT_ALLOWED',
      params: { state: stateRef(state), action: toMessageRef(ACTION_CODES[action]) },
    });
  return next;
}

/** The actions the machine allows from `state` (for the detail page's buttons and the tests). */
export function allowedActions(state: OrderState): OrderAction[] {
  return Object.keys(TRANSITIONS[state]) as OrderAction[];
}

/** True while the order waits for the author (an invitation, a revision): `hasBussinessTask`. */
export function awaitsAuthor(state: OrderState): boolean {
  return (ORDER_AUTHOR_STATES as readonly OrderState[]).includes(state);
}

/** True for states that count against the grade's limit of orders at once. */
export function isOpen(state: OrderState): boolean {
  return (ORDER_OPEN_STATES as readonly OrderState[]).includes(state);
}

/** True for the final states that closed an order without settlement. */
export function isClosed(state: OrderState): boolean {
  return (ORDER_CLOSED_STATES as readonly OrderState[]).includes(state);
}

/** Every state and action, for the exhaustive tests. */
export const MACHINE_STATES = Object.keys(TRANSITIONS) as OrderState[];
