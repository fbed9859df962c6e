/**
 * A TREC run file read into columns, one pair per query (document ids and a `Float64Array` of scores), for
 * consumers that evaluate the run rather than list its lines: no object per line, no dictionary per query.
 */

import { scanTrecRun, type TrecIssue, type TrecReadOptions } from './trec-lines.js';

/**
 * One query of a run: its documents in file order and their scores, aligned (`scores[i]` is `docIds[i]`'s). The
 * queries of one file may share one buffer under their `scores` (disjoint views of it).
 */
export interface TrecRunColumns {
  docIds: string[];
  scores: Float64Array;
}

/** What {@link parseTrecRunColumns} read. */
export interface ParsedTrecRunColumns {
  /** Query id → its documents and scores; queries in the order of their first usable line. */
  queries: Map<string, TrecRunColumns>;
  /** Usable lines read (the documents of every query together). */
  rowCount: number;
  /** The run tag of the first usable line (the last column). */
  tag: string | null;
  issues: TrecIssue[];
}

/**
 * Where a query's scores are while the file is read: every usable line's score goes into one growing array in
 * file order, so a query whose lines follow each other (the usual layout) is a stretch of it; a query whose lines
 * are interleaved with another's keeps the positions of its scores.
 */
interface ScoreSpan {
  docIds: string[];
  start: number;
  count: number;
  positions: number[] | undefined;
}

/**
 * Reads a run file like `parseTrecRun` — the same lines accepted, the same issues (file, line, field, message),
 * the same tag — into columns grouped by query instead of one row object per line. A query's documents keep file
 * order even when its lines are interleaved with other queries'. The rank column is checked and then dropped (as
 * trec_eval does, readers order by score, then document id descending). `evaluateColumns` of `@execret/metrics`
 * takes `queries` as its run.
 *
 * @example
 * const { queries, issues } = parseTrecRunColumns('q1 Q0 d1 1 2.5 mine\nq1 Q0 d2 2 0.5 mine\nq2 Q0 d1 1 x mine\n', {
 *   file: 'mine.run',
 * });
 * queries.get('q1'); // { docIds: ['d1', 'd2'], scores: Float64Array [2.5, 0.5] }
 * queries.has('q2'); // false (its only line is unusable)
 * issues[0];         // { file: 'mine.run', line: 3, field: 'score', message: 'expected a finite number, found "x"' }
 */
export function parseTrecRunColumns(text: string, options: TrecReadOptions = {}): ParsedTrecRunColumns {
  const spans: [string, ScoreSpan][] = [];
  let scores = new Float64Array(1024);
  let rowCount = 0;
  const { tag, issues } = scanTrecRun(
    text,
    options,
    (queryId, docIds): ScoreSpan => {
      const span: ScoreSpan = { docIds, start: 0, count: 0, positions: undefined };
      spans.push([queryId, span]);
      return span;
    },
    (span, _docId, _rank, score) => {
      if (rowCount === scores.length) {
        const larger = new Float64Array(rowCount * 2);
        larger.set(scores);
        scores = larger;
      }
      scores[rowCount] = score;
      if (span.count === 0) span.start = rowCount;
      else if (span.positions === undefined && span.start + span.count !== rowCount) {
        span.positions = Array.from({ length: span.count }, (_, i) => span.start + i);
      }
      span.positions?.push(rowCount);
      span.count++;
      rowCount++;
    },
  );
  const all = scores.slice(0, rowCount);
  const queries = new Map<string, TrecRunColumns>();
  for (const [queryId, span] of spans) {
    const { docIds, start, count, positions } = span;
    queries.set(queryId, {
      docIds,
      scores:
        positions === undefined
          ? all.subarray(start, start + count)
          : Float64Array.from(positions, (i) => all[i] as number),
    });
  }
  return { queries, rowCount, tag, issues };
}
