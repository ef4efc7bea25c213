import { ORDER_ACTIONS, ORDER_STATES, renderMessage } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import {
  allowedActions,
  awaitsAuthor,
  isClosed,
  isOpen,
  MACHINE_STATES,
  nextState,
  transition,
} from './order-machine.js';

/** The machine as the issue and docs/decisions/0013-business-orders.md state it (the expected table, written out). */
const EXPECTED: Record<string, Record<string, string>> = {
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

describe('the order state machine (issue #14 "A state machine in one place")', () => {
  it('covers every state of the contracts', () => {
    expect([...MACHINE_STATES].sort()).toEqual([...ORDER_STATES].sort());
  });

  for (const state of ORDER_STATES) {
    for (const action of ORDER_ACTIONS) {
      const expected = EXPECTED[state]![action];
      if (expected) {
        it(`${state} --${action}--> ${expected}`, () => {
          expect(transition(state, action)).toBe(expected);
          expect(nextState(state, action)).toBe(expected);
        });
      } else {
        it(`${state} refuses ${action} with 10008 naming the state`, () => {
          expect(nextState(state, action)).toBeNull();
          let err: unknown;
          try {
            transition(state, action);
          } catch (e) {
            err = e;
          }
          expect(err).toBeInstanceOf(AppError);
          const e = err as AppError;
          expect(e.status).toBe(10008);
          expect(e.messageRef).toMatchObject({
            code: 'ORDER_ACTION_NOT_ALLOWED',
            params: { state: { code: `ORDER_STATE_${state.toUpperCase()}` } },
          });
        });
      }
    }
  }

  it('renders the refusal in both languages with the state named', () => {
    const err = (() => {
      try {
        transition('settled', 'cancel');
      } catch (e) {
        return e as AppError;
      }
      throw new Error('no refusal');
    })();
    expect(err.messageIn('zh-CN')).toBe('这个商单当前为“已结算”，不能取消');
    expect(err.messageIn('en-US')).toBe('the order is settled and cannot be cancelled');
    expect(renderMessage({ code: 'ORDER_STATE_REVISION_REQUESTED' }, 'en-US')).toBe('revision requested');
  });

  it('classifies states: waiting for the author, open, closed', () => {
    expect(ORDER_STATES.filter(awaitsAuthor)).toEqual(['invited', 'revision_requested']);
    expect(ORDER_STATES.filter(isOpen)).toEqual(['accepted', 'delivered', 'revision_requested']);
    expect(ORDER_STATES.filter(isClosed)).toEqual(['declined', 'expired', 'cancelled']);
    expect(allowedActions('delivered').sort()).toEqual(['approve', 'cancel', 'revise']);
  });
});
