import type { JsMutantEdit } from '../src/index.js';

/**
 * An independent re-implementation of `@execret/generate`'s `applyEdits` for one edit (lines split at `\r\n`,
 * `\r`, `\n`; 1-based lines; 0-based code-point columns; half-open range; `before` must match), so the tests check
 * the engine's positions against the documented convention rather than against the engine's own arithmetic.
 */
export function applyEdit(code: string, edit: JsMutantEdit): string {
  const lines = code.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/gu) ?? [];
  const points = lines.map((line) => Array.from(line));
  const offset = (line: number, col: number): number => {
    if (line < 1 || line > points.length + 1) throw new RangeError(`line ${line} outside 1..${points.length + 1}`);
    const length = points[line - 1]?.length ?? 0;
    if (col < 0 || col > length) throw new RangeError(`column ${col} outside 0..${length} on line ${line}`);
    return points.slice(0, line - 1).reduce((sum, l) => sum + l.length, 0) + col;
  };
  const all = points.flat();
  const from = offset(edit.line, edit.colStart);
  const to = offset(edit.endLine, edit.colEnd);
  const before = all.slice(from, to).join('');
  if (before !== edit.before)
    throw new Error(`edit expected ${JSON.stringify(edit.before)}, found ${JSON.stringify(before)}`);
  return [...all.slice(0, from), ...Array.from(edit.after), ...all.slice(to)].join('');
}
