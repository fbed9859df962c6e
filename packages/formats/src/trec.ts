/**
 * TREC run and qrels files, the formats trec_eval, ranx and ir_measures read (and that any outside ranking can be
 * written in), with one writer and one reader each.
 *
 * - run: one line per retrieved document, `<query_id> Q0 <doc_id> <rank> <score> <tag>`, fields separated by
 *   white space. trec_eval ignores the rank column: it orders each query's documents by score descending, then by
 *   document id descending (`strcmp`), the tie rule execret's metrics use.
 * - qrels: one line per judgement, `<query_id> 0 <doc_id> <relevance>`; relevance ≥ 1 is relevant, and trec_eval's
 *   `ndcg_cut` uses it as the gain.
 *
 * Ids and the tag may not contain white space (it separates the fields). Scores are written with JavaScript's
 * shortest round-trip formatting, so a reader parsing them as doubles (trec_eval's `atof`) recovers every score
 * exactly and every tie stays a tie.
 *
 * The readers share one scanner (`trec-lines.ts`): one pass over the text by character code, per-query duplicate
 * checks. `parseTrecRunColumns` (`trec-run-columns.ts`) reads a run into per-query columns instead of rows.
 */

import { scanTrecQrels, scanTrecRun, type TrecIssue, type TrecReadOptions } from './trec-lines.js';

/** One line of a run file. */
export interface TrecRunRow {
  queryId: string;
  docId: string;
  /** 1-based rank (informational: readers order by score, then document id descending). */
  rank: number;
  score: number;
}

/** One line of a qrels file. */
export interface TrecQrelsRow {
  queryId: string;
  docId: string;
  /** An integer; ≥ 1 is relevant. */
  relevance: number;
}

/** What {@link parseTrecRun} read: the rows in file order, and every problem found (none when the file is valid). */
export interface ParsedTrecRun {
  rows: TrecRunRow[];
  /** The run tag of the first line (the last column). */
  tag: string | null;
  issues: TrecIssue[];
}

/** What {@link parseTrecQrels} read. */
export interface ParsedTrecQrels {
  rows: TrecQrelsRow[];
  issues: TrecIssue[];
}

const BLANK = /\s/;

function checkToken(value: string, what: string, writer: string): void {
  if (typeof value !== 'string' || value === '' || BLANK.test(value)) {
    throw new TypeError(
      `@execret/formats ${writer}: ${what} must be a non-empty string without white space, received ${JSON.stringify(value)}`,
    );
  }
}

/**
 * Writes a run file: one line per row, in the order given, `<query_id> Q0 <doc_id> <rank> <score> <tag>\n`.
 *
 * @throws {TypeError} when an id or the tag is empty or contains white space, a rank is not a positive integer,
 *   or a score is not finite
 * @example
 * formatTrecRun([{ queryId: 'q_0001', docId: 'c_0002', rank: 1, score: 0.8125 }], 'bm25');
 * // 'q_0001 Q0 c_0002 1 0.8125 bm25\n'
 */
export function formatTrecRun(rows: Iterable<TrecRunRow>, tag: string): string {
  checkToken(tag, 'the tag', 'formatTrecRun');
  let out = '';
  for (const row of rows) {
    checkToken(row.queryId, 'queryId', 'formatTrecRun');
    checkToken(row.docId, 'docId', 'formatTrecRun');
    if (!Number.isInteger(row.rank) || row.rank < 1) {
      throw new TypeError(`@execret/formats formatTrecRun: rank must be a positive integer, received ${row.rank}`);
    }
    if (typeof row.score !== 'number' || !Number.isFinite(row.score)) {
      throw new TypeError(`@execret/formats formatTrecRun: score must be a finite number, received ${row.score}`);
    }
    out += `${row.queryId} Q0 ${row.docId} ${row.rank} ${String(row.score)} ${tag}\n`;
  }
  return out;
}

/**
 * Writes a qrels file: one line per row, in the order given, `<query_id> 0 <doc_id> <relevance>\n`.
 *
 * @throws {TypeError} when an id is empty or contains white space, or a relevance is not an integer
 * @example
 * formatTrecQrels([{ queryId: 'q_0001', docId: 'c_0001', relevance: 1 }]); // 'q_0001 0 c_0001 1\n'
 */
export function formatTrecQrels(rows: Iterable<TrecQrelsRow>): string {
  let out = '';
  for (const row of rows) {
    checkToken(row.queryId, 'queryId', 'formatTrecQrels');
    checkToken(row.docId, 'docId', 'formatTrecQrels');
    if (!Number.isInteger(row.relevance)) {
      throw new TypeError(`@execret/formats formatTrecQrels: relevance must be an integer, received ${row.relevance}`);
    }
    out += `${row.queryId} 0 ${row.docId} ${row.relevance}\n`;
  }
  return out;
}

/**
 * Reads a run file: six white-space separated fields per line (`query_id`, `Q0` — any token is accepted there,
 * as trec_eval does —, `doc_id`, `rank`, `score`, `tag`). Blank lines are skipped, CRLF and a BOM are accepted.
 * Every line that cannot be used is reported with its file, line and field; nothing is thrown. A document listed
 * twice for one query is an issue (trec_eval refuses such runs).
 *
 * @example
 * const { rows, issues } = parseTrecRun('q1 Q0 d1 1 2.5 mine\nq1 Q0 d2 2 x mine\n', { file: 'mine.run' });
 * rows.length;      // 1
 * issues[0];        // { file: 'mine.run', line: 2, field: 'score', message: 'expected a finite number, found "x"' }
 */
export function parseTrecRun(text: string, options: TrecReadOptions = {}): ParsedTrecRun {
  const rows: TrecRunRow[] = [];
  const { tag, issues } = scanTrecRun(
    text,
    options,
    (queryId) => queryId,
    (queryId, docId, rank, score) => {
      rows.push({ queryId, docId, rank, score });
    },
  );
  return { rows, tag, issues };
}

/**
 * Reads a qrels file: four white-space separated fields per line (`query_id`, iteration — ignored, as trec_eval
 * does —, `doc_id`, an integer relevance). Reports problems like {@link parseTrecRun}; a judgement repeated for
 * the same query and document is an issue.
 *
 * @example
 * parseTrecQrels('q1 0 d1 1\nq1 0 d2 0\n').rows; // [{ queryId: 'q1', docId: 'd1', relevance: 1 }, { …, relevance: 0 }]
 */
export function parseTrecQrels(text: string, options: TrecReadOptions = {}): ParsedTrecQrels {
  const rows: TrecQrelsRow[] = [];
  const issues = scanTrecQrels(text, options, (queryId, docId, relevance) => {
    rows.push({ queryId, docId, relevance });
  });
  return { rows, issues };
}
