/**
 * Reading TREC files line by line: what a reader reports (located issues), its options, and the one scanner that
 * every TREC reader of this package runs (`parseTrecRun`, `parseTrecRunColumns`, `parseTrecQrels`).
 *
 * The scanner walks the text once by character code, without a string per line, a regular expression or a
 * split: a line is a stretch between LF characters (one CR before the LF is dropped, a BOM at the start of the
 * text is skipped), its fields are the maximal stretches of non-white-space characters (white space being
 * exactly what JavaScript's `\s` and `String.prototype.trim` treat as such), a line without a field is blank and
 * skipped. Only the fields a row keeps become strings; numbers are checked against their grammar and converted
 * in place. A query id equal to the previous row's is reused rather than copied, and duplicates are looked up
 * among the rows of the same query only.
 *
 * @internal (except {@link TrecIssue}, {@link TrecReadOptions} and {@link DEFAULT_MAX_TREC_LINE_LENGTH})
 */

/** A problem with one line of a TREC file: the file, the 1-based line, the field and what is wrong. */
export interface TrecIssue {
  file: string;
  line: number;
  field: 'line' | 'query_id' | 'iteration' | 'doc_id' | 'rank' | 'score' | 'tag' | 'relevance';
  message: string;
}

/** Options of the TREC readers. */
export interface TrecReadOptions {
  /** Name used in issues (default `'run'` or `'qrels'`). */
  file?: string;
  /** Longest line accepted, in UTF-16 code units (default {@link DEFAULT_MAX_TREC_LINE_LENGTH}). */
  maxLineLength?: number;
  /** Most issues kept (default 100); the rest are counted in the last one. */
  maxIssues?: number;
}

/** Longest line the TREC readers accept by default: 4,096 characters, far above any real run line. */
export const DEFAULT_MAX_TREC_LINE_LENGTH = 4096;

/**
 * Whether a UTF-16 code unit is white space in JavaScript's sense (`/\s/`, `trim()`): TAB, LF, VT, FF, CR,
 * SPACE, NBSP, U+1680, U+2000–U+200A, LINE and PARAGRAPH SEPARATOR, U+202F, U+205F, U+3000 and U+FEFF.
 *
 * @example
 * isTrecSpace(0x20);   // true
 * isTrecSpace(0x3000); // true
 * isTrecSpace(0x5f);   // false ('_')
 */
export function isTrecSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The scanner's state: the current line's number, length and the bounds of its first `starts.length` fields. */
export interface TrecLineCursor {
  readonly text: string;
  /** Where the next line starts. */
  position: number;
  /** 1-based number of the current line (blank lines counted). */
  line: number;
  /** Length of the current line in UTF-16 code units, without its LF and the CR before it. */
  length: number;
  /** Number of fields on the current line (all of them, also beyond `starts.length`). */
  fields: number;
  /** Start offsets in `text` of the first fields. */
  readonly starts: Int32Array;
  /** End offsets (exclusive) of the first fields. */
  readonly ends: Int32Array;
}

/**
 * A cursor before the first line of `text` that records the bounds of up to `fields` fields per line.
 *
 * @example
 * const cursor = trecLineCursor('q1 0 d1 1\n', 4);
 * nextTrecLine(cursor); // true: cursor.line 1, cursor.fields 4, cursor.starts [0, 3, 5, 8]
 */
export function trecLineCursor(text: string, fields: number): TrecLineCursor {
  return {
    text,
    position: text.charCodeAt(0) === 0xfeff ? 1 : 0,
    line: 0,
    length: 0,
    fields: 0,
    starts: new Int32Array(fields),
    ends: new Int32Array(fields),
  };
}

/**
 * Moves the cursor to the next line that has a field, skipping blank ones; false at the end of the text.
 *
 * @example
 * const cursor = trecLineCursor('\n  \r\nq1 Q0\td1 1 2.5 tag\r\n', 6);
 * nextTrecLine(cursor); // true: cursor.line 3, cursor.length 20, cursor.fields 6
 * nextTrecLine(cursor); // false
 */
