/**
 * One query's inputs to `evaluate`, validated once as they are read and laid out for the kernel
 * (`scoreQuery`): scores in a typed array, the passing and relevant documents that the run ranks, and the
 * ideal gains.
 */

import { describeValue, MetricsError } from './errors.js';
import type { GainMode } from './evaluate-options.js';
import { sortDescending } from './ndcg-at-k.js';
import { isPlainRecord } from './plain-record.js';
import { checkedScore } from './rank.js';

/** A query's qrels row, checked: its relevant documents (value > 0) and their gains, in qrels order. */
export interface QueryJudgements {
  judged: Readonly<Record<string, number>>;
  relevantIds: string[];
  relevantGains: number[];
  gain: GainMode;
}

/** What the kernel reads for one ranked query. */
export interface QueryInput {
  /** Number of ranked documents. */
  n: number;
  /** Their ids, in the run's key order. */
  ids: readonly string[];
  /** Their scores, aligned with `ids` (only the first `n` entries are meaningful). */
  scores: Float64Array;
  /** Documents that pass (ranked or not). */
  passSet: ReadonlySet<string>;
  /** Gain of a document (0 unless its qrels value is > 0). */
  gainOf(docId: string): number;
  /** The passing documents the run ranks, in pass-set order, and their scores. */
  passingIds: string[];
  passingScores: Float64Array;
  /** The relevant documents the run ranks, in qrels order: scores and gains. */
  relevantScores: Float64Array;
  relevantGains: Float64Array;
  /** Every relevant gain sorted descending (ranked or not), when nDCG is asked for. */
  idealGains: Float64Array | undefined;
}

/**
 * Checks a query's qrels row (every judgement a finite number) and collects its relevant documents.
 *
 * @example
 * readJudgements('q1', { c_0001: 1, c_0002: 0 }, 'binary').relevantIds; // ['c_0001']
 */
export function readJudgements(qid: string, judged: unknown, gain: GainMode): QueryJudgements {
  if (!isPlainRecord(judged)) {
    throw new MetricsError(
      'invalid-qrels',
      `@execret/metrics evaluate: expected qrels[${describeValue(qid)}] to be an object mapping document id to judgement, received ${describeValue(judged)}`,
      { queryId: qid },
    );
  }
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
      relevantGains.push(gain === 'binary' ? 1 : v);
    }
  }
  return { judged: judged as Readonly<Record<string, number>>, relevantIds, relevantGains, gain };
}

/**
 * Checks one entry of `options.passing` (an iterable of document id strings) and returns it as a set.
 *
 * @example
 * readPassSet(['c_0001', 'c_0003'], 'q1').has('c_0003'); // true
 */
export function readPassSet(value: unknown, qid: string): ReadonlySet<string> {
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

/**
 * Reads a query's run row: checks it is a record of scores (no `NaN`, numbers only), copies the scores into
 * `scores` (grown when too small; the returned input holds the array used) and looks up the passing and
 * relevant documents it ranks.
 *
 * @example
 * const input = readRankedQuery('q1', { c_0001: 0.9, c_0002: 0.4 }, judgements, new Set(['c_0001']), true,
 *   new Float64Array(8));
 * input.n;             // 2
 * input.passingScores; // Float64Array [0.9]
 */
export function readRankedQuery(
  qid: string,
  ranked: unknown,
  judgements: QueryJudgements,
  passSet: ReadonlySet<string>,
  wantIdcg: boolean,
  scores: Float64Array,
): QueryInput {
  if (!isPlainRecord(ranked)) {
    throw new MetricsError(
      'invalid-run',
      `@execret/metrics evaluate: expected run[${describeValue(qid)}] to be an object mapping document id to score, received ${describeValue(ranked)}`,
      { queryId: qid },
    );
  }
  const ids = Object.keys(ranked);
  const n = ids.length;
  let buffer = scores;
  if (n > buffer.length) buffer = new Float64Array(Math.max(n, buffer.length * 2));
  for (let i = 0; i < n; i++) {
    const docId = ids[i] as string;
    buffer[i] = checkedScore(ranked[docId], docId, qid, 'evaluate');
  }
  const run = ranked as Readonly<Record<string, number>>;
  const passingIds: string[] = [];
  const passing: number[] = [];
  for (const docId of passSet) {
    if (!Object.hasOwn(run, docId)) continue;
    passingIds.push(docId);
    passing.push(run[docId] as number);
  }
  const { judged, relevantIds, relevantGains, gain } = judgements;
  const gainOf = (docId: string): number => {
    if (!Object.hasOwn(judged, docId)) return 0;
    const v = judged[docId] as number;
    return v > 0 ? (gain === 'binary' ? 1 : v) : 0;
  };
  const relevantScores: number[] = [];
  const rankedGains: number[] = [];
  relevantIds.forEach((docId, i) => {
    if (!Object.hasOwn(run, docId)) return;
    relevantScores.push(run[docId] as number);
    rankedGains.push(relevantGains[i] as number);
  });
  return {
    n,
    ids,
    scores: buffer,
    passSet,
    gainOf,
    passingIds,
    passingScores: Float64Array.from(passing),
    relevantScores: Float64Array.from(relevantScores),
    relevantGains: Float64Array.from(rankedGains),
    idealGains: wantIdcg ? sortDescending(relevantGains) : undefined,
  };
}
