import { mulberry32 } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { MetricsError } from './errors.js';
import { evaluate } from './evaluate.js';
import { DEFAULT_GAIN, DEFAULT_MISSING_QUERIES, DEFAULT_TIES, type Qrels, type Run } from './evaluate-options.js';
import { execAtK } from './exec-at-k.js';
import { executionPrecisionAtK } from './execution-precision-at-k.js';
import {
  expectedExecAtK,
  expectedExecutionPrecisionAtK,
  expectedNdcgAtK,
  expectedReciprocalRank,
} from './expected-ties.js';
import { ndcgAtK } from './ndcg-at-k.js';
import { rankRun } from './rank.js';
import { reciprocalRank } from './reciprocal-rank.js';

const L3 = Math.log2(3);

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

describe('evaluate', () => {
  const qrels = { q1: { c_0001: 1 }, q2: { c_0004: 1 } };
  const run = {
    q1: { c_0001: 0.9, c_0002: 0.9, c_0003: 0.2 },
    q2: { c_0004: 0.8, c_0005: 0.7 },
  };

  it('breaks ties by document id descending when ties = trec (the doc comment example)', () => {
    const result = evaluate(qrels, run, ['exec@1', 'ndcg@1', 'mrr']);
    expect(result.perQuery).toEqual({
      q1: { 'exec@1': 0, 'ndcg@1': 0, mrr: 0.5 },
      q2: { 'exec@1': 1, 'ndcg@1': 1, mrr: 1 },
    });
    expect(result.mean).toEqual({ 'exec@1': 0.5, 'ndcg@1': 0.5, mrr: 0.75 });
    expect(result.diagnostics.tiesDecided).toEqual({ 'exec@1': 1, 'ndcg@1': 1, mrr: 1 });
    expect(result.diagnostics.tieDecidedQueries['exec@1']).toEqual(['q1']);
    expect(result.queryIds).toEqual(['q1', 'q2']);
  });

  it('averages over tie orderings when ties = expected', () => {
    const result = evaluate(qrels, run, ['exec@1', 'ndcg@1', 'mrr'], { ties: 'expected' });
    expect(result.perQuery.q1).toEqual({ 'exec@1': 0.5, 'ndcg@1': 0.5, mrr: 0.75 });
    expect(result.mean).toEqual({ 'exec@1': 0.75, 'ndcg@1': 0.75, mrr: 0.875 });
    expect(result.diagnostics.tiesDecided['exec@1']).toBe(1);
  });

  it('gives nDCG@1 = exec@1 on every query when the canonical is the only passing snippet (SPEC reference)', () => {
    const specQrels = { a: { c_0001: 1 }, b: { c_0011: 1 }, c: { c_0021: 1 }, d: { c_0031: 1 } };
    const specRun = {
      a: { c_0001: 0.91, c_0002: 0.9 },
      b: { c_0011: 0.85, c_0012: 0.88 },
      c: { c_0021: 0.75, c_0022: 0.75 },
      d: { c_0032: 0.7 },
    };
    for (const ties of ['trec', 'expected'] as const) {
      const result = evaluate(specQrels, specRun, ['exec@1', 'ndcg@1', 'exec_ndcg_gap@1'], { ties });
      for (const qid of result.queryIds) {
        expect(result.perQuery[qid]?.['ndcg@1']).toBe(result.perQuery[qid]?.['exec@1']);
        expect(result.perQuery[qid]?.['exec_ndcg_gap@1']).toBe(0);
      }
      expect(result.mean['exec@1']).toBe(ties === 'trec' ? 1 / 4 : 1.5 / 4);
    }
  });

  it('reports the settings and defaults when options are omitted', () => {
    const result = evaluate(qrels, run, ['exec@1']);
    expect(result.settings).toEqual({ ties: 'trec', gain: 'binary', missingQueries: 'zero', passing: 'qrels' });
    expect([DEFAULT_TIES, DEFAULT_GAIN, DEFAULT_MISSING_QUERIES]).toEqual(['trec', 'binary', 'zero']);
    expect(result.measures['exec@1']).toEqual({ name: 'exec', k: 1, id: 'exec@1' });
  });

  it('keys results by the measure strings as given when an alias is used', () => {
    const result = evaluate(qrels, run, ['precision@3', 'execution_precision@1']);
    expect(Object.keys(result.mean)).toEqual(['precision@3', 'execution_precision@1']);
    expect(result.perQuery.q2).toEqual({ 'precision@3': 1 / 3, 'execution_precision@1': 1 });
    expect(result.measures['precision@3'].id).toBe('execution_precision@3');
  });

  describe('edge cases', () => {
    it.each<{ name: string; run: Run; qrels: Qrels; expected: Record<string, number> }>([
      {
        name: 'k larger than the ranking',
        run: { q: { a: 2, b: 1 } },
        qrels: { q: { b: 1 } },
        expected: { 'exec@10': 1, 'precision@10': 0.1, 'ndcg@10': 1 / L3, mrr: 0.5, 'mrr@1': 0 },
      },
      {
        name: 'no relevant document (nDCG 0, nothing passes by default)',
        run: { q: { a: 2, b: 1 } },
        qrels: { q: { a: 0, b: -1 } },
        expected: { 'exec@10': 0, 'precision@10': 0, 'ndcg@10': 0, mrr: 0, 'mrr@1': 0 },
      },
      {
        name: 'an empty run for the query',
        run: { q: {} },
        qrels: { q: { a: 1 } },
        expected: { 'exec@10': 0, 'precision@10': 0, 'ndcg@10': 0, mrr: 0, 'mrr@1': 0 },
      },
      {
        name: 'a relevant document that was not retrieved (IDCG still counts it)',
        run: { q: { a: 2, b: 1 } },
        qrels: { q: { a: 1, zz: 1 } },
        expected: { 'exec@10': 1, 'precision@10': 0.1, 'ndcg@10': 1 / (1 + 1 / L3), mrr: 1, 'mrr@1': 1 },
      },
      {
        name: 'graded qrels values under binary gains',
        run: { q: { a: 2, b: 1 } },
        qrels: { q: { a: 1, b: 3 } },
        expected: { 'exec@10': 1, 'precision@10': 0.2, 'ndcg@10': 1, mrr: 1, 'mrr@1': 1 },
      },
    ])('scores $name', ({ run: r, qrels: q, expected }) => {
      const result = evaluate(q, r, ['exec@10', 'precision@10', 'ndcg@10', 'mrr', 'mrr@1']);
      const row = result.perQuery.q as Record<string, number>;
      for (const [m, v] of Object.entries(expected)) expect(row[m], m).toBeCloseTo(v, 15);
    });

    it('uses graded qrels values as gains when gain = graded', () => {
      const result = evaluate({ q: { a: 1, b: 3 } }, { q: { a: 2, b: 1 } }, ['ndcg@2'], { gain: 'graded' });
      expect(result.perQuery.q?.['ndcg@2']).toBeCloseTo((1 + 3 / L3) / (3 + 1 / L3), 15);
    });

    it('handles a cutoff far beyond every ranking without allocating for it', () => {
      const result = evaluate({ q: { a: 1 } }, { q: { a: 1, b: 2 } }, ['ndcg@1000000000', 'precision@1000000000']);
      expect(result.perQuery.q?.['ndcg@1000000000']).toBeCloseTo(1 / L3, 15);
      expect(result.perQuery.q?.['precision@1000000000']).toBe(1e-9);
    });

    it('grows its buffers when a later query has a longer ranking than the cutoff buffers hold', () => {
      const longRun: Record<string, number> = {};
      for (let i = 0; i < 300; i++) longRun[`d${String(i).padStart(3, '0')}`] = i;
      const result = evaluate({ s: { a: 1 }, l: { d000: 1 } }, { s: { a: 1 }, l: longRun }, ['ndcg@500', 'exec@300'], {
        ties: 'expected',
      });
      expect(result.perQuery.l?.['exec@300']).toBe(1);
      expect(result.perQuery.l?.['ndcg@500']).toBeCloseTo(1 / Math.log2(301), 15);
    });

    it('lists a query with no relevant document in diagnostics.withoutRelevant', () => {
      const result = evaluate({ q: { a: 0 }, r: { a: 1 } }, { q: { a: 1 }, r: { a: 1 } }, ['ndcg@1']);
      expect(result.diagnostics.withoutRelevant).toEqual(['q']);
    });

    it('scores a query missing from the run 0 and keeps it in the mean when missingQueries = zero', () => {
      const result = evaluate({ q1: { a: 1 }, q2: { a: 1 } }, { q1: { a: 1 } }, ['exec@1', 'mrr']);
      expect(result.perQuery.q2).toEqual({ 'exec@1': 0, mrr: 0 });
      expect(result.mean['exec@1']).toBe(0.5);
      expect(result.diagnostics.missingFromRun).toEqual(['q2']);
      expect(result.queryIds).toEqual(['q1', 'q2']);
    });

    it('leaves a query missing from the run out of the mean when missingQueries = skip', () => {
      const result = evaluate({ q1: { a: 1 }, q2: { a: 1 } }, { q1: { a: 1 } }, ['exec@1'], { missingQueries: 'skip' });
      expect(Object.keys(result.perQuery)).toEqual(['q1']);
      expect(result.mean['exec@1']).toBe(1);
      expect(result.diagnostics.missingFromRun).toEqual(['q2']);
    });

    it('throws MetricsError missing-query when missingQueries = error', () => {
      const error = metricsErrorOf(() =>
        evaluate({ q1: { a: 1 }, q2: { a: 1 } }, { q1: { a: 1 } }, ['exec@1'], { missingQueries: 'error' }),
      );
      expect(error.code).toBe('missing-query');
      expect(error.queryId).toBe('q2');
    });

    it('ignores queries of the run that are not in the qrels, without validating them', () => {
      const result = evaluate({ q1: { a: 1 } }, { q1: { a: 1 }, extra: { a: Number.NaN } }, ['exec@1']);
      expect(result.queryIds).toEqual(['q1']);
      expect(result.diagnostics.notInQrels).toEqual(['extra']);
    });

    it('counts a tie straddling the cutoff from beyond the top k', () => {
      // The relevant document ties with 6 others at ranks 2-8; only rank 2 is inside k = 2.
      const r = { q: { top: 9, a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1 } };
      const q = { q: { a: 1 } };
      const trec = evaluate(q, r, ['exec@2', 'precision@2'], { ties: 'trec' });
      expect(trec.perQuery.q).toEqual({ 'exec@2': 0, 'precision@2': 0 });
      expect(trec.diagnostics.tiesDecided).toEqual({ 'exec@2': 1, 'precision@2': 1 });
      const expected = evaluate(q, r, ['exec@2', 'precision@2'], { ties: 'expected' });
      expect(expected.perQuery.q?.['exec@2']).toBeCloseTo(1 / 7, 15);
      expect(expected.perQuery.q?.['precision@2']).toBeCloseTo(1 / 14, 15);
    });

    it('does not count a tie that cannot change the measure', () => {
      // Two relevant documents tie at the top: any order gives the same values.
      const result = evaluate({ q: { a: 1, b: 1 } }, { q: { a: 1, b: 1, c: 0 } }, ['exec@1', 'ndcg@2', 'mrr']);
      expect(result.diagnostics.tiesDecided).toEqual({ 'exec@1': 0, 'ndcg@2': 0, mrr: 0 });
    });

    it('handles query and document ids such as __proto__ and constructor', () => {
      const q = JSON.parse('{"__proto__": {"__proto__": 1}, "constructor": {"toString": 1}}') as Qrels;
      const r = JSON.parse(
        '{"__proto__": {"__proto__": 0.5, "x": 0.5}, "constructor": {"toString": 1, "valueOf": 2}}',
      ) as Run;
      const result = evaluate(q, r, ['exec@1', 'mrr']);
      expect(result.queryIds).toEqual(['__proto__', 'constructor']);
      expect(Object.getOwnPropertyDescriptor(result.perQuery, '__proto__')?.value).toEqual({ 'exec@1': 0, mrr: 0.5 });
      expect(Object.getPrototypeOf(result.perQuery)).toBe(Object.prototype);
      expect(result.perQuery.constructor).toEqual({ 'exec@1': 0, mrr: 0.5 });
    });

    it('does not read inherited properties as documents when an id is not an own key', () => {
      // "toString" passes but is not in the run: it must not be found on Object.prototype.
      const result = evaluate({ q: { a: 1 } }, { q: { a: 0 } }, ['exec@1', 'mrr', 'ndcg@1'], {
        passing: { q: ['toString', 'hasOwnProperty'] },
      });
      expect(result.perQuery.q).toEqual({ 'exec@1': 0, mrr: 0, 'ndcg@1': 1 });
    });

    it('does not modify its inputs', () => {
      const q = { q: { b: 1, a: 0 } };
      const r = { q: { a: 1, b: 1 } };
      const passing = { q: new Set(['b']) };
      const snapshot = JSON.stringify([q, r, [...passing.q]]);
      evaluate(q, r, ['exec@1', 'ndcg@2', 'mrr'], { passing, ties: 'expected' });
      expect(JSON.stringify([q, r, [...passing.q]])).toBe(snapshot);
    });
  });

  describe('passing', () => {
    it('uses the given pass sets for exec, precision and mrr but the qrels for nDCG', () => {
      const result = evaluate({ q: { a: 1 } }, { q: { a: 2, b: 3 } }, ['exec@1', 'precision@2', 'mrr', 'ndcg@1'], {
        passing: { q: ['b', 'a'] },
      });
      expect(result.perQuery.q).toEqual({ 'exec@1': 1, 'precision@2': 1, mrr: 1, 'ndcg@1': 0 });
      expect(result.settings.passing).toBe('given');
    });

    it('accepts a Set and ignores passing ids that are not in the run', () => {
      const result = evaluate({ q: { a: 1 } }, { q: { a: 2, b: 3 } }, ['mrr'], {
        passing: { q: new Set(['a', 'zz']) },
      });
      expect(result.perQuery.q?.mrr).toBe(0.5);
    });

    it('treats a query absent from the pass sets as having no passing snippet', () => {
      const result = evaluate({ q: { a: 1 }, r: { a: 1 } }, { q: { a: 1 }, r: { a: 1 } }, ['exec@1'], {
        passing: { q: ['a'] },
      });
      expect(result.perQuery.r?.['exec@1']).toBe(0);
      expect(result.diagnostics.missingFromPassing).toEqual(['r']);
    });

    it.each([
      { passing: 'a', match: /array or Set/ },
      { passing: 5, match: /array or Set/ },
      { passing: [1], match: /document id strings/ },
    ])('throws MetricsError invalid-passing when a pass set is $passing', ({ passing, match }) => {
      const error = metricsErrorOf(() =>
        evaluate({ q: { a: 1 } }, { q: { a: 1 } }, ['exec@1'], {
          passing: { q: passing as unknown as string[] },
        }),
      );
      expect(error.code).toBe('invalid-passing');
      expect(error.message).toMatch(match);
    });

    it('throws MetricsError invalid-passing when passing is not an object', () => {
      expect(
        metricsErrorOf(() =>
          evaluate({ q: { a: 1 } }, { q: { a: 1 } }, ['exec@1'], {
            passing: [] as unknown as Record<string, string[]>,
          }),
        ).code,
      ).toBe('invalid-passing');
    });
  });

  describe('errors', () => {
    it.each([
      { score: Number.NaN, shown: 'NaN' },
      { score: '0.3', shown: '"0.3"' },
      { score: null, shown: 'null' },
    ])('throws MetricsError invalid-score naming query and document when a score is $shown', ({ score, shown }) => {
      const error = metricsErrorOf(() => evaluate({ q: { a: 1 } }, { q: { a: 1, b: score as number } }, ['exec@1']));
      expect(error.code).toBe('invalid-score');
      expect([error.queryId, error.docId]).toEqual(['q', 'b']);
      expect(error.message).toBe(
        `@execret/metrics evaluate: expected the score of document "b" of query "q" to be a number other than NaN, received ${shown}`,
      );
    });

    it.each([
      { qrels: null, code: 'invalid-qrels' },
      { qrels: { q: [1] }, code: 'invalid-qrels' },
      { qrels: { q: { a: Number.NaN } }, code: 'invalid-qrels' },
      { qrels: { q: { a: '1' } }, code: 'invalid-qrels' },
      { qrels: { q: { a: Number.POSITIVE_INFINITY } }, code: 'invalid-qrels' },
    ])('throws MetricsError $code when qrels is $qrels', ({ qrels: q, code }) => {
      expect(metricsErrorOf(() => evaluate(q as unknown as Qrels, { q: { a: 1 } }, ['exec@1'])).code).toBe(code);
    });

    it.each([{ run: null }, { run: 'x' }, { run: { q: 5 } }, { run: { q: null } }])(
      'throws MetricsError invalid-run when run is $run',
      ({ run: r }) => {
        expect(metricsErrorOf(() => evaluate({ q: { a: 1 } }, r as unknown as Run, ['exec@1'])).code).toBe(
          'invalid-run',
        );
      },
    );

    it('throws MetricsError invalid-measure when a measure string is unknown', () => {
      const error = metricsErrorOf(() => evaluate(qrels, run, ['exec@1', 'map']));
      expect(error.code).toBe('invalid-measure');
      expect(error.measure).toBe('map');
    });

    it('throws MetricsError duplicate-measure when two strings name the same measure', () => {
      const error = metricsErrorOf(() => evaluate(qrels, run, ['precision@5', 'execution_precision@5']));
      expect(error.code).toBe('duplicate-measure');
      expect(error.message).toContain('both name execution_precision@5');
    });

    it('throws MetricsError no-queries when the qrels are empty', () => {
      expect(metricsErrorOf(() => evaluate({}, run, ['exec@1'])).code).toBe('no-queries');
    });

    it('throws MetricsError no-queries naming ids when nothing overlaps and missingQueries = skip', () => {
      const error = metricsErrorOf(() =>
        evaluate({ q1: { a: 1 } }, { Q1: { a: 1 } }, ['exec@1'], { missingQueries: 'skip' }),
      );
      expect(error.code).toBe('no-queries');
      expect(error.message).toContain('qrels starts "q1", run starts "Q1"');
    });

    it.each([
      { options: { ties: 'random' }, match: /options\.ties to be one of 'trec', 'expected'/ },
      { options: { gain: 'exponential' }, match: /options\.gain to be one of 'binary', 'graded'/ },
      { options: { missingQueries: 'drop' }, match: /options\.missingQueries to be one of 'zero', 'skip', 'error'/ },
    ])('throws RangeError when options are $options', ({ options, match }) => {
      expect(() => evaluate(qrels, run, ['exec@1'], options as never)).toThrow(match);
    });

    it('throws TypeError when options is not an object', () => {
      expect(() => evaluate(qrels, run, ['exec@1'], null as never)).toThrow(
        /expected options to be an object, received null/,
      );
    });

    it('throws RangeError when measures is empty and TypeError when it is not an array', () => {
      expect(() => evaluate(qrels, run, [])).toThrow(RangeError);
      expect(() => evaluate(qrels, run, 'exec@1' as unknown as string[])).toThrow(TypeError);
    });
  });

  describe('large runs', () => {
    // Compares evaluate (bounded heap, last tie group completed from the whole run) with the single-query
    // functions applied to the fully sorted run (rankRun without k).
    const rand = mulberry32(939);
    const queries = 25;
    const docs = 600;
    const q: Record<string, Record<string, number>> = {};
    const r: Record<string, Record<string, number>> = {};
    const passing: Record<string, string[]> = {};
    for (let i = 0; i < queries; i++) {
      const qid = `q_${i}`;
      const scores: Record<string, number> = {};
      // Few distinct scores, so tie groups are large and straddle every cutoff.
      for (let d = 0; d < docs; d++) scores[`c_${String(d).padStart(4, '0')}`] = Math.floor(rand() * 120) / 8;
      r[qid] = scores;
      const judged: Record<string, number> = {};
      const ids = Object.keys(scores);
      for (let j = 0; j < 3; j++) judged[ids[Math.floor(rand() * docs)] as string] = 1 + Math.floor(rand() * 2);
      q[qid] = judged;
      passing[qid] = ids.filter(() => rand() < 0.02);
    }
    const measures = [
      'exec@1',
      'exec@10',
      'precision@5',
      'precision@10',
      'ndcg@3',
      'ndcg@10',
      'mrr',
      'mrr@10',
    ] as const;

    it.each(['trec', 'expected'] as const)(
      'agrees with single-query functions on the full ranking when ties = %s',
      (ties) => {
        const result = evaluate(q, r, measures, { ties, passing, gain: 'graded' });
        let decidedSomething = 0;
        for (let i = 0; i < queries; i++) {
          const qid = `q_${i}`;
          const ranked = rankRun(r[qid] as Record<string, number>);
          const pass = new Set(passing[qid]);
          const judged = q[qid] as Record<string, number>;
          const flags = ranked.docIds.map((d) => (pass.has(d) ? 1 : 0));
          const gains = ranked.docIds.map((d) => judged[d] ?? 0);
          const ideal = Object.values(judged);
          const row = result.perQuery[qid] as Record<string, number>;
          const e = ties === 'expected';
          expect(row['exec@1']).toBeCloseTo(e ? expectedExecAtK(flags, ranked.scores, 1) : execAtK(flags, 1), 13);
          expect(row['exec@10']).toBeCloseTo(e ? expectedExecAtK(flags, ranked.scores, 10) : execAtK(flags, 10), 13);
          for (const k of [5, 10]) {
            expect(row[`precision@${k}`]).toBeCloseTo(
              e ? expectedExecutionPrecisionAtK(flags, ranked.scores, k) : executionPrecisionAtK(flags, k),
              13,
            );
          }
          for (const k of [3, 10]) {
            expect(row[`ndcg@${k}`]).toBeCloseTo(
              e ? expectedNdcgAtK(gains, ranked.scores, k, ideal) : ndcgAtK(gains, k, ideal),
              13,
            );
          }
          expect(row.mrr).toBeCloseTo(e ? expectedReciprocalRank(flags, ranked.scores) : reciprocalRank(flags), 13);
          if (!e) expect(row['mrr@10']).toBe(reciprocalRank(flags.slice(0, 10)));
          decidedSomething += result.diagnostics.tieDecidedQueries['exec@10'].includes(qid) ? 1 : 0;
        }
        expect(decidedSomething).toBeGreaterThan(0);
      },
    );
  });
});