export function nextTrecLine(cursor: TrecLineCursor): boolean {
  const { text, starts, ends } = cursor;
  const size = text.length;
  const kept = starts.length;
  while (cursor.position <= size) {
    const start = cursor.position;
    let end = text.indexOf('\n', start);
    if (end < 0) end = size;
    cursor.position = end + 1;
    cursor.line++;
    if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
    let count = 0;
    let i = start;
    for (;;) {
      while (i < end && isTrecSpace(text.charCodeAt(i))) i++;
      if (i >= end) break;
      const from = i;
      while (i < end && !isTrecSpace(text.charCodeAt(i))) i++;
      if (count < kept) {
        starts[count] = from;
        ends[count] = i;
      }
      count++;
    }
    if (count === 0) continue;
    cursor.length = end - start;
    cursor.fields = count;
    return true;
  }
  return false;
}

/** The text of field `index` (< the cursor's kept fields) of the current line. */
function trecField(cursor: TrecLineCursor, index: number): string {
  return cursor.text.slice(cursor.starts[index], cursor.ends[index]);
}

/** Whether field `index` of the current line is exactly `value` (without making a string of it). */
function fieldEquals(cursor: TrecLineCursor, index: number, value: string): boolean {
  const from = cursor.starts[index] as number;
  const length = (cursor.ends[index] as number) - from;
  if (length !== value.length) return false;
  const { text } = cursor;
  for (let i = 0; i < length; i++) if (text.charCodeAt(from + i) !== value.charCodeAt(i)) return false;
  return true;
}

/** Powers of ten that are exact doubles (10^0 … 10^22). */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * The number in `text[from, to)` when it matches `[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?` and is finite, else
 * `NaN` (a value no valid score can have). The value is the one `Number()` gives, bit for bit: with at most 15
 * digits and a decimal exponent within ±22, one exact integer and one exact power of ten meet in one correctly
 * rounded multiplication or division (Clinger's fast path); every other number goes through `Number()`.
 *
 * @example
 * readTrecDecimal('0.85', 0, 4);  // 0.85
 * readTrecDecimal('-3e2', 0, 4);  // -300
 * readTrecDecimal('1e999', 0, 5); // NaN (not finite)
 * readTrecDecimal('0x10', 0, 4);  // NaN (not the grammar)
 */
export function readTrecDecimal(text: string, from: number, to: number): number {
  let i = from;
  const sign = text.charCodeAt(i);
  const negative = sign === 0x2d;
  if (negative || sign === 0x2b) i++;
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  for (let d = digitAt(text, i, to); d >= 0; d = digitAt(text, i, to)) {
    mantissa = mantissa * 10 + d;
    digits++;
    i++;
  }
  if (i < to && text.charCodeAt(i) === 0x2e) {
    i++;
    for (let d = digitAt(text, i, to); d >= 0; d = digitAt(text, i, to)) {
      mantissa = mantissa * 10 + d;
      digits++;
      fraction++;
      i++;
    }
  }
  if (digits === 0) return Number.NaN;
  let exponent = 0;
  const e = i < to ? text.charCodeAt(i) : -1;
  if (e === 0x65 || e === 0x45) {
    i++;
    const exponentSign = i < to ? text.charCodeAt(i) : -1;
    if (exponentSign === 0x2d || exponentSign === 0x2b) i++;
    const first = i;
    for (let d = digitAt(text, i, to); d >= 0; d = digitAt(text, i, to)) {
      if (exponent < 100_000) exponent = exponent * 10 + d;
      i++;
    }
    if (i === first) return Number.NaN;
    if (exponentSign === 0x2d) exponent = -exponent;
  }
  if (i !== to) return Number.NaN;
  const scale = exponent - fraction;
  if (digits <= 15 && scale >= -22 && scale <= 22) {
    const magnitude =
      scale < 0
        ? mantissa / (EXACT_POWERS_OF_TEN[-scale] as number)
        : mantissa * (EXACT_POWERS_OF_TEN[scale] as number);
    return negative ? -magnitude : magnitude;
  }
  const value = Number(text.slice(from, to));
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The decimal digit at `text[i]` (0–9) when `i < to`, else -1. */
function digitAt(text: string, i: number, to: number): number {
  if (i >= to) return -1;
  const d = text.charCodeAt(i) - 0x30;
  return d >= 0 && d <= 9 ? d : -1;
}

/**
 * The positive safe integer in `text[from, to)` when it is digits only (`^\d+$`), else -1.
 *
 * @example
 * readTrecRank('007', 0, 3); // 7
 * readTrecRank('0', 0, 1);   // -1
 */
export function readTrecRank(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
    value = value * 10 + (c - 0x30);
  }
  if (to - from > 15) value = Number(text.slice(from, to));
  return value >= 1 && Number.isSafeInteger(value) ? value : -1;
}

/**
 * The safe integer in `text[from, to)` when it matches `^[+-]?\d+$`, else `NaN`.
 *
 * @example
 * readTrecInteger('-1', 0, 2); // -1
 * readTrecInteger('1.0', 0, 3); // NaN
 */
export function readTrecInteger(text: string, from: number, to: number): number {
  let i = from;
  const sign = text.charCodeAt(i);
  if (sign === 0x2d || sign === 0x2b) i++;
  if (i === to) return Number.NaN;
  let value = 0;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return Number.NaN;
    value = value * 10 + (c - 0x30);
  }
  if (to - from > 15) value = Number(text.slice(from, to));
  else if (sign === 0x2d) value = -value;
  return Number.isSafeInteger(value) ? value : Number.NaN;
}

