/**
 * One query's inputs to `evaluate`, validated once as they are read and laid out for the kernel
 * (`scoreQuery`): scores in a typed array, the passing and relevant documents that the run ranks, and the
 * ideal gains.
 */

import { describeValue, MetricsError } from './errors.js';
import type { GainMode, QueryColumns } from './evaluate-options.js';
import { sortDescending } from './ndcg-at-k.js';
import { isPlainRecord } from './plain-record.js';
import { checkedScore } from './rank.js';

/** A query's qrels row, checked: its relevant documents (value > 0) and their gains, in qrels order. */
export interface QueryJudgements {
  relevantIds: string[];
  relevantGains: number[];
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
  return { relevantIds, relevantGains };
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
  return rankedInput(n, ids, buffer, judgements, passSet, wantIdcg, (docId) =>
    Object.hasOwn(run, docId) ? run[docId] : undefined,
  );
}

/**
 * Reads a query's run given as columns: checks the shape (an array of document id strings, no id twice, scores of
 * the same length, no `NaN`, numbers only), copies the scores into `scores` (grown when too small) and looks up
 * the passing and relevant documents it ranks — the same {@link QueryInput} that {@link readRankedQuery} gives
 * for the equivalent `Record`.
 *
 * @example
 * const input = readQueryColumns('q1', { docIds: ['c_0001', 'c_0002'], scores: Float64Array.of(0.9, 0.4) },
 *   judgements, new Set(['c_0001']), true, new Float64Array(8));
 * input.n;             // 2
 * input.passingScores; // Float64Array [0.9]
 */
export function readQueryColumns(
  qid: string,
  columns: unknown,
  judgements: QueryJudgements,
  passSet: ReadonlySet<string>,
  wantIdcg: boolean,
  scores: Float64Array,
): QueryInput {
  const isObject = typeof columns === 'object' && columns !== null;
  const docIds: unknown = isObject ? (columns as QueryColumns).docIds : undefined;
  const given: unknown = isObject ? (columns as QueryColumns).scores : undefined;
  const scoresLength = typeof given === 'object' && given !== null ? (given as ArrayLike<number>).length : undefined;
  if (!Array.isArray(docIds) || typeof scoresLength !== 'number' || scoresLength !== docIds.length) {
    const lengths =
      Array.isArray(docIds) && typeof scoresLength === 'number'
        ? ` (${docIds.length} document ids, ${scoresLength} scores)`
        : '';
    throw new MetricsError(
      'invalid-run',
      `@execret/metrics evaluateColumns: expected run.get(${describeValue(qid)}) to be { docIds: string[], scores: Float64Array } of one length, received ${describeValue(columns)}${lengths}`,
      { queryId: qid },
    );
  }
  const values = given as ArrayLike<number>;
  const n = docIds.length;
  let buffer = scores;
  if (n > buffer.length) buffer = new Float64Array(Math.max(n, buffer.length * 2));
  const indexOf = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const docId: unknown = docIds[i];
    if (typeof docId !== 'string') {
      throw new MetricsError(
        'invalid-run',
        `@execret/metrics evaluateColumns: expected run.get(${describeValue(qid)}).docIds[${i}] to be a document id string, received ${describeValue(docId)}`,
        { queryId: qid },
      );
    }
    buffer[i] = checkedScore(values[i], docId, qid, 'evaluateColumns');
    indexOf.set(docId, i);
    if (indexOf.size === i) {
      throw new MetricsError(
        'invalid-run',
        `@execret/metrics evaluateColumns: document ${describeValue(docId)} is listed twice for query ${describeValue(qid)} (docIds[${docIds.indexOf(docId)}] and docIds[${i}])`,
        { queryId: qid, docId },
      );
    }
  }
  return rankedInput(n, docIds as readonly string[], buffer, judgements, passSet, wantIdcg, (docId) => {
    const i = indexOf.get(docId);
    return i === undefined ? undefined : (buffer[i] as number);
  });
}

/**
 * The gain of a document: its relevant gain when it is among `relevantIds`, else 0 (what the qrels value gives:
 * gain for a value > 0, 0 for a value <= 0 or no judgement). A query rarely has more than a few relevant
 * documents, so they are compared one by one; a `Map` serves beyond that. (A property lookup on the qrels
 * record with an id string from the run costs more than either.)
 */
function relevantGainLookup(
  relevantIds: readonly string[],
  relevantGains: readonly number[],
): (docId: string) => number {
  if (relevantIds.length > 8) {
    const gains = new Map<string, number>();
    relevantIds.forEach((docId, i) => {
      gains.set(docId, relevantGains[i] as number);
    });
    return (docId) => gains.get(docId) ?? 0;
  }
  return (docId) => {
    for (let i = 0; i < relevantIds.length; i++) if (relevantIds[i] === docId) return relevantGains[i] as number;
    return 0;
  };
}

/**
 * The {@link QueryInput} of a query whose `n` documents are `ids` with scores `buffer` (validated), given the
 * score of a document of the run by id (`undefined` when the run does not rank it).
 */
function rankedInput(
  n: number,
  ids: readonly string[],
  buffer: Float64Array,
  judgements: QueryJudgements,
  passSet: ReadonlySet<string>,
  wantIdcg: boolean,
  scoreOf: (docId: string) => number | undefined,
): QueryInput {
  const passingIds: string[] = [];
  const passing: number[] = [];
  for (const docId of passSet) {
    const score = scoreOf(docId);
    if (score === undefined) continue;
    passingIds.push(docId);
    passing.push(score);
  }
  const { relevantIds, relevantGains } = judgements;
  const gainOf = relevantGainLookup(relevantIds, relevantGains);
  const relevantScores: number[] = [];
  const rankedGains: number[] = [];
  relevantIds.forEach((docId, i) => {
    const score = scoreOf(docId);
    if (score === undefined) return;
    relevantScores.push(score);
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
