/**
 * The ranking rule shared by every measure: score descending, then document id descending, exactly as
 * trec_eval orders a run (its `comp_sim_docno` compares `sim` and then `strcmp(docno2, docno1)`), so that
 * numbers agree with trec_eval, pytrec_eval and ir_measures.
 */

import { compareCodePoints } from '@execret/formats';
import { describeValue, MetricsError } from './errors.js';
import { assertCutoff } from './validate.js';

/**
 * Orders two scored documents by the tie rule: higher score first; on equal scores, the document whose id
 * is greater in code-point order (`compareCodePoints` of `@execret/formats`) first. Scores compare as numbers, so `0` and
 * `-0` are equal and tie.
 *
 * Use it as a sort comparator on `(score, id)` pairs. `NaN` scores have no place in the order; callers reject
 * them first.
 *
 * @returns a negative number when A ranks before B, a positive number when B ranks before A, 0 only when both
 *   score and id are equal
 *
 * @example
 * compareByTieRule(0.9, 'c_0001', 0.8, 'c_0002'); // < 0 (higher score first)
 * compareByTieRule(0.8, 'c_0001', 0.8, 'c_0002'); // > 0 (tie: 'c_0002' ranks first)
 */
export function compareByTieRule(scoreA: number, idA: string, scoreB: number, idB: string): number {
  if (scoreA > scoreB) return -1;
  if (scoreA < scoreB) return 1;
  return compareCodePoints(idB, idA);
}

/** Options of {@link rankRun}. */
export interface RankRunOptions {
  /** Keep only the first `k` documents (a positive integer). Absent: rank every document. */
  k?: number;
}

/** The documents of one query in rank order (rank `i + 1` is index `i`). */
export interface RankedRun {
  /** Document ids, best first. */
  docIds: string[];
  /** Their scores, aligned with `docIds` (non-increasing). */
  scores: Float64Array;
}

/**
 * Ranks one query's run by the tie rule: score descending, then document id descending in code-point order
 * (trec_eval's rule; see {@link compareByTieRule}). Selects the top `k` in O(n log k) without sorting the
 * whole run.
 *
 * Edge cases: an empty record gives empty arrays; `k` larger than the number of documents returns all of
 * them. The input is not modified.
 *
 * @param scores - document id → score for one query; every score a number other than `NaN` (±Infinity are
 *   allowed)
 * @param options - `k`: keep the first `k` only
 * @returns the ranked document ids and their scores
 * @throws MetricsError `invalid-run` when `scores` is not a plain object, `invalid-score` when a score is not
 *   a number or is `NaN`
 * @throws RangeError when `options.k` is not a positive integer
 *
 * @example
 * rankRun({ c_0001: 0.9, c_0002: 0.95, c_0003: 0.9 });
 * // { docIds: ['c_0002', 'c_0003', 'c_0001'], scores: Float64Array [0.95, 0.9, 0.9] }
 * rankRun({ c_0001: 0.9, c_0002: 0.95, c_0003: 0.9 }, { k: 1 }).docIds; // ['c_0002']
 */
export function rankRun(scores: Readonly<Record<string, number>>, options: RankRunOptions = {}): RankedRun {
  if (typeof scores !== 'object' || scores === null || Array.isArray(scores)) {
    throw new MetricsError(
      'invalid-run',
      `@execret/metrics rankRun: expected an object mapping document id to score, received ${describeValue(scores)}`,
    );
  }
  if (options.k !== undefined) assertCutoff(options.k, 'rankRun');
  const ids = Object.keys(scores);
  const values = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string;
    values[i] = checkedScore(scores[id], id, undefined, 'rankRun');
  }
  const order = selectTopK(values, ids, ids.length, options.k ?? ids.length);
  const docIds = new Array<string>(order.length);
  const ranked = new Float64Array(order.length);
  for (let r = 0; r < order.length; r++) {
    const i = order[r] as number;
    docIds[r] = ids[i] as string;
    ranked[r] = values[i] as number;
  }
  return { docIds, scores: ranked };
}

/**
 * Returns `value` when it is a usable score, otherwise throws a `MetricsError` (`invalid-score`).
 *
 * @internal
 */
export function checkedScore(value: unknown, docId: string, queryId: string | undefined, component: string): number {
  if (typeof value !== 'number' || Number.isNaN(value)) {
    const where = queryId === undefined ? '' : ` of query ${describeValue(queryId)}`;
    throw new MetricsError(
      'invalid-score',
      `@execret/metrics ${component}: expected the score of document ${describeValue(docId)}${where} to be a number other than NaN, received ${describeValue(value)}`,
      { docId, ...(queryId === undefined ? {} : { queryId }) },
    );
  }
  return value;
}

/** Whether document `a` ranks before document `b` under the tie rule. */
function ranksBefore(scores: Float64Array, ids: readonly string[], a: number, b: number): boolean {
  const sa = scores[a] as number;
  const sb = scores[b] as number;
  if (sa !== sb) return sa > sb;
  return compareCodePoints(ids[a] as string, ids[b] as string) > 0;
}

/**
 * Indices of the first `min(k, n)` documents under the tie rule, in rank order. `scores[0 .. n)` and
 * `ids[0 .. n)` describe the documents; no score may be `NaN`.
 *
 * Keeps a binary heap of the `k` best seen so far whose root is the worst of them, so most documents are
 * rejected with one comparison against the root score. With `k >= n` it sorts all indices.
 *
 * @internal
 */
export function selectTopK(scores: Float64Array, ids: readonly string[], n: number, k: number): Int32Array {
  const byRule = (a: number, b: number): number =>
    compareByTieRule(scores[a] as number, ids[a] as string, scores[b] as number, ids[b] as string);
  if (k >= n) {
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    return all.sort(byRule);
  }
  const heap = new Int32Array(k);
  let size = 0;
  for (let i = 0; i < n; i++) {
    if (size < k) {
      // Sift up: a parent must rank after (be worse than) its children.
      let c = size++;
      while (c > 0) {
        const p = (c - 1) >> 1;
        const parent = heap[p] as number;
        if (!ranksBefore(scores, ids, parent, i)) break;
        heap[c] = parent;
        c = p;
      }
      heap[c] = i;
    } else if (ranksBefore(scores, ids, i, heap[0] as number)) {
      // Replace the worst kept document and sift down.
      let p = 0;
      for (;;) {
        const l = 2 * p + 1;
        if (l >= k) break;
        const r = l + 1;
        let worst = l;
        if (r < k && ranksBefore(scores, ids, heap[l] as number, heap[r] as number)) worst = r;
        if (!ranksBefore(scores, ids, i, heap[worst] as number)) break;
        heap[p] = heap[worst] as number;
        p = worst;
      }
      heap[p] = i;
    }
  }
  return heap.sort(byRule);
}
