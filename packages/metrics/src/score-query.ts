/**
 * The per-query kernel of `evaluate`: the top K of one query by the tie rule, its tie groups, the first passing
 * document, and every measure of the plan, over typed arrays. Inputs arrive validated (`query-input.ts`);
 * nothing here checks or throws.
 *
 * @internal
 */

import { compareCodePoints } from '@execret/formats';
import type { TieMode } from './evaluate-options.js';
import { execAtKKernel } from './exec-at-k.js';
import { executionPrecisionAtKKernel } from './execution-precision-at-k.js';
import { expectedDcgKernel, expectedExecKernel, expectedPrecisionKernel, expectedRrKernel } from './expected-ties.js';
import { EXEC, GAP, type MeasurePlan, MRR, NDCG } from './measure-plan.js';
import { dcgKernel, idealDcgKernel } from './ndcg-at-k.js';
import type { QueryInput } from './query-input.js';
import { selectTopK } from './rank.js';
import { dcgDecidedByTies, execDecidedByTies, precisionDecidedByTies, rrDecidedByTies } from './tie-decided.js';
import { createTieGroups, fillTieGroups, type TieGroups } from './tie-groups.js';

/** Buffers reused across queries, grown on demand (a cutoff may far exceed every run's length). */
export interface QueryWorkspace {
  /** Largest cutoff of the plan: the buffers never need more room. */
  maxK: number;
  capacity: number;
  topScores: Float64Array;
  topPass: Uint8Array;
  topGain: Float64Array;
  groups: TieGroups;
  /** Scores of the current query's run (handed to `readRankedQuery`, which may replace it by a larger one). */
  scores: Float64Array;
}

/**
 * Allocates the buffers for a plan whose largest cutoff is `maxK`.
 *
 * @example
 * createQueryWorkspace(10).capacity; // 10
 */
export function createQueryWorkspace(maxK: number): QueryWorkspace {
  const capacity = Math.min(maxK, 64);
  return {
    maxK,
    capacity,
    topScores: new Float64Array(capacity),
    topPass: new Uint8Array(capacity),
    topGain: new Float64Array(capacity),
    groups: createTieGroups(capacity),
    scores: new Float64Array(1024),
  };
}

/** Rank and tie group of the first passing document under the tie rule (`rank0` = -1 when none is ranked). */
interface FirstPassing {
  rank0: number;
  groupStart: number;
  groupSize: number;
  groupPassing: number;
}

/**
 * Scores one ranked query: writes measure j's value into `values[j]` and whether a tie decided it into
 * `decided[j]` (1 or 0).
 *
 * Cost: O(n log K) for the top K (a bounded heap), plus O(n) for `mrr` and for the size of the tie group at
 * the cutoff.
 *
 * @example
 * const ws = createQueryWorkspace(plan.maxK);
 * scoreQuery(readRankedQuery(qid, run[qid], judgements, passSet, plan.wantIdcg, ws.scores), plan, 'trec', ws,
 *   values, decided);
 */
export function scoreQuery(
  input: QueryInput,
  plan: MeasurePlan,
  ties: TieMode,
  ws: QueryWorkspace,
  values: Float64Array,
  decided: Uint8Array,
): void {
  const { n, ids, scores } = input;
  ws.scores = scores;

  // The top K by the tie rule, with pass flags and gains, and its tie groups.
  const K = Math.min(ws.maxK, n);
  if (K > ws.capacity) {
    ws.capacity = Math.min(ws.maxK, Math.max(K, ws.capacity * 2));
    ws.topScores = new Float64Array(ws.capacity);
    ws.topPass = new Uint8Array(ws.capacity);
    ws.topGain = new Float64Array(ws.capacity);
    ws.groups = createTieGroups(ws.capacity);
  }
  const { topScores, topPass, topGain, groups } = ws;
  if (K > 0) {
    const top = selectTopK(scores, ids, n, K);
    for (let r = 0; r < K; r++) {
      const i = top[r] as number;
      const docId = ids[i] as string;
      topScores[r] = scores[i] as number;
      topPass[r] = input.passSet.has(docId) ? 1 : 0;
      topGain[r] = input.gainOf(docId);
    }
    fillTieGroups(groups, topScores, topPass, topGain, K);
    if (K < n) completeLastGroup(groups, topScores[K - 1] as number, input);
  } else {
    groups.count = 0;
  }
  const passView = topPass.subarray(0, K);
  const gainView = topGain.subarray(0, K);
  const first = plan.wantRr ? firstPassing(input) : null;

  for (let j = 0; j < plan.count; j++) {
    const kind = plan.kinds[j] as number;
    const k = plan.cutoffs[j] as number;
    let value = 0;
    let isDecided = false;
    if (kind === MRR) {
      if (first !== null && first.rank0 >= 0) {
        const { rank0, groupStart, groupSize, groupPassing } = first;
        value =
          ties === 'trec'
            ? rank0 < k
              ? 1 / (rank0 + 1)
              : 0
            : expectedRrKernel(groupStart, groupSize, groupPassing, k);
        isDecided = rrDecidedByTies(groupStart, groupSize, groupPassing, k);
      }
    } else {
      let exec = 0;
      let ndcg = 0;
      if (kind === EXEC || kind === GAP) {
        exec = ties === 'trec' ? execAtKKernel(passView, k) : expectedExecKernel(groups, k);
        isDecided = execDecidedByTies(groups, k);
      }
      if (kind === NDCG || kind === GAP) {
        const idcg = idealDcgKernel(input.idealGains as Float64Array, k);
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
}

/**
 * Replaces the summary of the last tie group (which the top-K list may cut) by that of all its members in
 * the run: every document with the same score. Documents that neither pass nor are relevant have gain 0.
 */
function completeLastGroup(groups: TieGroups, score: number, input: QueryInput): void {
  const g = groups.count - 1;
  let size = 0;
  for (let i = 0; i < input.n; i++) if (input.scores[i] === score) size++;
  let passing = 0;
  for (let i = 0; i < input.passingScores.length; i++) if (input.passingScores[i] === score) passing++;
  let gainSum = 0;
  let positive = 0;
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (let i = 0; i < input.relevantScores.length; i++) {
    if (input.relevantScores[i] !== score) continue;
    const gain = input.relevantGains[i] as number;
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

/** The first passing document under the tie rule, its 0-based rank and its tie group (O(n)). */
function firstPassing(input: QueryInput): FirstPassing {
  const { passingIds, passingScores, scores, ids, n } = input;
  let bestScore = Number.NEGATIVE_INFINITY;
  let bestId: string | undefined;
  for (let j = 0; j < passingIds.length; j++) {
    const docId = passingIds[j] as string;
    const s = passingScores[j] as number;
    if (bestId === undefined || s > bestScore || (s === bestScore && compareCodePoints(docId, bestId) > 0)) {
      bestScore = s;
      bestId = docId;
    }
  }
  if (bestId === undefined) return { rank0: -1, groupStart: 0, groupSize: 0, groupPassing: 0 };
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
  let groupPassing = 0;
  for (let j = 0; j < passingScores.length; j++) if (passingScores[j] === bestScore) groupPassing++;
  return { rank0: greater + equalBefore, groupStart: greater, groupSize: equal, groupPassing };
}
