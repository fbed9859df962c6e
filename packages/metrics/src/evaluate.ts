import { compareCodePoints } from '@execret/formats';
import { describeValue, MetricsError } from './errors.js';
import { execAtKKernel } from './exec-at-k.js';
import { executionPrecisionAtKKernel } from './execution-precision-at-k.js';
import { expectedDcgKernel, expectedExecKernel, expectedPrecisionKernel, expectedRrKernel } from './expected-ties.js';
import { dcgKernel, idealDcgKernel, sortDescending } from './ndcg-at-k.js';
import { type Measure, parseMeasure } from './parse-measure.js';
import { checkedScore, selectTopK } from './rank.js';
import { dcgDecidedByTies, execDecidedByTies, precisionDecidedByTies, rrDecidedByTies } from './tie-decided.js';
import { createTieGroups, fillTieGroups, type TieGroups } from './tie-groups.js';

/**
 * How tied scores are ordered: `'trec'` breaks them by document id descending (trec_eval's rule, the
 * numbers trec_eval, pytrec_eval and ir_measures report); `'expected'` reports the expected value of every
 * measure over all orderings of the tied documents (McSherry & Najork, ECIR 2008).
 */
export type TieMode = 'trec' | 'expected';

/**
 * Where nDCG gains come from: `'binary'` (gain 1 for a qrels value > 0, else 0; the benchmark's definition)
 * or `'graded'` (gain = the qrels value when > 0, else 0; trec_eval's `ndcg_cut`).
 */
export type GainMode = 'binary' | 'graded';

/**
 * What happens to a query of the qrels that has no entry in the run: `'zero'` scores every measure 0 and
 * keeps the query in the mean (trec_eval `-c`; a system cannot improve its mean by skipping queries),
 * `'skip'` leaves it out of `perQuery` and of the mean (trec_eval's default), `'error'` throws.
 */
export type MissingQueryMode = 'zero' | 'skip' | 'error';

/** Default of {@link EvaluateOptions.ties}. */
export const DEFAULT_TIES: TieMode = 'trec';
/** Default of {@link EvaluateOptions.gain}. */
export const DEFAULT_GAIN: GainMode = 'binary';
/** Default of {@link EvaluateOptions.missingQueries}. */
export const DEFAULT_MISSING_QUERIES: MissingQueryMode = 'zero';

/** Relevance judgements: query id → document id → judgement (a finite number; > 0 means relevant). */
export type Qrels = Readonly<Record<string, Readonly<Record<string, number>>>>;
/** Retrieval scores: query id → document id → score (higher ranks first; any number but `NaN`). */
export type Run = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Options of {@link evaluate}. */
export interface EvaluateOptions {
  /**
   * The snippets that pass every test of each query: query id → document ids (an array or a `Set`). Used by
   * `exec@k`, `execution_precision@k` and `mrr`. Absent: the documents with a qrels value > 0 pass. When
   * given, a query absent from it has no passing snippet (listed in `diagnostics.missingFromPassing`), and a
   * snippet never executed against a query should simply not be listed (it counts as not passing).
   */
  passing?: Readonly<Record<string, Iterable<string>>>;
  /** Tie handling; default {@link DEFAULT_TIES} (`'trec'`). */
  ties?: TieMode;
  /** nDCG gains; default {@link DEFAULT_GAIN} (`'binary'`). */
  gain?: GainMode;
  /** Queries of the qrels missing from the run; default {@link DEFAULT_MISSING_QUERIES} (`'zero'`). */
  missingQueries?: MissingQueryMode;
}

/** The settings an evaluation ran with, for reports. */
export interface EvaluateSettings {
  ties: TieMode;
  gain: GainMode;
  missingQueries: MissingQueryMode;
  /** Where pass flags came from: `options.passing`, or qrels values > 0. */
  passing: 'given' | 'qrels';
}

/** What `evaluate` noticed besides the scores. Every list follows the order of the qrels. */
export interface EvaluateDiagnostics<M extends string> {
  /**
   * Per measure, the number of evaluated queries whose value depends on how tied scores are ordered (it is
   * not the same under every ordering of the tie groups), whichever tie mode was used. For
   * `exec_ndcg_gap@k` a query counts when exec@k or nDCG@k depends on the order (the difference itself may
   * happen not to).
   */
  tiesDecided: Record<M, number>;
  /** The queries counted in `tiesDecided`, per measure. */
  tieDecidedQueries: Record<M, string[]>;
  /** Queries of the qrels with no entry in the run (scored 0, skipped or rejected per `missingQueries`). */
  missingFromRun: string[];
  /** Queries of the run that are not in the qrels; they are ignored (not read, not validated). */
  notInQrels: string[];
  /** Evaluated queries whose qrels hold no value > 0 (their nDCG is 0). */
  withoutRelevant: string[];
  /** Only with `options.passing`: queries of the qrels that have no entry in it (nothing passes for them). */
  missingFromPassing: string[];
}

