import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatTrecRun, mulberry32, parseTrecRun, parseTrecRunColumns, type TrecRunRow } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { MetricsError } from './errors.js';
import { evaluate } from './evaluate.js';
import { evaluateColumns } from './evaluate-columns.js';
import type { EvaluateOptions, Qrels, QueryColumns, Run, RunColumns } from './evaluate-options.js';
import type { EvaluateResult } from './evaluate-result.js';

/** Runs `fn` and returns the MetricsError it throws (fails the test otherwise). */
function metricsErrorOf(fn: () => unknown): MetricsError {
  try {
    fn();
  } catch (error) {
    if (MetricsError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a MetricsError, nothing was thrown');
}

/** The run as columns, query by query in the record's key order; documents shuffled when `rand` is given. */
function columnsOf(run: Run, rand?: () => number): RunColumns {
  const columns = new Map<string, QueryColumns>();
  for (const qid of Object.keys(run)) {
    const docIds = Object.keys(run[qid] as Record<string, number>);
    if (rand !== undefined) {
      for (let i = docIds.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [docIds[i], docIds[j]] = [docIds[j] as string, docIds[i] as string];
      }
    }
    columns.set(qid, { docIds, scores: Float64Array.from(docIds, (d) => (run[qid] as Record<string, number>)[d]!) });
  }
  return columns;
}

/** The same result, and every value the same double (`Object.is`: -0 and 0 differ, NaN equals NaN). */
function expectIdentical(actual: EvaluateResult<string>, expected: EvaluateResult<string>): void {
  expect(actual).toEqual(expected);
  const differing: string[] = [];
  for (const qid of expected.queryIds) {
    for (const [measure, value] of Object.entries(expected.perQuery[qid]!)) {
      if (!Object.is(actual.perQuery[qid]![measure], value)) differing.push(`${qid} ${measure}`);
    }
  }
  for (const [measure, value] of Object.entries(expected.mean)) {
    if (!Object.is(actual.mean[measure], value)) differing.push(`mean ${measure}`);
  }
  expect(differing).toEqual([]);
}

const MEASURES = [
  'exec@1',
  'exec@3',
  'exec@10',
  'precision@1',
  'precision@5',
  'ndcg@1',
  'ndcg@3',
  'ndcg@10',
  'exec_ndcg_gap@5',
  'mrr',
  'mrr@3',
];
const IDS = ['c_0001', 'c_0002', 'c_0010', '12', '3', 'c_\u{1F600}', 'c_\uFFFD', '__proto__', 'constructor', 'c_é'];

/** Sets an own enumerable property, so that keys such as `__proto__` are stored as data. */
function put<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Random qrels, run and pass sets over `IDS`, scores on a coarse grid (ties everywhere), graded judgements. */
function randomBenchmark(seed: number) {
  const rand = mulberry32(seed);
  const qrels: Record<string, Record<string, number>> = {};
  const run: Record<string, Record<string, number>> = {};
  const passing: Record<string, string[]> = {};
  for (let q = 0; q < 40; q++) {
    const qid = q % 9 === 0 ? String(q) : `q_${q}`;
    const judged: Record<string, number> = {};
    for (const id of IDS) if (rand() < 0.2) judged[id] = Math.floor(rand() * 4) - 1;
    if (q % 13 !== 5) put(qrels, qid, judged);
    if (q % 11 !== 3) {
      const scores: Record<string, number> = {};
      for (const id of IDS) {
        if (rand() < 0.8) put(scores, id, Math.round(rand() * 6) / 4 - 0.5);
      }
      if (q % 17 === 2) scores.c_0001 = -0;
      put(run, qid, scores);
    }
    if (q % 7 !== 6) passing[qid] = IDS.filter(() => rand() < 0.25);
  }
  return { qrels, run, passing };
}

describe('evaluateColumns', () => {
  it('scores the doc comment example as evaluate does', () => {
    const qrels = { q1: { c_0001: 1 }, q2: { c_0004: 1 } };
    const run = new Map([
      ['q1', { docIds: ['c_0001', 'c_0002', 'c_0003'], scores: Float64Array.of(0.9, 0.9, 0.2) }],
      ['q2', { docIds: ['c_0004', 'c_0005'], scores: Float64Array.of(0.8, 0.7) }],
    ]);
    const result = evaluateColumns(qrels, run, ['exec@1', 'ndcg@1', 'mrr']);
    expect(result.mean).toEqual({ 'exec@1': 0.5, 'ndcg@1': 0.5, mrr: 0.75 });
    expect(result.perQuery.q1).toEqual({ 'exec@1': 0, 'ndcg@1': 0, mrr: 0.5 });
    expect(result.diagnostics.tiesDecided).toEqual({ 'exec@1': 1, 'ndcg@1': 1, mrr: 1 });
  });

  describe('agrees with evaluate bit for bit', () => {
    const settings: [string, EvaluateOptions][] = [
      ['defaults', {}],
      ['expected ties, graded gains', { ties: 'expected', gain: 'graded' }],
      ['missing queries skipped', { missingQueries: 'skip', ties: 'expected' }],
    ];
    it.each([1, 2, 3, 4, 5])('on random runs full of ties when seeded with %i', (seed) => {
      const { qrels, run, passing } = randomBenchmark(seed);
      const rand = mulberry32(seed + 100);
      for (const [, options] of settings) {
        for (const withPassing of [false, true]) {
          const all = withPassing ? { ...options, passing } : options;
          const expected = evaluate(qrels, run, MEASURES, all);
          expectIdentical(evaluateColumns(qrels, columnsOf(run), MEASURES, all), expected);
          expectIdentical(evaluateColumns(qrels, columnsOf(run, rand), MEASURES, all), expected);
        }
      }
    });

    it('on every dataset and scenario of the golden fixture', () => {
      const golden = JSON.parse(
        readFileSync(fileURLToPath(new URL('../../../fixtures/golden/metrics_golden.json', import.meta.url)), 'utf8'),
      ) as {
        measures: string[];
        datasets: { qrels: Qrels; run: Run; passing: Record<string, string[]>; scenarios: EvaluateOptions[] }[];
      };
      let compared = 0;
      for (const dataset of golden.datasets) {
        for (const scenario of dataset.scenarios) {
          const options: EvaluateOptions = {
            ties: scenario.ties,
            gain: scenario.gain,
            ...((scenario.passing as unknown) === 'given' ? { passing: dataset.passing } : {}),
          };
          const expected = evaluate(dataset.qrels, dataset.run, golden.measures, options);
          expectIdentical(evaluateColumns(dataset.qrels, columnsOf(dataset.run), golden.measures, options), expected);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(10);
    });

    it('on a run file read by parseTrecRunColumns and by parseTrecRun into Records', () => {
      const rand = mulberry32(7);
      const rows: TrecRunRow[] = [];
      const qrels: Record<string, Record<string, number>> = {};
      for (let q = 0; q < 30; q++) {
        const queryId = `q${q}`;
        qrels[queryId] = { [`d${Math.floor(rand() * 60)}`]: 1 };
        for (let d = 0; d < 60; d++) {
          if (rand() < 0.7) rows.push({ queryId, docId: `d${d}`, rank: d + 1, score: Math.floor(rand() * 8) / 8 });
        }
      }
      const text = formatTrecRun(rows, 'tied');
      const records: Record<string, Record<string, number>> = {};
      for (const row of parseTrecRun(text).rows) {
        records[row.queryId] = { ...records[row.queryId], [row.docId]: row.score };
      }
      const { queries } = parseTrecRunColumns(text);
      expectIdentical(evaluateColumns(qrels, queries, MEASURES), evaluate(qrels, records, MEASURES));
    });
  });

  it('lists queries of the run that are not in the qrels in the order of the Map', () => {
    const run = new Map([
      ['b', { docIds: ['d'], scores: [1] }],
      ['10', { docIds: ['d'], scores: [1] }],
      ['q', { docIds: ['d'], scores: [1] }],
      ['2', { docIds: ['d'], scores: [1] }],
    ]);
    expect(evaluateColumns({ q: { d: 1 } }, run, ['exec@1']).diagnostics.notInQrels).toEqual(['b', '10', '2']);
  });

  it('does not modify its inputs, also when a query outgrows the score buffer', () => {
    const long = Array.from({ length: 3000 }, (_, i) => `d${i}`);
    const longScores = Float64Array.from(long, (_, i) => (i % 7) / 7);
    const short = { docIds: ['a', 'b'], scores: Float64Array.of(0.25, 0.75) };
    const run = new Map<string, QueryColumns>([
      ['q1', short],
      ['q2', { docIds: long, scores: longScores }],
      ['q3', short],
    ]);
    const snapshot = JSON.stringify([...run].map(([q, c]) => [q, c.docIds, Array.from(c.scores)]));
    const result = evaluateColumns({ q1: { b: 1 }, q2: { d5: 1 }, q3: { a: 1 } }, run, ['exec@1', 'mrr', 'ndcg@10']);
    expect(JSON.stringify([...run].map(([q, c]) => [q, c.docIds, Array.from(c.scores)]))).toBe(snapshot);
    expect(result.perQuery.q1).toEqual({ 'exec@1': 1, mrr: 1, 'ndcg@10': 1 });
    expect(result.perQuery.q3).toEqual({ 'exec@1': 0, mrr: 0.5, 'ndcg@10': 1 / Math.log2(3) });
  });

  describe('errors', () => {
    it.each([[null], [{}], [[]], ['run'], [{ get: () => undefined }]])('throws invalid-run when run is %j', (run) => {
      const error = metricsErrorOf(() => evaluateColumns({ q: { d: 1 } }, run as unknown as RunColumns, ['exec@1']));
      expect(error.code).toBe('invalid-run');
      expect(error.message).toMatch(/evaluateColumns: expected run to be a Map from query id to \{ docIds, scores \}/);
    });

    it.each([
      ['not an object', 5, /received 5$/],
      ['without docIds', { scores: [1] }, /to be \{ docIds: string\[\], scores: Float64Array \} of one length/],
      ['with scores of another length', { docIds: ['a', 'b'], scores: [1] }, /\(2 document ids, 1 scores\)$/],
      ['with a score array that is a string', { docIds: ['a'], scores: '1' }, /of one length, received/],
      [
        'with an id that is not a string',
        { docIds: ['a', 7], scores: [1, 2] },
        /docIds\[1\] to be a document id string/,
      ],
      [
        'with a document listed twice',
        { docIds: ['a', 'b', 'a'], scores: [1, 2, 3] },
        /"a" is listed twice .*\[0\].*\[2\]/,
      ],
    ])('throws invalid-run naming the query when an entry is %s', (_name, entry, message) => {
      const run = new Map([['q7', entry as QueryColumns]]);
      const error = metricsErrorOf(() => evaluateColumns({ q7: { a: 1 } }, run, ['exec@1']));
      expect(error.code).toBe('invalid-run');
      expect(error.queryId).toBe('q7');
      expect(error.message).toContain('"q7"');
      expect(error.message).toMatch(message);
    });

    it.each([Number.NaN, '0.5', undefined])(
      'throws invalid-score naming query and document for a score %s',
      (score) => {
        const run = new Map([['q', { docIds: ['a', 'b'], scores: [0.5, score] as number[] }]]);
        const error = metricsErrorOf(() => evaluateColumns({ q: { a: 1 } }, run, ['exec@1']));
        expect(error.code).toBe('invalid-score');
        expect(error.message).toMatch(
          /evaluateColumns: expected the score of document "b" of query "q" to be a number/,
        );
        expect([error.queryId, error.docId]).toEqual(['q', 'b']);
      },
    );

    it('checks the options and the qrels before the run, as evaluate does', () => {
      expect(() =>
        evaluateColumns({ q: { a: 1 } }, null as unknown as RunColumns, ['exec@1'], { ties: 'x' as 'trec' }),
      ).toThrow(RangeError);
      expect(
        metricsErrorOf(() => evaluateColumns(null as unknown as Qrels, null as unknown as RunColumns, ['exec@1'])).code,
      ).toBe('invalid-qrels');
    });

    it('does not read the run of a query that is not in the qrels', () => {
      const run = new Map<string, QueryColumns>([
        ['q', { docIds: ['a'], scores: [1] }],
        ['bad', { docIds: ['a', 'a'], scores: [1, Number.NaN] }],
      ]);
      expect(evaluateColumns({ q: { a: 1 } }, run, ['exec@1']).diagnostics.notInQrels).toEqual(['bad']);
    });
  });
});
