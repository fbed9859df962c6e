import { describe, expect, it } from 'vitest';
import { editSpan } from './edit-span.js';

describe('editSpan', () => {
  it.each([
    ['return a < b', 'return a <= b', 1],
    ['return a <= b', 'return a < b', 1],
    ['x + 1', 'x - 1', 1],
    ['same', 'same', 0],
    ['abc', '', 3],
    ['aXa', 'aa', 1],
    ['f(a, b)', 'f(b, a)', 4],
  ])('editSpan(%j, %j) = %i', (a, b, expected) => {
    expect(editSpan(a, b)).toBe(expected);
  });
});