/** The result of {@link evaluate}. Keys of `perQuery` rows and of `mean` are the measure strings as given. */
export interface EvaluateResult<M extends string> {
  /** Query id → measure → value, for every evaluated query, in qrels order. */
  perQuery: Record<string, Record<M, number>>;
  /** Measure → unweighted mean over the evaluated queries. */
  mean: Record<M, number>;
  /** The evaluated query ids, in qrels order (the rows of `perQuery`). */
  queryIds: string[];
  /** Measure string → its parsed form. */
  measures: Record<M, Measure>;
  /** The settings used, defaults filled in. */
  settings: EvaluateSettings;
  /** Counts and lists that reports should state. */
  diagnostics: EvaluateDiagnostics<M>;
}

const TIE_MODES: readonly TieMode[] = ['trec', 'expected'];
const GAIN_MODES: readonly GainMode[] = ['binary', 'graded'];
const MISSING_MODES: readonly MissingQueryMode[] = ['zero', 'skip', 'error'];

/** Measure kinds resolved once, so the per-query loop switches on small integers. */
const EXEC = 0;
const PRECISION = 1;
const NDCG = 2;
const GAP = 3;
const MRR = 4;
const KIND: Record<Measure['name'], number> = {
  exec: EXEC,
  execution_precision: PRECISION,
  ndcg: NDCG,
  exec_ndcg_gap: GAP,
  mrr: MRR,
};

/**
 * Evaluates a run against relevance judgements and pass sets, TREC style: every query of `qrels` is scored
 * with every measure, then averaged.
 *
 * Definitions (SPEC section 3; `R_k(q)` = the first k documents of query q's ranking):
 * - ranking: the run's documents for q sorted by score descending, then by document id descending in
 *   code-point order (trec_eval's rule, see `compareByTieRule`); with `ties: 'expected'`, every measure is
 *   instead the expected value over all orderings of tied documents (see `expectedExecAtK`);
 * - `exec@k` = 1 if a passing document is in `R_k(q)`, else 0;
 * - `execution_precision@k` (alias `precision@k`) = |passing documents in R_k(q)| / k;
 * - `ndcg@k` = DCG@k / IDCG@k with gains from the qrels (binary: 1 for a value > 0; or graded), discount
 *   1 / log2(rank + 1), IDCG from every document of q's qrels with a positive gain, ranked or not; 0 when q
 *   has no relevant document;
 * - `exec_ndcg_gap@k` = exec@k − ndcg@k;
 * - `mrr` = 1 / rank of the first passing document, 0 if none; `mrr@k` is 0 when that rank exceeds k;
 * - `mean` = the unweighted mean over evaluated queries (compensated summation).
 *
 * "Passing" comes from `options.passing` when given, else from qrels values > 0; "relevant" (nDCG) always
 * comes from the qrels. Documents in the run but absent from the qrels are not relevant.
 *
 * Edge cases: `k` larger than a query's ranking inspects all of it (precision still divides by k); an empty
 * run for a query (`{}`) scores 0 everywhere; a query with no relevant document has nDCG 0 (and, without
 * `options.passing`, nothing passes); a query of the qrels missing from the run follows
 * `options.missingQueries` (default: scored 0 and kept in the mean); queries of the run missing from the
 * qrels are ignored, as trec_eval does; a `NaN` or non-number score is rejected. Inputs are not modified.
 *
 * Cost: O(n log K) per query for n ranked documents and K the largest cutoff (a bounded heap, no full sort),
 * plus O(n) for `mrr` and for the size of the tie group at the cutoff.
 *
 * @param qrels - query id → document id → judgement; defines the queries that are evaluated
 * @param run - query id → document id → score
 * @param measures - measure strings (see `parseMeasure`), e.g. `['exec@1', 'precision@5', 'ndcg@10', 'mrr']`
 * @param options - `passing`, `ties`, `gain`, `missingQueries`
 * @returns per-query values, means, settings and diagnostics (including how many queries a tie decided)
 * @throws MetricsError `invalid-measure` / `duplicate-measure` for bad measure lists, `invalid-qrels`,
 *   `invalid-run`, `invalid-score`, `invalid-passing` for malformed data, `missing-query` with
 *   `missingQueries: 'error'`, `no-queries` when no query is left to evaluate
 * @throws TypeError / RangeError for malformed arguments (`measures` not a non-empty array, unknown option
 *   values)
 *
 * @example
 * const qrels = { q1: { c_0001: 1 }, q2: { c_0004: 1 } };
 * const run = {
 *   q1: { c_0001: 0.9, c_0002: 0.9, c_0003: 0.2 }, // the canonical ties with c_0002 at the top
 *   q2: { c_0004: 0.8, c_0005: 0.7 },
 * };
 * const trec = evaluate(qrels, run, ['exec@1', 'ndcg@1', 'mrr']);
 * // trec.perQuery.q1 → { 'exec@1': 0, 'ndcg@1': 0, mrr: 0.5 }   (c_0002 > c_0001, so it ranks first)
 * // trec.mean        → { 'exec@1': 0.5, 'ndcg@1': 0.5, mrr: 0.75 }
 * // trec.diagnostics.tiesDecided → { 'exec@1': 1, 'ndcg@1': 1, mrr: 1 }
 * const fair = evaluate(qrels, run, ['exec@1', 'ndcg@1', 'mrr'], { ties: 'expected' });
 * // fair.perQuery.q1 → { 'exec@1': 0.5, 'ndcg@1': 0.5, mrr: 0.75 }
 */
