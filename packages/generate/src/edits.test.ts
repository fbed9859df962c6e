import { describe, expect, it } from 'vitest';
import { applyEdits, editLines } from './edits.js';
import { GenerateError } from './errors.js';
import type { Edit } from './types.js';

const edit = (
  line: number,
  colStart: number,
  endLine: number,
  colEnd: number,
  before: string,
  after: string,
): Edit => ({ line, colStart, endLine, colEnd, before, after });

describe('applyEdits', () => {
  it.each([
    [
      'a single-line replacement',
      'def f(a, b):\n    return a < b\n',
      [edit(2, 13, 2, 14, '<', '<=')],
      'def f(a, b):\n    return a <= b\n',
    ],
    [
      'columns counted in code points after astral characters',
      'x = "😀😀" + y[i]\n',
      [edit(1, 13, 1, 14, 'i', 'i + 1')],
      'x = "😀😀" + y[i + 1]\n',
    ],
    [
      'columns counted in code points after BMP non-ASCII characters',
      's = "日本語"; t = s[0]\n',
      [edit(1, 17, 1, 18, '0', '1')],
      's = "日本語"; t = s[1]\n',
    ],
    [
      'a whole-line deletion that consumes the terminator',
      'a\nif x:\n    return\nb\n',
      [edit(2, 0, 3, 11, 'if x:\n    return\n', '')],
      'a\nb\n',
    ],
    ['a range ending at the start of the next line', 'a\nb\nc\n', [edit(2, 0, 3, 0, 'b\n', '')], 'a\nc\n'],
    ['CRLF line endings', 'a = 1\r\nb = 2\r\n', [edit(2, 4, 2, 5, '2', '3')], 'a = 1\r\nb = 3\r\n'],
    [
      'several edits given in any order',
      'f(a, b)\ng(c)\n',
      [edit(2, 2, 2, 3, 'c', 'd'), edit(1, 2, 1, 6, 'a, b', 'b, a')],
      'f(b, a)\ng(d)\n',
    ],
    ['no edits', 'x\n', [], 'x\n'],
  ] as const)('applies %s', (_, code, edits, expected) => {
    expect(applyEdits(code, edits)).toBe(expected);
  });

  it.each([
    ['the before text does not match', 'abc\n', [edit(1, 0, 1, 1, 'x', 'y')], /expected to replace "x", found "a"/u],
    ['two edits overlap', 'abcdef\n', [edit(1, 0, 1, 3, 'abc', ''), edit(1, 2, 1, 4, 'cd', '')], /overlaps/u],
    ['a line is out of range', 'a\n', [edit(5, 0, 5, 0, '', 'x')], /line 5 is outside 1\.\.2/u],
    [
      'a column is past the end of its line',
      'ab\n',
      [edit(1, 0, 1, 9, 'ab\n', '')],
      /column 9 on line 1 is outside 0\.\.3/u,
    ],
  ] as const)('throws GenerateError invalid-edit when %s', (_, code, edits, message) => {
    let caught: unknown;
    try {
      applyEdits(code, edits);
    } catch (error) {
      caught = error;
    }
    expect(GenerateError.is(caught)).toBe(true);
    expect((caught as GenerateError).code).toBe('invalid-edit');
    expect((caught as Error).message).toMatch(message);
  });
});

describe('editLines', () => {
  it.each([
    [edit(3, 4, 3, 9, 'x', 'y'), [3]],
    [edit(3, 0, 4, 12, 'a\nb\n', ''), [3, 4]],
    [edit(3, 0, 5, 0, 'a\nb\n', ''), [3, 4]],
  ] as const)('lists the touched lines of %j', (e, lines) => {
    expect(editLines(e)).toEqual(lines);
  });
});
