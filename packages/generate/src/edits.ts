import { GenerateError } from './errors.js';
import type { Edit } from './types.js';

const LINE_RE = /[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/gu;

/** Code-point offsets of the start of every line, plus the end of the text (position `n + 1:0`). */
function lineStarts(points: readonly string[]): number[] {
  const text = points.join('');
  const starts: number[] = [];
  let offset = 0;
  for (const match of text.matchAll(LINE_RE)) {
    if (match[0].length === 0) continue;
    starts.push(offset);
    offset += Array.from(match[0]).length;
  }
  starts.push(offset);
  return starts;
}

function offsetOf(starts: readonly number[], line: number, col: number, what: string): number {
  if (!Number.isInteger(line) || line < 1 || line > starts.length) {
    throw new GenerateError(
      'invalid-edit',
      `@execret/generate applyEdits: ${what} line ${line} is outside 1..${starts.length}`,
    );
  }
  const start = starts[line - 1] as number;
  const limit = line < starts.length ? (starts[line] as number) - start : 0;
  if (!Number.isInteger(col) || col < 0 || col > limit) {
    throw new GenerateError(
      'invalid-edit',
      `@execret/generate applyEdits: ${what} column ${col} on line ${line} is outside 0..${limit}`,
    );
  }
  return start + col;
}

/**
 * Applies non-overlapping edits to `code` and returns the new text. Positions follow {@link Edit}:
 * 1-based lines, 0-based code-point columns, half-open ranges. Each edit's `before` must equal the
 * text it replaces; overlapping edits (a range starting before the previous one ends) are rejected.
 * The order of `edits` does not matter. Throws `GenerateError('invalid-edit')` on any mismatch.
 *
 * @example
 * applyEdits('def f(a, b):\n    return a < b\n', [
 *   { line: 2, colStart: 13, endLine: 2, colEnd: 14, before: '<', after: '<=' },
 * ]) // 'def f(a, b):\n    return a <= b\n'
 */
export function applyEdits(code: string, edits: readonly Edit[]): string {
  const points = Array.from(code);
  const starts = lineStarts(points);
  const ranges = edits
    .map((edit) => ({
      edit,
      from: offsetOf(starts, edit.line, edit.colStart, 'start'),
      to: offsetOf(starts, edit.endLine, edit.colEnd, 'end'),
    }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  let previousEnd = -1;
  for (const { edit, from, to } of ranges) {
    if (to < from) {
      throw new GenerateError(
        'invalid-edit',
        `@execret/generate applyEdits: edit at line ${edit.line} ends before it starts`,
      );
    }
    if (from < previousEnd) {
      throw new GenerateError(
        'invalid-edit',
        `@execret/generate applyEdits: edit at line ${edit.line} overlaps the previous edit`,
      );
    }
    const actual = points.slice(from, to).join('');
    if (actual !== edit.before) {
      throw new GenerateError(
        'invalid-edit',
        `@execret/generate applyEdits: edit at line ${edit.line} expected to replace ${JSON.stringify(edit.before)}, found ${JSON.stringify(actual)}`,
      );
    }
    previousEnd = to;
  }
  let out = points;
  for (const { edit, from, to } of [...ranges].reverse()) {
    out = [...out.slice(0, from), ...Array.from(edit.after), ...out.slice(to)];
  }
  return out.join('');
}

/**
 * The set of lines an edit touches, `line..endLine`, except that an end at column 0 of `endLine`
 * (a range that stops right after a line terminator) does not touch `endLine`.
 *
 * @example
 * editLines({ line: 3, colStart: 0, endLine: 5, colEnd: 0, before: '…', after: '' }) // [3, 4]
 */
export function editLines(edit: Edit): number[] {
  const last = edit.colEnd === 0 && edit.endLine > edit.line ? edit.endLine - 1 : edit.endLine;
  const lines: number[] = [];
  for (let line = edit.line; line <= last; line += 1) lines.push(line);
  return lines;
}