export function evaluate<const M extends string>(
  qrels: Qrels,
  run: Run,
  measures: readonly M[],
  options: EvaluateOptions = {},
): EvaluateResult<M> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(
      `@execret/metrics evaluate: expected options to be an object, received ${describeValue(options)}`,
    );
  }
  const ties = pickOption(options.ties, DEFAULT_TIES, TIE_MODES, 'ties');
  const gainMode = pickOption(options.gain, DEFAULT_GAIN, GAIN_MODES, 'gain');
  const missingQueries = pickOption(options.missingQueries, DEFAULT_MISSING_QUERIES, MISSING_MODES, 'missingQueries');
  const passingOption = options.passing;
  if (passingOption !== undefined && !isPlainRecord(passingOption)) {
    throw new MetricsError(
      'invalid-passing',
      `@execret/metrics evaluate: expected options.passing to be an object mapping query id to document ids, received ${describeValue(passingOption)}`,
    );
  }
  if (!isPlainRecord(qrels)) {
    throw new MetricsError(
      'invalid-qrels',
      `@execret/metrics evaluate: expected qrels to be an object mapping query id to { docId: judgement }, received ${describeValue(qrels)}`,
    );
  }
  if (!isPlainRecord(run)) {
    throw new MetricsError(
      'invalid-run',
      `@execret/metrics evaluate: expected run to be an object mapping query id to { docId: score }, received ${describeValue(run)}`,
    );
  }

  // Measures: parse once, reject duplicates, resolve kinds and the largest cutoff.
  const parsed = parseMeasureList(measures);
  const count = parsed.length;
  const kinds = new Int32Array(count);
  const cutoffs = new Float64Array(count); // k, or +Infinity for mrr without a cutoff
  let maxK = 0;
  let wantRr = false;
  let wantIdcg = false;
  for (let j = 0; j < count; j++) {
    const m = (parsed[j] as { measure: Measure }).measure;
    kinds[j] = KIND[m.name];
    cutoffs[j] = m.k ?? Number.POSITIVE_INFINITY;
    if (m.name === 'mrr') wantRr = true;
    else if (m.k !== null && m.k > maxK) maxK = m.k;
    if (m.name === 'ndcg' || m.name === 'exec_ndcg_gap') wantIdcg = true;
  }

  // Buffers reused across queries, grown on demand (a cutoff may far exceed every run's length).
  let scores = new Float64Array(1024);
  let capacity = Math.min(maxK, 64);
  let topScores = new Float64Array(capacity);
  let topPass = new Uint8Array(capacity);
  let topGain = new Float64Array(capacity);
  let groups: TieGroups = createTieGroups(capacity);
  const values = new Float64Array(count);
  const decided = new Uint8Array(count);

  const keys = parsed.map((p) => p.key);
  const sums = new Float64Array(count);
  const compensations = new Float64Array(count);
  const decidedCounts = new Int32Array(count);
  const decidedQueries: string[][] = keys.map(() => []);
  const perQuery = {} as Record<string, Record<M, number>>;
  const queryIds: string[] = [];
  const missingFromRun: string[] = [];
  const withoutRelevant: string[] = [];
  const missingFromPassing: string[] = [];

  for (const qid of Object.keys(qrels)) {
    const judged = qrels[qid];
    if (!isPlainRecord(judged)) {
      throw new MetricsError(
        'invalid-qrels',
        `@execret/metrics evaluate: expected qrels[${describeValue(qid)}] to be an object mapping document id to judgement, received ${describeValue(judged)}`,
        { queryId: qid },
      );
    }
    // Relevant documents and their gains (validated for every qrels query, evaluated or not).
    const relevantIds: string[] = [];
    const relevantGains: number[] = [];
    for (const docId of Object.keys(judged)) {
      const v = judged[docId];
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new MetricsError(
          'invalid-qrels',
          `@execret/metrics evaluate: expected the judgement of document ${describeValue(docId)} for query ${describeValue(qid)} to be a finite number, received ${describeValue(v)}`,
          { queryId: qid, docId },
        );
      }
      if (v > 0) {
        relevantIds.push(docId);
        relevantGains.push(gainMode === 'binary' ? 1 : v);
      }
    }
    const gainOf = (docId: string): number => {
      if (!Object.hasOwn(judged, docId)) return 0;
      const v = judged[docId] as number;
      return v > 0 ? (gainMode === 'binary' ? 1 : v) : 0;
    };

    let passSet: ReadonlySet<string>;
    if (passingOption === undefined) {
      passSet = new Set(relevantIds);
    } else if (Object.hasOwn(passingOption, qid)) {
      passSet = toIdSet(passingOption[qid], qid);
    } else {
      missingFromPassing.push(qid);
      passSet = new Set();
    }

    if (!Object.hasOwn(run, qid)) {
      missingFromRun.push(qid);
      if (missingQueries === 'error') {
        throw new MetricsError(
          'missing-query',
          `@execret/metrics evaluate: query ${describeValue(qid)} of the qrels has no entry in the run (missingQueries: 'error'; use 'zero' to score it 0 or 'skip' to leave it out)`,
          { queryId: qid },
        );
      }
      if (missingQueries === 'skip') continue;
      if (relevantIds.length === 0) withoutRelevant.push(qid);
      values.fill(0);
      decided.fill(0);
      record(qid);
      continue;
    }
    const ranked = run[qid];
    if (!isPlainRecord(ranked)) {
      throw new MetricsError(
        'invalid-run',
        `@execret/metrics evaluate: expected run[${describeValue(qid)}] to be an object mapping document id to score, received ${describeValue(ranked)}`,
        { queryId: qid },
      );
    }
    if (relevantIds.length === 0) withoutRelevant.push(qid);

    // Scores into a typed array (validated here, once).
    const ids = Object.keys(ranked);
    const n = ids.length;
    if (n > scores.length) scores = new Float64Array(Math.max(n, scores.length * 2));
    for (let i = 0; i < n; i++) {
      const docId = ids[i] as string;
      scores[i] = checkedScore(ranked[docId], docId, qid, 'evaluate');
    }

    // The top K by the tie rule, with pass flags and gains, and its tie groups.
    const K = Math.min(maxK, n);
    if (K > capacity) {
      capacity = Math.min(maxK, Math.max(K, capacity * 2));
      topScores = new Float64Array(capacity);
      topPass = new Uint8Array(capacity);
      topGain = new Float64Array(capacity);
      groups = createTieGroups(capacity);
    }
    if (K > 0) {
      const top = selectTopK(scores, ids, n, K);
      for (let r = 0; r < K; r++) {
        const i = top[r] as number;
        const docId = ids[i] as string;
        topScores[r] = scores[i] as number;
        topPass[r] = passSet.has(docId) ? 1 : 0;
        topGain[r] = gainOf(docId);
      }
      fillTieGroups(groups, topScores, topPass, topGain, K);
      if (K < n) completeLastGroup(groups, topScores[K - 1] as number, scores, n, ranked, passSet, relevantIds, gainOf);
    } else {
      groups.count = 0;
    }
    const passView = topPass.subarray(0, K);
    const gainView = topGain.subarray(0, K);
    const ideal = wantIdcg ? sortDescending(relevantGains) : undefined;

    // First passing document: rank under the tie rule and its tie group (O(n), only when mrr is asked for).
    let rrRank0 = -1;
    let rrGroupStart = 0;
    let rrGroupSize = 0;
    let rrGroupPassing = 0;
    if (wantRr) {
      let bestScore = Number.NEGATIVE_INFINITY;
      let bestId: string | undefined;
      for (const docId of passSet) {
        if (!Object.hasOwn(ranked, docId)) continue;
        const s = ranked[docId] as number;
        if (bestId === undefined || s > bestScore || (s === bestScore && compareCodePoints(docId, bestId) > 0)) {
          bestScore = s;
          bestId = docId;
        }
      }
      if (bestId !== undefined) {
        let greater = 0;
        let equal = 0;
        let equalBefore = 0;
        for (let i = 0; i < n; i++) {
          const s = scores[i] as number;
          if (s > bestScore) greater++;
          else if (s === bestScore) {
            equal++;
            if (compareCodePoints(ids[i] as string, bestId) > 0) equalBefore++;
          }
        }
        for (const docId of passSet) {
          if (Object.hasOwn(ranked, docId) && ranked[docId] === bestScore) rrGroupPassing++;
        }
        rrRank0 = greater + equalBefore;
        rrGroupStart = greater;
        rrGroupSize = equal;
      }
    }

    for (let j = 0; j < count; j++) {
      const kind = kinds[j] as number;
      const k = cutoffs[j] as number;
      let value = 0;
      let isDecided = false;
      if (kind === MRR) {
        if (rrRank0 >= 0) {
          value =
            ties === 'trec'
              ? rrRank0 < k
                ? 1 / (rrRank0 + 1)
                : 0
              : expectedRrKernel(rrGroupStart, rrGroupSize, rrGroupPassing, k);
          isDecided = rrDecidedByTies(rrGroupStart, rrGroupSize, rrGroupPassing, k);
        }
      } else {
        let exec = 0;
        let ndcg = 0;
        if (kind === EXEC || kind === GAP) {
          exec = ties === 'trec' ? execAtKKernel(passView, k) : expectedExecKernel(groups, k);
          isDecided = execDecidedByTies(groups, k);
        }
        if (kind === NDCG || kind === GAP) {
          const idcg = idealDcgKernel(ideal as Float64Array, k);
          if (idcg > 0) {
            const dcg = ties === 'trec' ? dcgKernel(gainView, k) : expectedDcgKernel(groups, k);
            ndcg = dcg / idcg;
            isDecided ||= dcgDecidedByTies(groups, k);
          }
        }
        if (kind === EXEC) value = exec;
        else if (kind === NDCG) value = ndcg;
        else if (kind === GAP) value = exec - ndcg;
        else {
          value = ties === 'trec' ? executionPrecisionAtKKernel(passView, k) : expectedPrecisionKernel(groups, k);
          isDecided = precisionDecidedByTies(groups, k);
        }
      }
      values[j] = value;
      decided[j] = isDecided ? 1 : 0;
    }
    record(qid);
  }

  const notInQrels = Object.keys(run).filter((qid) => !Object.hasOwn(qrels, qid));
  if (queryIds.length === 0) {
    const why =
      Object.keys(qrels).length === 0
        ? 'qrels has no query'
        : `no query of the qrels is in the run (missingQueries: 'skip'; qrels starts ${preview(Object.keys(qrels))}, run starts ${preview(Object.keys(run))})`;
    throw new MetricsError('no-queries', `@execret/metrics evaluate: nothing to evaluate: ${why}`);
  }

  const mean = {} as Record<M, number>;
  const tiesDecided = {} as Record<M, number>;
  const tieDecidedQueries = {} as Record<M, string[]>;
  const measureInfo = {} as Record<M, Measure>;
  for (let j = 0; j < count; j++) {
    const key = keys[j] as M;
    mean[key] = ((sums[j] as number) + (compensations[j] as number)) / queryIds.length;
    tiesDecided[key] = decidedCounts[j] as number;
    tieDecidedQueries[key] = decidedQueries[j] as string[];
    measureInfo[key] = (parsed[j] as { measure: Measure }).measure;
  }
  return {
    perQuery,
    mean,
    queryIds,
    measures: measureInfo,
    settings: { ties, gain: gainMode, missingQueries, passing: passingOption === undefined ? 'qrels' : 'given' },
    diagnostics: { tiesDecided, tieDecidedQueries, missingFromRun, notInQrels, withoutRelevant, missingFromPassing },
  };

  /** Stores `values` / `decided` of the current query and adds them to the running sums. */
  function record(qid: string): void {
    const row = {} as Record<M, number>;
    for (let j = 0; j < count; j++) {
      const v = values[j] as number;
      row[keys[j] as M] = v;
      // Neumaier's compensated summation.
      const sum = sums[j] as number;
      const t = sum + v;
      compensations[j] = (compensations[j] as number) + (Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum);
      sums[j] = t;
      if (decided[j] === 1) {
        decidedCounts[j] = (decidedCounts[j] as number) + 1;
        (decidedQueries[j] as string[]).push(qid);
      }
    }
    setOwn(perQuery, qid, row);
    queryIds.push(qid);
  }
}

