import type { Edit } from '@execret/generate';

/** Default largest number of lines a single edit may span (in the canonical or in the distractor). */
export const DEFAULT_MAX_EDIT_LINES = 3;
/** Default largest number of changed characters (code points) of a single edit, on either side. */
export const DEFAULT_MAX_EDIT_CHARS = 120;

/** How far a distractor is from its canonical ({@link measureEdit}). */
export interface EditMeasure {
  /** True when the two differ at most in line endings, trailing whitespace and trailing blank lines. */
  identical: boolean;
  /** Lines of the differing block: the larger of its extent in the canonical and in the distractor. */
  lines: number;
  /** Code points of the differing span inside that block: the larger of its length on either side. */
  chars: number;
  /** 1-based line of the canonical where the difference starts (0 when identical). */
  line: number;
}

/** Options of {@link checkSingleEdit}. */
export interface SingleEditOptions {
  /** Default {@link DEFAULT_MAX_EDIT_LINES}. */
  maxLines?: number;
  /** Default {@link DEFAULT_MAX_EDIT_CHARS}. */
  maxChars?: number;
}

/** Result of {@link checkSingleEdit}. */
export type SingleEditCheck =
  | { ok: true; measure: EditMeasure }
  | { ok: false; code: 'no_edit' | 'not_single_edit'; message: string; measure: EditMeasure };

