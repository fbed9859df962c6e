import type { JsMutantEdit } from './types.js';

const LINE_RE = /[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/gu;

/**
 * Line geometry of a source text in the convention of `@execret/generate`'s edits: lines end at `\r\n`, `\r` or
 * `\n` (not at U+2028/U+2029, which JavaScript also treats as terminators), lines are 1-based and columns are
 * code points. Offsets in and out are UTF-16 offsets (Babel's `start`/`end`, JavaScript string indices).
 */
export class SourcePositions {
  readonly text: string;
  /** UTF-16 offset of the start of each line, plus the end of the text. */
  private readonly starts: number[];

  constructor(text: string) {
    this.text = text;
    this.starts = [];
    let offset = 0;
    for (const match of text.matchAll(LINE_RE)) {
      if (match[0].length === 0) continue;
      this.starts.push(offset);
      offset += match[0].length;
    }
    this.starts.push(offset);
  }

  /** 1-based line and 0-based code-point column of a UTF-16 offset. */
  position(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    // An offset at the very end of a text that ends with a terminator is position (n + 1, 0).
    const start = this.starts[lo] as number;
    return { line: lo + 1, col: codePointLength(this.text.slice(start, offset)) };
  }

  /** UTF-16 offset of the start of `line` (1-based). */
  lineStart(line: number): number {
    return this.starts[line - 1] as number;
  }

  /** UTF-16 offset just after the terminator of `line` (the end of the text for the last line). */
  lineEnd(line: number): number {
    return this.starts[line] ?? this.text.length;
  }

  /**
   * The edit that replaces `[start, end)` (UTF-16 offsets) by `after`. An end just after a line terminator is
   * written as the end of that line (`line`, its length including the terminator), as the Python engine writes
   * whole-line deletions.
   */
  edit(start: number, end: number, after: string): JsMutantEdit {
    const from = this.position(start);
    const to = this.endPosition(start, end);
    return {
      line: from.line,
      colStart: from.col,
      endLine: to.line,
      colEnd: to.col,
      before: this.text.slice(start, end),
      after,
    };
  }

  private endPosition(start: number, end: number): { line: number; col: number } {
    const last = end > start ? this.text[end - 1] : undefined;
    if (last !== '\n' && last !== '\r') return this.position(end);
    const { line } = this.position(end - 1);
    return { line, col: codePointLength(this.text.slice(this.lineStart(line), end)) };
  }
}

function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}
