// Benchmark of evaluate() at the scale of ExecRetrieval (939 queries × 4,694 snippets, every snippet scored
// for every query), against a reference run in the same process: the obvious implementation that sorts each
// query's whole run by the tie rule and applies the single-query functions. Timings on a shared machine are
// noisy, so the script interleaves the runs, reports medians of CPU time (process.cpuUsage, less sensitive to
// other processes than wall time) and the ratios, and checks that the means agree. A third column measures
// the floor set by the input format: Object.keys on every query's record and one read per score.
//
// Run: pnpm --filter @execret/metrics bench

import { mulberry32 } from '@execret/formats';
import {
  compareByTieRule,
  evaluate,
  execAtK,
  executionPrecisionAtK,
  ndcgAtK,
  type Qrels,
  type Run,
  reciprocalRank,
} from '../src/index.js';

const QUERIES = 939;
const DOCS = 4694;
const KS = [1, 3, 5, 10];
const MEASURES = [
  ...KS.map((k) => `exec@${k}`),
  ...KS.map((k) => `precision@${k}`),
  ...KS.map((k) => `ndcg@${k}`),
  ...KS.map((k) => `exec_ndcg_gap@${k}`),
  'mrr',
];
const REPEATS = 3;

/** A synthetic benchmark: one canonical per query, similarities rounded to `decimals` (fewer → more ties). */
function makeData(decimals: number, seed: number): { qrels: Qrels; run: Run } {
  const rand = mulberry32(seed);
  const ids = Array.from({ length: DOCS }, (_, i) => `c_${String(i + 1).padStart(4, '0')}`);
  const scale = 10 ** decimals;
  const qrels: Record<string, Record<string, number>> = {};
  const run: Record<string, Record<string, number>> = {};
  for (let q = 0; q < QUERIES; q++) {
    const qid = `q_${String(q + 1).padStart(4, '0')}`;
    const canonical = ids[(q * 5) % DOCS] as string;
    qrels[qid] = { [canonical]: 1 };
    const scores: Record<string, number> = {};
    for (const id of ids) scores[id] = Math.round((0.2 + 0.6 * rand()) * scale) / scale;
    scores[canonical] = Math.round((0.75 + 0.1 * rand()) * scale) / scale;
    run[qid] = scores;
  }
  return { qrels, run };
}

/** The reference: full sort of every query's run, then the single-query functions. */
function reference(qrels: Qrels, run: Run): Record<string, number> {
  const sums = new Map<string, number>(MEASURES.map((m) => [m, 0]));
  const add = (m: string, v: number): void => {
    sums.set(m, (sums.get(m) as number) + v);
  };
  const qids = Object.keys(qrels);
  for (const qid of qids) {
    const judged = qrels[qid] as Record<string, number>;
    const entries = Object.entries(run[qid] as Record<string, number>);
    entries.sort((a, b) => compareByTieRule(a[1], a[0], b[1], b[0]));
    const flags = entries.map(([id]) => ((judged[id] ?? 0) > 0 ? 1 : 0));
    const ideal = Object.values(judged)
      .filter((v) => v > 0)
      .map(() => 1);
    for (const k of KS) {
      const exec = execAtK(flags, k);
      const ndcg = ndcgAtK(flags, k, ideal);
      add(`exec@${k}`, exec);
      add(`precision@${k}`, executionPrecisionAtK(flags, k));
      add(`ndcg@${k}`, ndcg);
      add(`exec_ndcg_gap@${k}`, exec - ndcg);
    }
    add('mrr', reciprocalRank(flags));
  }
  return Object.fromEntries(MEASURES.map((m) => [m, (sums.get(m) as number) / qids.length]));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** CPU milliseconds (user + system) spent in `fn`. */
function time<T>(fn: () => T): { ms: number; value: T } {
  const start = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, value };
}

/** Reads every score once, the way any consumer of the Record format must. */
function inputFloor(qrels: Qrels, run: Run): number {
  let sum = 0;
  for (const qid of Object.keys(qrels)) {
    const scores = run[qid] as Record<string, number>;
    const ids = Object.keys(scores);
    for (let i = 0; i < ids.length; i++) sum += scores[ids[i] as string] as number;
  }
  return sum;
}

console.log(
  `evaluate: ${QUERIES} queries × ${DOCS} documents, ${MEASURES.length} measures; CPU ms, median of ${REPEATS}`,
);
console.log(
  'data                     | reference (full sort) | input floor | evaluate trec | evaluate expected | reference/trec | reference/expected | trec/floor | max |Δ| trec vs reference',
);
for (const { label, decimals } of [
  { label: 'continuous (1e-9 grid)', decimals: 9 },
  { label: 'coarse (1e-2 grid, ties)', decimals: 2 },
]) {
  const { qrels, run } = makeData(decimals, 20260510);
  const ref: number[] = [];
  const floor: number[] = [];
  const trec: number[] = [];
  const expected: number[] = [];
  let refMean: Record<string, number> = {};
  let trecMean: Record<string, number> = {};
  for (let i = 0; i < REPEATS; i++) {
    const a = time(() => reference(qrels, run));
    floor.push(time(() => inputFloor(qrels, run)).ms);
    const b = time(() => evaluate(qrels, run, MEASURES));
    const c = time(() => evaluate(qrels, run, MEASURES, { ties: 'expected' }));
    ref.push(a.ms);
    trec.push(b.ms);
    expected.push(c.ms);
    refMean = a.value;
    trecMean = b.value.mean;
  }
  const maxDiff = Math.max(...MEASURES.map((m) => Math.abs((refMean[m] as number) - (trecMean[m] as number))));
  const r = median(ref);
  const f = median(floor);
  const t = median(trec);
  const e = median(expected);
  console.log(
    [
      label.padEnd(24),
      `${r.toFixed(0).padStart(18)} ms`,
      `${f.toFixed(0).padStart(8)} ms`,
      `${t.toFixed(0).padStart(10)} ms`,
      `${e.toFixed(0).padStart(14)} ms`,
      `${(r / t).toFixed(1).padStart(13)}×`,
      `${(r / e).toFixed(1).padStart(17)}×`,
      `${(t / f).toFixed(2).padStart(9)}×`,
      maxDiff.toExponential(1),
    ].join(' | '),
  );
}
