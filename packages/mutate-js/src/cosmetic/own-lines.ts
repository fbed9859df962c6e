/**
 * Whether the text `[start, end)` of `code` has its lines to itself: only spaces or tabs between the start of its
 * first line and `start`, and only spaces, tabs or a `//` comment between `end` and the end of its last line.
 *
 * @example
 * ownsLines('  a = 1; // x\nb = 2;\n', 2, 8) // true
 */
export function ownsLines(code: string, start: number, end: number): boolean {
  const lineStart = Math.max(code.lastIndexOf('\n', start - 1), code.lastIndexOf('\r', start - 1)) + 1;
  if (!/^[ \t]*$/u.test(code.slice(lineStart, start))) return false;
  const rest = /^[^\r\n]*/u.exec(code.slice(end))![0];
  return /^[ \t]*(\/\/.*)?$/u.test(rest);
}

/** Offset of the start of the line holding `offset`. */
export function lineStartOf(code: string, offset: number): number {
  return Math.max(code.lastIndexOf('\n', offset - 1), code.lastIndexOf('\r', offset - 1)) + 1;
}

/** Offset just after the terminator of the line holding `offset` (the text's end for the last line). */
export function lineEndOf(code: string, offset: number): number {
  const m = /\r\n|\r|\n/u.exec(code.slice(offset));
  return m === null ? code.length : offset + m.index + m[0].length;
}