/**
 * Replaces the summary of the last tie group (which the top-K list may cut) by that of all its members in
 * the run: every document with the same score. Documents that neither pass nor are relevant have gain 0.
 */
function completeLastGroup(
  groups: TieGroups,
  score: number,
  scores: Float64Array,
  n: number,
  ranked: Readonly<Record<string, number>>,
  passSet: ReadonlySet<string>,
  relevantIds: readonly string[],
  gainOf: (docId: string) => number,
): void {
  const g = groups.count - 1;
  let size = 0;
  for (let i = 0; i < n; i++) if (scores[i] === score) size++;
  let passing = 0;
  for (const docId of passSet) if (Object.hasOwn(ranked, docId) && ranked[docId] === score) passing++;
  let gainSum = 0;
  let positive = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (const docId of relevantIds) {
    if (!Object.hasOwn(ranked, docId) || ranked[docId] !== score) continue;
    const gain = gainOf(docId);
    gainSum += gain;
    positive++;
    if (gain < lo) lo = gain;
    if (gain > hi) hi = gain;
  }
  groups.size[g] = size;
  groups.passing[g] = passing;
  groups.gainSum[g] = gainSum;
  groups.gainMin[g] = positive < size ? 0 : lo;
  groups.gainMax[g] = hi;
}