/** Collects issues up to a limit and counts the rest into the last one kept. */
function trecIssueCollector(file: string, maxIssues: number) {
  const issues: TrecIssue[] = [];
  let dropped = 0;
  return {
    add(line: number, field: TrecIssue['field'], message: string): void {
      if (issues.length < maxIssues) issues.push({ file, line, field, message });
      else dropped++;
    },
    finish(): TrecIssue[] {
      if (dropped > 0) {
        const last = issues[issues.length - 1]!;
        last.message += ` (and ${dropped} more issue${dropped === 1 ? '' : 's'})`;
      }
      return issues;
    },
  };
}

/**
 * A query's state while a file is read: its id (one string for all its rows) and its documents so far. The
 * duplicate check looks through the documents while they are few and through a set of them beyond that. Rows of
 * one query normally follow each other, so the set is dropped when another query's line comes; if the query's
 * lines resume later (an interleaved file), the set is rebuilt once and kept from then on.
 */
interface QueryRows<G> {
  queryId: string;
  docIds: string[];
  documents: Set<string> | undefined;
  resumed: boolean;
  group: G;
}

/** Documents a query may have before its duplicate check uses a set. */
const FEW_DOCUMENTS = 16;

/** Whether `docId` is among the query's documents so far. */
function isListed(query: QueryRows<unknown>, docId: string): boolean {
  if (query.documents !== undefined) return query.documents.has(docId);
  const { docIds } = query;
  if (docIds.length <= FEW_DOCUMENTS) {
    for (let i = 0; i < docIds.length; i++) if (docIds[i] === docId) return true;
    return false;
  }
  query.documents = new Set(docIds);
  return query.documents.has(docId);
}

/** Adds `docId` (not listed yet) to the query's documents. */
function list(query: QueryRows<unknown>, docId: string): void {
  query.docIds.push(docId);
  query.documents?.add(docId);
}

/**
 * The queries of a file, looked up by the query-id field of the current line: the previous row's query is tried
 * first without making a string of the field.
 */
function queryTable<G>(open: (queryId: string, docIds: string[]) => G) {
  const byId = new Map<string, QueryRows<G>>();
  let last: QueryRows<G> | undefined;
  return (cursor: TrecLineCursor): QueryRows<G> => {
    if (last !== undefined && fieldEquals(cursor, 0, last.queryId)) return last;
    if (last !== undefined && !last.resumed) last.documents = undefined;
    const queryId = trecField(cursor, 0);
    let entry = byId.get(queryId);
    if (entry === undefined) {
      const docIds: string[] = [];
      entry = { queryId, docIds, documents: undefined, resumed: false, group: open(queryId, docIds) };
      byId.set(queryId, entry);
    } else {
      entry.resumed = true;
    }
    last = entry;
    return entry;
  };
}

/**
 * Reads a run file: six fields per line (`query_id`, `Q0` — any token —, `doc_id`, `rank`, `score`, `tag`),
 * each unusable line reported with its file, line and field, in this order of checks: length, number of fields,
 * rank, score, a document listed twice for its query. `open(queryId, docIds)` is called once per query, at its
 * first usable row, with the array that will hold the query's document ids in file order; `row` once per usable
 * row, in file order, after its document id was added to that array.
 *
 * @example
 * const rows: string[] = [];
 * scanTrecRun('q1 Q0 d1 1 2.5 tag\n', {}, (q) => q, (q, d) => rows.push(`${q}/${d}`)); // { tag: 'tag', issues: [] }
 */
