import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readFixture } from '../test/helpers.js';
import { DatasetError } from './errors.js';
import {
  parseConfidenceIntervals,
  parsePairwiseTests,
  parseResultsFile,
  readConfidenceIntervals,
  readPairwiseTests,
  readResultsFile,
} from './results.js';

function thrown(fn: () => unknown): DatasetError {
  try {
    fn();
  } catch (error) {
    if (DatasetError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a DatasetError');
}

describe('parseResultsFile', () => {
  const text = readFixture('results/toy-lexical.json');

  it('reads the fixture results file without warnings', () => {
    const { data, warnings, unknownFields } = parseResultsFile(text);
    expect(data.model).toBe('toy-lexical');
    expect(data.ks).toEqual([1, 3, 5, 10]);
    expect(data.per_query).toHaveLength(6);
    expect(data.per_query.every((q) => q.top_results.length === 10)).toBe(true);
    expect(Object.keys(data.metrics)).toContain('exec_ndcg_gap@10');
    expect(warnings).toEqual([]);
    expect(unknownFields).toEqual({});
  });

  it('has means that agree with its per-query results (exec@1 and precision@5)', () => {
    const { data } = parseResultsFile(text);
    const exec1 =
      data.per_query.map((q) => (q.top_results[0]?.passes_all_tests ? 1 : 0)).reduce((a: number, b) => a + b, 0) / 6;
    const p5 =
      data.per_query
        .map((q) => q.top_results.slice(0, 5).filter((r) => r.passes_all_tests).length / 5)
        .reduce((a, b) => a + b, 0) / 6;
    expect(data.metrics['exec@1']).toBeCloseTo(exec1, 12);
    expect(data.metrics['precision@5']).toBeCloseTo(p5, 12);
  });

  it('keeps and counts unknown fields', () => {
    const doc = JSON.parse(text);
    doc.run_id = 'abc';
    doc.per_query[0].top_results[0].latency_ms = 3;
    const { data, unknownFields } = parseResultsFile(JSON.stringify(doc));
    expect(unknownFields).toEqual({ run_id: 1, 'per_query[].top_results[].latency_ms': 1 });
    expect((data as Record<string, unknown>).run_id).toBe('abc');
  });

  it('warns about counts, rank order and pass flags that disagree', () => {
    const doc = JSON.parse(text);
    doc.n_queries = 7;
    doc.per_query[1].top_results[2].rank = 9;
    const tr = doc.per_query[2].top_results[0];
    tr.passes_all_tests = !tr.passes_all_tests;
    const codes = parseResultsFile(JSON.stringify(doc)).warnings.map((w) => [w.code, w.path]);
    expect(codes).toEqual([
      ['results-query-count', ['n_queries']],
      ['results-rank-order', ['per_query', 1, 'top_results', 2, 'rank']],
      ['results-pass-flag', ['per_query', 2, 'top_results', 0, 'passes_all_tests']],
    ]);
  });

  it('throws schema with every field problem when the shape is wrong', () => {
    const doc = JSON.parse(text);
    delete doc.model;
    doc.per_query[3].top_results[4].label = 'maybe';
    const error = thrown(() => parseResultsFile(JSON.stringify(doc), { file: 'results/x.json' }));
    expect(error.code).toBe('schema');
    expect(error.issues.map((i) => i.path)).toEqual([['model'], ['per_query', 3, 'top_results', 4, 'label']]);
    expect(error.message).toContain(
      'results/x.json per_query[3].top_results[4].label: expected one of "correct" | "incorrect", received string "maybe"',
    );
  });

  it('throws parse naming the line when the JSON is broken', () => {
    const error = thrown(() => parseResultsFile('{\n  "model": "m",\n  "ks": [1,\n}\n'));
    expect(error.code).toBe('parse');
    expect(error.issues[0]?.line).toBe(4);
  });
});

describe('parsePairwiseTests', () => {
  const text = readFixture('tests/pairwise_tests.json');

  it('reads the fixture pairwise tests', () => {
    const { data, warnings } = parsePairwiseTests(text);
    const pair = data['toy-lexical vs toy-random'];
    expect(Object.keys(pair ?? {})).toHaveLength(12);
    expect(pair?.['exec@3']).toMatchObject({ a_only: expect.any(Number), mcnemar_exact_p: expect.any(Number) });
    expect(warnings).toEqual([]);
  });

  it('warns about unordered keys and rates that disagree with the counts', () => {
    const doc = JSON.parse(text);
    const entry = doc['toy-lexical vs toy-random'];
    entry['exec@5'].a_rate += 0.1;
    const swapped = { 'toy-random vs toy-lexical': entry, extra_measure_holder: undefined };
    const { warnings } = parsePairwiseTests(JSON.stringify(swapped));
    expect(warnings.map((w) => w.code)).toEqual(['pairwise-key-order', 'pairwise-rate', 'pairwise-rate']);
    expect(warnings[1]?.path).toEqual(['toy-random vs toy-lexical', 'exec@5', 'a_rate']);
  });

  it('throws schema when a key is not "A vs B" or an exec entry lacks a field', () => {
    const doc = JSON.parse(text);
    delete doc['toy-lexical vs toy-random']['exec@1'].mcnemar_exact_p;
    doc['toy-lexical and toy-random'] = {};
    const error = thrown(() => parsePairwiseTests(JSON.stringify(doc)));
    expect(error.code).toBe('schema');
    expect(error.issues.map((i) => i.path)).toEqual([
      ['toy-lexical vs toy-random', 'exec@1', 'mcnemar_exact_p'],
      ['toy-lexical and toy-random'],
    ]);
  });

  it('counts measures it does not know', () => {
    const doc = JSON.parse(text);
    doc['toy-lexical vs toy-random'].mrr = { whatever: 1 };
    expect(parsePairwiseTests(JSON.stringify(doc)).unknownFields).toEqual({ mrr: 1 });
  });
});

describe('parseConfidenceIntervals', () => {
  const text = readFixture('tests/confidence_intervals.json');

  it('reads the fixture intervals with the release seed', () => {
    const { data, warnings } = parseConfidenceIntervals(text);
    expect(data['toy-random']?.['execution_precision@10']).toMatchObject({
      n: 6,
      bootstrap_samples: 5000,
      seed: 20260510,
    });
    expect(warnings).toEqual([]);
  });

  it('warns when a mean lies outside its interval and fails when a field is missing', () => {
    const doc = JSON.parse(text);
    doc['toy-lexical']['exec@10'].mean = 2;
    expect(parseConfidenceIntervals(JSON.stringify(doc)).warnings[0]?.path).toEqual(['toy-lexical', 'exec@10', 'mean']);
    delete doc['toy-lexical']['ndcg@3'].seed;
    expect(thrown(() => parseConfidenceIntervals(JSON.stringify(doc))).issues[0]?.path).toEqual([
      'toy-lexical',
      'ndcg@3',
      'seed',
    ]);
  });
});

describe('readResultsFile, readPairwiseTests, readConfidenceIntervals', () => {
  it('read from disk and name the file in issues', async () => {
    expect((await readResultsFile(join(FIXTURE_DIR, 'results/toy-random.json'))).data.model).toBe('toy-random');
    expect(Object.keys((await readPairwiseTests(join(FIXTURE_DIR, 'tests/pairwise_tests.json'))).data)).toEqual([
      'toy-lexical vs toy-random',
    ]);
    expect(
      Object.keys((await readConfidenceIntervals(join(FIXTURE_DIR, 'tests/confidence_intervals.json'))).data),
    ).toEqual(['toy-lexical', 'toy-random']);
  });

  it('throw not-found when the file is missing', async () => {
    await expect(readResultsFile('/nonexistent.json')).rejects.toSatisfy(
      (e: unknown) => DatasetError.is(e) && e.code === 'not-found',
    );
  });
});