function normalizedLines(code: string): string[] {
  const lines = code.split(/\r\n|\r|\n/u).map((l) => l.replace(/[ \t]+$/u, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function commonPrefix<T>(a: readonly T[], b: readonly T[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

function commonSuffix<T>(a: readonly T[], b: readonly T[], prefix: number): number {
  let i = 0;
  while (i < a.length - prefix && i < b.length - prefix && a[a.length - 1 - i] === b[b.length - 1 - i]) i += 1;
  return i;
}

/**
 * Measures the difference between a canonical and a distractor as one block. Both are normalised
 * first (line endings unified, trailing spaces/tabs of each line and trailing blank lines removed);
 * then the common leading and trailing lines are stripped, and the remaining block of each side is
 * compared character by character (common prefix and suffix stripped again, in code points).
 * `lines` is the block's height (the larger side), `chars` the differing span's length (the larger
 * side). Two edits far apart give one tall block, which is what makes them count as more than one
 * localized edit.
 *
 * @example
 * measureEdit('def f(a, b):\n    return a < b\n', 'def f(a, b):\n    return a <= b\n')
 * // { identical: false, lines: 1, chars: 1, line: 2 }
 * measureEdit('def f(n):\n    if n < 0:\n        return 0\n    return n\n', 'def f(n):\n    return n\n')
 * // { identical: false, lines: 2, chars: 30, line: 2 }   (a deleted guard)
 */
export function measureEdit(canonical: string, distractor: string): EditMeasure {
  const a = normalizedLines(canonical);
  const b = normalizedLines(distractor);
  const top = commonPrefix(a, b);
  const bottom = commonSuffix(a, b, top);
  const blockA = a.slice(top, a.length - bottom);
  const blockB = b.slice(top, b.length - bottom);
  if (blockA.length === 0 && blockB.length === 0) return { identical: true, lines: 0, chars: 0, line: 0 };
  const pa = Array.from(blockA.join('\n'));
  const pb = Array.from(blockB.join('\n'));
  const p = commonPrefix(pa, pb);
  const s = commonSuffix(pa, pb, p);
  return {
    identical: false,
    lines: Math.max(blockA.length, blockB.length),
    chars: Math.max(pa.length - p - s, pb.length - p - s),
    line: top + 1,
  };
}

/**
 * The `edit` gate of `locked` mode: a distractor must differ from its canonical by one localized
 * edit, i.e. {@link measureEdit} gives `lines ≤ maxLines` (default 3) and `chars ≤ maxChars`
 * (default 120). The thresholds admit every operator of the mutation engine (the largest,
 * `remove_edge_case_check`, deletes a two-line guard) and a guard with a long condition or a
 * multi-line `raise`, while an alternative algorithm, a reformatted copy or two edits more than two
 * lines apart fail. `no_edit` when the two differ only in whitespace; `not_single_edit` otherwise.
 *
 * @example
 * checkSingleEdit('def f(x):\n    return x + 1\n', 'def f(x):\n    return x + 2\n').ok // true
 * checkSingleEdit(canonical, rewrittenWithAWhileLoop)
 * // { ok: false, code: 'not_single_edit', message: 'differs from the canonical in a block of 6 lines from line 2 (36 characters); expected one edit of at most 3 lines and 120 characters', … }
 */
export function checkSingleEdit(
  canonical: string,
  distractor: string,
  options: SingleEditOptions = {},
): SingleEditCheck {
  const maxLines = options.maxLines ?? DEFAULT_MAX_EDIT_LINES;
  const maxChars = options.maxChars ?? DEFAULT_MAX_EDIT_CHARS;
  if (!Number.isInteger(maxLines) || maxLines < 1 || !Number.isInteger(maxChars) || maxChars < 1) {
    throw new RangeError(
      `@execret/llm-generate checkSingleEdit: maxLines and maxChars must be positive integers, received ${maxLines} and ${maxChars}`,
    );
  }
  const measure = measureEdit(canonical, distractor);
  if (measure.identical)
    return {
      ok: false,
      code: 'no_edit',
      message:
        'differs from the canonical only in whitespace or line endings; expected one edit that changes behaviour',
      measure,
    };
  if (measure.lines > maxLines || measure.chars > maxChars) {
    return {
      ok: false,
      code: 'not_single_edit',
      message: `differs from the canonical in a block of ${measure.lines} line(s) from line ${measure.line} (${measure.chars} characters); expected one minimal edit of at most ${maxLines} lines and ${maxChars} characters, everything else unchanged`,
      measure,
    };
  }
  return { ok: true, measure };
}

type CharClass = 'word' | 'op' | 'other';
function charClass(c: string | undefined): CharClass {
  if (c === undefined) return 'other';
  if (/^[\p{L}\p{N}_]$/u.test(c)) return 'word';
  if (/^[-+*/%<>=!&|^~@]$/u.test(c)) return 'op';
  return 'other';
}

/** 1-based line and 0-based code-point column of a code-point offset (`\r\n`, `\r`, `\n` end lines). */
function position(points: readonly string[], offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i += 1) {
    const c = points[i];
    if (c === '\r' && points[i + 1] === '\n') {
      if (i + 2 > offset) break;
      line += 1;
      lineStart = i + 2;
      i += 1;
    } else if (c === '\n' || c === '\r') {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, col: offset - lineStart };
}

/**
 * The one edit that turns `canonical` into `distractor` on the raw text, as a `@execret/generate`
 * {@link Edit} (1-based lines, 0-based code-point columns, half-open): the common prefix and suffix
 * are stripped; a pure insertion or deletion of whole lines is then moved to start at a line start
 * (so a deleted guard is recorded as its lines, not from the middle of an indentation), and any other
 * span is widened to whole tokens where it cuts through an identifier, number or operator (so `<` →
 * `<=` is recorded as `before: '<', after: '<='`, not as an inserted `=`). `applyEdits(canonical, [edit]) === distractor` always holds. For identical inputs the edit is
 * empty (`before === after === ''`).
 *
 * @example
 * editBetween('def f(a, b):\n    return a < b\n', 'def f(a, b):\n    return a <= b\n')
 * // { line: 2, colStart: 13, endLine: 2, colEnd: 14, before: '<', after: '<=' }
 */
export function editBetween(canonical: string, distractor: string): Edit {
  const a = Array.from(canonical);
  const b = Array.from(distractor);
  let p = commonPrefix(a, b);
  let s = commonSuffix(a, b, p);
  const endA = (): number => a.length - s;
  const endB = (): number => b.length - s;
  const deletion = p < endA() && p === endB();
  const insertion = p === endA() && p < endB();
  const side = deletion ? a : b;
  const sideEnd = deletion ? endA() : endB();
  if ((deletion || insertion) && side.slice(p, sideEnd).some((c) => c === '\n' || c === '\r')) {
    // whole-line insertions and deletions: slide the block left to start at a line start when the text allows it
    let q = p;
    let e = sideEnd;
    while (q > 0 && side[q - 1] !== '\n' && side[q - 1] !== '\r' && side[q - 1] === side[e - 1]) {
      q -= 1;
      e -= 1;
    }
    if (q === 0 || side[q - 1] === '\n' || side[q - 1] === '\r') {
      s += p - q;
      p = q;
    }
  } else if (p < endA() || p < endB()) {
    while (p > 0) {
      const k = charClass(a[p - 1]);
      if (k === 'other') break;
      const inA = p < endA() && charClass(a[p]) === k;
      const inB = p < endB() && charClass(b[p]) === k;
      if (!inA && !inB) break;
      p -= 1;
    }
    while (s > 0) {
      const k = charClass(a[endA()]);
      if (k === 'other') break;
      const inA = endA() - 1 >= p && charClass(a[endA() - 1]) === k;
      const inB = endB() - 1 >= p && charClass(b[endB() - 1]) === k;
      if (!inA && !inB) break;
      s -= 1;
    }
  }
  const start = position(a, p);
  const end = position(a, endA());
  return {
    line: start.line,
    colStart: start.col,
    endLine: end.line,
    colEnd: end.col,
    before: a.slice(p, endA()).join(''),
    after: b.slice(p, endB()).join(''),
  };
}
