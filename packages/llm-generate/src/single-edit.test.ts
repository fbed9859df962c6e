import { applyEdits } from '@execret/generate';
import { describe, expect, it } from 'vitest';
import { checkSingleEdit, editBetween, measureEdit } from './single-edit.js';

const guard =
  'def f(n):\n    if n < 0:\n        return 0\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n';

describe('measureEdit', () => {
  it.each([
    [
      'an operator change',
      'def f(a, b):\n    return a < b\n',
      'def f(a, b):\n    return a <= b\n',
      { identical: false, lines: 1, chars: 1, line: 2 },
    ],
    [
      'a deleted guard',
      guard,
      guard.replace('    if n < 0:\n        return 0\n', ''),
      { identical: false, lines: 2, chars: 30, line: 2 },
    ],
    [
      'CRLF and trailing spaces only',
      guard,
      `${guard.replaceAll('\n', '  \r\n')}\n\n`,
      { identical: true, lines: 0, chars: 0, line: 0 },
    ],
    [
      'two edits four lines apart',
      guard,
      guard.replace('n < 0', 'n <= 0').replace('total += i', 'total -= i'),
      { identical: false, lines: 5, chars: 74, line: 2 },
    ],
    [
      'a non-ASCII literal',
      'def f():\n    return "é😀"\n',
      'def f():\n    return "é😀!"\n',
      { identical: false, lines: 1, chars: 1, line: 2 },
    ],
  ])('measures %s', (_name, a, b, expected) => expect(measureEdit(a, b)).toEqual(expected));
});

describe('checkSingleEdit', () => {
  const loop =
    'def f(n):\n    if n < 0:\n        return 0\n    total = 0\n    i = 0\n    while i < n:\n        total += i\n        i += 1\n    return total\n';
  it.each([
    ['an off-by-one', guard.replace('range(n)', 'range(n - 1)'), true, null],
    ['a removed guard', guard.replace('    if n < 0:\n        return 0\n', ''), true, null],
    ['whitespace only', guard.replace('\n', '   \n'), false, 'no_edit'],
    [
      'two distant edits',
      guard.replace('n < 0', 'n <= 0').replace('total += i', 'total -= i'),
      false,
      'not_single_edit',
    ],
    ['an alternative algorithm', loop, false, 'not_single_edit'],
  ])('accepts or rejects %s', (_name, distractor, ok, code) => {
    const out = checkSingleEdit(guard, distractor);
    expect(out.ok).toBe(ok);
    if (!out.ok) expect(out.code).toBe(code);
  });

  it('applies the thresholds exactly when they are set', () => {
    const edited = guard.replace('    if n < 0:\n        return 0\n', '');
    expect(checkSingleEdit(guard, edited, { maxLines: 2 }).ok).toBe(true);
    expect(checkSingleEdit(guard, edited, { maxLines: 1 }).ok).toBe(false);
    expect(checkSingleEdit(guard, edited, { maxChars: 30 }).ok).toBe(true);
    expect(checkSingleEdit(guard, edited, { maxChars: 29 }).ok).toBe(false);
    expect(() => checkSingleEdit(guard, edited, { maxLines: 0 })).toThrow(RangeError);
  });
});

describe('editBetween', () => {
  it.each([
    [
      '<  →  <=',
      'def f(a, b):\n    return a < b\n',
      'def f(a, b):\n    return a <= b\n',
      { before: '<', after: '<=', line: 2, colStart: 13 },
    ],
    ['10 → 11', 'x = 10\n', 'x = 11\n', { before: '10', after: '11', line: 1, colStart: 4 }],
    ['and → or', 'y = a and b\n', 'y = a or b\n', { before: 'and', after: 'or' }],
    ['swapped arguments', 'z = pow(a, b)\n', 'z = pow(b, a)\n', { before: 'a, b', after: 'b, a' }],
    [
      'a deleted guard',
      guard,
      guard.replace('    if n < 0:\n        return 0\n', ''),
      { line: 2, colStart: 0, endLine: 4, colEnd: 0, before: '    if n < 0:\n        return 0\n', after: '' },
    ],
    [
      'an inserted line',
      guard,
      guard.replace('    total = 0\n', '    total = 0\n    n += 1\n'),
      { line: 5, colStart: 0, endLine: 5, colEnd: 0, before: '', after: '    n += 1\n' },
    ],
    ['CRLF text', 'a = 1\r\nb = 2\r\n', 'a = 1\r\nb = 3\r\n', { line: 2, colStart: 4, before: '2', after: '3' }],
    [
      'an edit after astral characters',
      's = "😀😀"; t = 1\n',
      's = "😀😀"; t = 2\n',
      { colStart: 14, before: '1', after: '2' },
    ],
    ['no final newline', 'return x', 'return x + 1', { before: '', after: ' + 1', line: 1, colStart: 8 }],
    ['identical text', 'x = 1\n', 'x = 1\n', { before: '', after: '' }],
  ])('records %s so that applyEdits reproduces the distractor', (_name, a, b, expected) => {
    const edit = editBetween(a, b);
    expect(edit).toMatchObject(expected);
    expect(applyEdits(a, [edit])).toBe(b);
  });
});
