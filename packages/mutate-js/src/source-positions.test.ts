import { describe, expect, it } from 'vitest';
import { SourcePositions } from './source-positions.js';

describe('SourcePositions', () => {
  it('counts columns in code points when a line has astral characters', () => {
    const text = 'a😀b\nc';
    const positions = new SourcePositions(text);
    expect(positions.position(text.indexOf('b'))).toEqual({ line: 1, col: 2 });
    expect(positions.position(text.indexOf('c'))).toEqual({ line: 2, col: 0 });
  });

  it('splits lines at \\r\\n, \\r and \\n but not at U+2028 when computing lines', () => {
    const text = 'a\r\nb\rc\nd\u2028e';
    const positions = new SourcePositions(text);
    expect(positions.position(text.indexOf('b'))).toEqual({ line: 2, col: 0 });
    expect(positions.position(text.indexOf('c'))).toEqual({ line: 3, col: 0 });
    expect(positions.position(text.indexOf('e'))).toEqual({ line: 4, col: 2 });
  });

  it('writes an end just after a terminator as the end of that line when the edit deletes whole lines', () => {
    const text = 'x\r\n  y;\r\nz\n';
    const positions = new SourcePositions(text);
    const start = positions.lineStart(2);
    expect(positions.edit(start, positions.lineEnd(2), '')).toEqual({
      line: 2,
      colStart: 0,
      endLine: 2,
      colEnd: 6,
      before: '  y;\r\n',
      after: '',
    });
  });

  it('places the end of a text ending with a terminator on the line after the last when asked for its position', () => {
    const positions = new SourcePositions('a\n');
    expect(positions.position(2)).toEqual({ line: 2, col: 0 });
    expect(positions.lineEnd(1)).toBe(2);
  });
});