export function scanTrecRun<G>(
  text: string,
  options: TrecReadOptions,
  open: (queryId: string, docIds: string[]) => G,
  row: (group: G, docId: string, rank: number, score: number) => void,
): { tag: string | null; issues: TrecIssue[] } {
  const maxLength = options.maxLineLength ?? DEFAULT_MAX_TREC_LINE_LENGTH;
  const issues = trecIssueCollector(options.file ?? 'run', options.maxIssues ?? 100);
  const cursor = trecLineCursor(text, 6);
  const { starts, ends } = cursor;
  const queryOf = queryTable(open);
  let tag: string | null = null;
  while (nextTrecLine(cursor)) {
    const n = cursor.line;
    if (cursor.length > maxLength) {
      issues.add(n, 'line', `line has ${cursor.length} characters, more than ${maxLength}`);
      continue;
    }
    if (cursor.fields !== 6) {
      issues.add(n, 'line', `expected 6 fields (query_id Q0 doc_id rank score tag), found ${cursor.fields}`);
      continue;
    }
    const rank = readTrecRank(text, starts[3] as number, ends[3] as number);
    if (rank < 0) {
      issues.add(n, 'rank', `expected a positive integer, found ${JSON.stringify(trecField(cursor, 3))}`);
      continue;
    }
    const score = readTrecDecimal(text, starts[4] as number, ends[4] as number);
    if (Number.isNaN(score)) {
      issues.add(n, 'score', `expected a finite number, found ${JSON.stringify(trecField(cursor, 4))}`);
      continue;
    }
    const query = queryOf(cursor);
    const docId = trecField(cursor, 2);
    if (isListed(query, docId)) {
      issues.add(n, 'doc_id', `document ${docId} is listed twice for query ${query.queryId}`);
      continue;
    }
    list(query, docId);
    tag ??= trecField(cursor, 5);
    row(query.group, docId, rank, score);
  }
  return { tag, issues: issues.finish() };
}

/**
 * Reads a qrels file: four fields per line (`query_id`, iteration — any token —, `doc_id`, an integer
 * relevance), each unusable line reported like {@link scanTrecRun}'s (length, number of fields, relevance, a
 * judgement repeated for its query). `row` is called once per usable row, in file order.
 *
 * @example
 * scanTrecQrels('q1 0 d1 1\n', {}, (q, d, r) => console.log(q, d, r)); // prints q1 d1 1; returns []
 */
export function scanTrecQrels(
  text: string,
  options: TrecReadOptions,
  row: (queryId: string, docId: string, relevance: number) => void,
): TrecIssue[] {
  const maxLength = options.maxLineLength ?? DEFAULT_MAX_TREC_LINE_LENGTH;
  const issues = trecIssueCollector(options.file ?? 'qrels', options.maxIssues ?? 100);
  const cursor = trecLineCursor(text, 4);
  const { starts, ends } = cursor;
  const queryOf = queryTable(() => undefined);
  while (nextTrecLine(cursor)) {
    const n = cursor.line;
    if (cursor.length > maxLength) {
      issues.add(n, 'line', `line has ${cursor.length} characters, more than ${maxLength}`);
      continue;
    }
    if (cursor.fields !== 4) {
      issues.add(n, 'line', `expected 4 fields (query_id iteration doc_id relevance), found ${cursor.fields}`);
      continue;
    }
    const relevance = readTrecInteger(text, starts[3] as number, ends[3] as number);
    if (Number.isNaN(relevance)) {
      issues.add(n, 'relevance', `expected an integer, found ${JSON.stringify(trecField(cursor, 3))}`);
      continue;
    }
    const query = queryOf(cursor);
    const docId = trecField(cursor, 2);
    if (isListed(query, docId)) {
      issues.add(n, 'doc_id', `document ${docId} is judged twice for query ${query.queryId}`);
      continue;
    }
    list(query, docId);
    row(query.queryId, docId, relevance);
  }
  return issues.finish();
}
