import { describe, expect, it } from 'vitest';
import { safeBackurl } from './backurl';

describe('safeBackurl (API.md §5: same-origin paths only)', () => {
  it.each([
    ['/', '/'],
    ['/detailManage?type=article&page=2', '/detailManage?type=article&page=2'],
    ['/messageList#x', '/messageList#x'],
  ])('keeps the same-origin path %s', (input, out) => expect(safeBackurl(input)).toBe(out));

  it.each([
    null,
    undefined,
    '',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'https://evil.example.com/',
    'javascript:alert(1)',
    'detailManage',
    '/\t/evil.example.com',
    '/javascript:alert(1)',
  ])('sends %s to /', (input) => expect(safeBackurl(input)).toBe('/'));
});