function parseMeasureList(measures: readonly string[]): { key: string; measure: Measure }[] {
  if (!Array.isArray(measures)) {
    throw new TypeError(
      `@execret/metrics evaluate: expected measures to be an array of measure strings, received ${describeValue(measures)}`,
    );
  }
  if (measures.length === 0) {
    throw new RangeError(`@execret/metrics evaluate: expected at least one measure, e.g. ['exec@1', 'ndcg@10', 'mrr']`);
  }
  const byId = new Map<string, string>();
  return measures.map((key: string) => {
    const measure = parseMeasure(key);
    const earlier = byId.get(measure.id);
    if (earlier !== undefined) {
      throw new MetricsError(
        'duplicate-measure',
        `@execret/metrics evaluate: measures ${describeValue(earlier)} and ${describeValue(key)} both name ${measure.id}; list each measure once`,
        { measure: key },
      );
    }
    byId.set(measure.id, key);
    return { key, measure };
  });
}

function toIdSet(value: unknown, qid: string): ReadonlySet<string> {
  const iterable =
    typeof value === 'object' && value !== null && typeof (value as Iterable<unknown>)[Symbol.iterator] === 'function';
  if (!iterable) {
    throw new MetricsError(
      'invalid-passing',
      `@execret/metrics evaluate: expected options.passing[${describeValue(qid)}] to be an array or Set of document ids, received ${describeValue(value)}`,
      { queryId: qid },
    );
  }
  const out = new Set<string>();
  for (const docId of value as Iterable<unknown>) {
    if (typeof docId !== 'string') {
      throw new MetricsError(
        'invalid-passing',
        `@execret/metrics evaluate: expected options.passing[${describeValue(qid)}] to hold document id strings, received ${describeValue(docId)}`,
        { queryId: qid },
      );
    }
    out.add(docId);
  }
  return out;
}

function pickOption<T extends string>(value: T | undefined, fallback: T, allowed: readonly T[], name: string): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) {
    throw new RangeError(
      `@execret/metrics evaluate: expected options.${name} to be one of ${allowed.map((a) => `'${a}'`).join(', ')}, received ${describeValue(value)}`,
    );
  }
  return value;
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Defines an own enumerable property, so that keys such as `__proto__` are stored as data. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function preview(ids: readonly string[]): string {
  const shown = ids.slice(0, 3).map((id) => JSON.stringify(id));
  return ids.length > 3 ? `${shown.join(', ')}, ...` : shown.length > 0 ? shown.join(', ') : '(empty)';
}
