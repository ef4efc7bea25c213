import { describe, expect, it } from 'vitest';
import { parseRange } from './range.js';

describe('parseRange (RFC 9110 byte ranges for video seeking)', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['', { kind: 'full' }],
    ['items=0-5', { kind: 'full' }],
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=990-', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=-10', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['BYTES=1-2', { kind: 'partial', start: 1, end: 2 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=5-4', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=a-b', { kind: 'unsatisfiable' }],
    ['bytes=0-1,3-4', { kind: 'unsatisfiable' }],
  ])('%j of 1000 bytes → %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('nothing is satisfiable in an empty object', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
