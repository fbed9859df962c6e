import { describe, expect, it } from 'vitest';
import { operatorSpan } from './spans.js';

describe('operatorSpan', () => {
  it.each([
    ['a <= b', 1, 5, '<=', [2, 4]],
    ['(a) <= (b)', 2, 7, '<=', [4, 6]],
    ['a /* < */ < b', 1, 12, '<', [10, 11]],
    ['a // c\n  && b', 1, 12, '&&', [9, 11]],
  ] as const)(
    'finds the operator in %j when only spaces, parentheses and comments surround it',
    (source, from, to, op, span) => {
      expect(operatorSpan(source, from, to, op)).toEqual(span);
    },
  );

  it.each([
    ['a <= b', 1, 5, '<'],
    ['a < b', 1, 4, '<='],
    ['a /* x', 1, 6, '<'],
  ] as const)('returns null for %j when the gap holds something else', (source, from, to, op) => {
    expect(operatorSpan(source, from, to, op)).toBeNull();
  });
});
