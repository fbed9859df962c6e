import type { ResultsFile } from '@execret/dataset';
import { pairedBootstrapCi } from '@execret/stats';
import { describe, expect, it } from 'vitest';
import { AnalysesError } from './analyses-error.js';
import {
  type CrossLanguageQuery,
  type CrossLanguageSide,
  compareLanguages,
  crossLanguageQueries,
} from './cross-language.js';
import { crossLanguageSystems } from './cross-language-systems.js';
import { formatCrossLanguageMarkdown } from './format-cross-language.js';

type Row = ResultsFile['per_query'][number];

/** A per_query entry: `[corpus id, similarity, passes]` in rank order. */
function row(queryId: string, canonical: string, ranked: [string, number, boolean][]): Row {
  return {
    query_id: queryId,
    query: `query ${queryId}`,
    correct_corpus_ids: [canonical],
    top_results: ranked.map(([id, similarity, passes], i) => ({
      rank: i + 1,
      corpus_id: id,
      label: passes ? 'correct' : 'incorrect',
      bug_type: '',
      similarity,
      passes_all_tests: passes,
      test_results: [passes ? 'pass' : 'FAIL'],
    })),
  };
}

function file(model: string, rows: Row[]): ResultsFile {
  return { model, n_queries: rows.length, n_corpus: 20, ks: [1, 3, 5, 10], metrics: {}, per_query: rows };
}

const queriesA: CrossLanguageQuery[] = [
  {
    queryId: 'q_1',
    taskId: 'mini_geometry_01',
    canonicalIds: ['a1'],
    distractors: [
      { corpusId: 'a1x', bugType: 'wrong_operator' },
      { corpusId: 'a1y', bugType: 'off_by_one' },
    ],
  },
  {
    queryId: 'q_2',
    taskId: 'mini_geometry_02',
    canonicalIds: ['a2'],
    distractors: [{ corpusId: 'a2x', bugType: 'off_by_one' }],
  },
  {
    queryId: 'q_3',
    taskId: 'mini_geometry_03',
    canonicalIds: ['a3'],
    distractors: [
      { corpusId: 'a3x', bugType: 'wrong_operator' },
      { corpusId: 'a3y', bugType: 'off_by_one' },
    ],
  },
];

// Python side, per task:
// 1: distractor a1x (0.9) above the canonical (0.8, rank 2): deceived; a1y not listed: not above. exec@1 0.
// 2: canonical and a2x both 0.9: a tie. exec@1 1.
// 3: canonical not listed, a3x at 0.5 above the last listed 0.3: deceived; a3y not listed: unresolved. exec@1 0.
const filesA = [
  file('bm25', [
    row('q_1', 'a1', [
      ['a1x', 0.9, false],
      ['a1', 0.8, true],
      ['z1', 0.3, false],
    ]),
    row('q_2', 'a2', [
      ['a2', 0.9, true],
      ['a2x', 0.9, false],
    ]),
    row('q_3', 'a3', [
      ['z3', 0.6, false],
      ['a3x', 0.5, false],
      ['z4', 0.3, false],
    ]),
  ]),
  file('only-python', [row('q_1', 'a1', []), row('q_2', 'a2', []), row('q_3', 'a3', [])]),
];

const queriesB: CrossLanguageQuery[] = [
  {
    queryId: 'j_3',
    taskId: 'minijs_geometry_03',
    canonicalIds: ['b3'],
    distractors: [
      { corpusId: 'b3x', bugType: 'wrong_operator' },
      { corpusId: 'b3u', bugType: null },
    ],
  },
  {
    queryId: 'j_1',
    taskId: 'minijs_geometry_01',
    canonicalIds: ['b1'],
    distractors: [
      { corpusId: 'b1x', bugType: 'wrong_operator' },
      { corpusId: 'b1y', bugType: 'off_by_one' },
    ],
  },
  {
    queryId: 'j_2',
    taskId: 'minijs_geometry_02',
    canonicalIds: ['b2'],
    distractors: [{ corpusId: 'b2x', bugType: 'off_by_one' }],
  },
];

// JavaScript side, per_query in another order than the queries:
// 1: canonical first, both distractors below. exec@1 1.
// 2: canonical not listed, b2x only ties the last listed score: unresolved. exec@1 0.
// 3: canonical first; b3x not listed; b3u (no bug type → unknown) below. exec@1 1.
const filesB = [
  file('bm25', [
    row('j_2', 'b2', [
      ['y2', 0.6, false],
      ['b2x', 0.2, false],
    ]),
    row('j_1', 'b1', [
      ['b1', 0.9, true],
      ['b1x', 0.5, false],
      ['b1y', 0.4, false],
    ]),
    row('j_3', 'b3', [
      ['b3', 0.7, true],
      ['b3u', 0.1, false],
    ]),
  ]),
  file('only-js', [row('j_1', 'b1', []), row('j_2', 'b2', []), row('j_3', 'b3', [])]),
];

const python: CrossLanguageSide = { language: 'python', queries: queriesA, systems: filesA.map((f) => ({ file: f })) };
const javascript: CrossLanguageSide = {
  language: 'javascript',
  queries: queriesB,
  systems: filesB.map((f) => ({ file: f })),
};

describe('compareLanguages', () => {
  it('pairs tasks by key and systems by model, listing models run in one language only', () => {
    const result = compareLanguages(python, javascript, { resamples: 200 });
    expect(result.languages).toEqual({ a: 'python', b: 'javascript' });
    expect(result.tasks).toEqual([
      { key: 'geometry_01', a: 'q_1', b: 'j_1' },
      { key: 'geometry_02', a: 'q_2', b: 'j_2' },
      { key: 'geometry_03', a: 'q_3', b: 'j_3' },
    ]);
    expect(result.systems.map((s) => s.model)).toEqual(['bm25']);
    expect(result.systemsOnlyIn).toEqual({ a: ['only-python'], b: ['only-js'] });
    expect(result.bootstrap).toEqual({ seed: 20260510, resamples: 200, confidence: 0.95 });
  });

  it('compares exec@1 on aligned tasks with the paired bootstrap and McNemar when per_query order differs', () => {
    const [bm25] = compareLanguages(python, javascript, { seed: 7, resamples: 300 }).systems;
    const expected = pairedBootstrapCi([0, 1, 0], [1, 0, 1], { seed: 7, resamples: 300 });
    expect(bm25!.measures['exec@1']).toEqual({
      a: 1 / 3,
      b: 2 / 3,
      difference: expected.meanDifference,
      ci: [expected.low, expected.high],
    });
    expect(bm25!.measures['exec@5'].a).toBeCloseTo(2 / 3, 12);
    expect(bm25!.measures['mrr@10'].a).toBeCloseTo((0.5 + 1) / 3, 12);
    expect(bm25!.mcnemar).toEqual({
      status: 'tested',
      aOnly: 1,
      bOnly: 2,
      both: 0,
      neither: 0,
      pValue: 1,
      midPValue: 0.625,
    });
  });

  it('counts run deception per bug type with ties and unresolved triples over both languages’ bug types', () => {
    const [bm25] = compareLanguages(python, javascript, { resamples: 50 }).systems;
    expect(Object.keys(bm25!.deception.a)).toEqual(['off_by_one', 'unknown', 'wrong_operator']);
    expect(bm25!.deception.a).toEqual({
      off_by_one: { triples: 3, deceived: 0, ties: 1, unresolved: 1, rate: 0, rateUpper: 1 / 3 },
      unknown: { triples: 0, deceived: 0, ties: 0, unresolved: 0, rate: 0, rateUpper: 0 },
      wrong_operator: { triples: 2, deceived: 2, ties: 0, unresolved: 0, rate: 1, rateUpper: 1 },
    });
    expect(bm25!.deception.b).toEqual({
      off_by_one: { triples: 2, deceived: 0, ties: 0, unresolved: 1, rate: 0, rateUpper: 0.5 },
      unknown: { triples: 1, deceived: 0, ties: 0, unresolved: 0, rate: 0, rateUpper: 0 },
      wrong_operator: { triples: 2, deceived: 0, ties: 0, unresolved: 0, rate: 0, rateUpper: 0 },
    });
  });

  it('reads canonical-below from the top results when either language lacks full-pool gaps', () => {
    const withGapsOnOneSide: CrossLanguageSide = {
      ...python,
      systems: [{ file: filesA[0]!, canonicalGaps: [-1, 0, -1] }],
    };
    const [bm25] = compareLanguages(withGapsOnOneSide, javascript, { resamples: 50 }).systems;
    expect(bm25!.canonicalBelow.a).toEqual({
      source: 'run',
      queries: 3,
      below: 2,
      tied: 1,
      unresolved: 0,
      rate: 2 / 3,
      rateUpper: 2 / 3,
    });
    expect(bm25!.canonicalBelow.b).toEqual({
      source: 'run',
      queries: 3,
      below: 0,
      tied: 0,
      unresolved: 1,
      rate: 0,
      rateUpper: 1 / 3,
    });
  });

  it('uses the exact gaps aligned with per_query when both languages give them', () => {
    const a: CrossLanguageSide = { ...python, systems: [{ file: filesA[0]!, canonicalGaps: [-0.1, 0, null] }] };
    // per_query order j_2, j_1, j_3
    const b: CrossLanguageSide = { ...javascript, systems: [{ file: filesB[0]!, canonicalGaps: [-0.3, 0.2, 0.1] }] };
    const [bm25] = compareLanguages(a, b, { resamples: 50 }).systems;
    expect(bm25!.canonicalBelow.a).toEqual({
      source: 'gaps',
      queries: 2,
      below: 1,
      tied: 1,
      unresolved: 0,
      rate: 0.5,
      rateUpper: 0.5,
    });
    expect(bm25!.canonicalBelow.b).toMatchObject({ source: 'gaps', queries: 3, below: 1, rate: 1 / 3 });
  });

  it('reports full-pool deception only when both languages give it and every task is paired', () => {
    const cells = { off_by_one: { triples: 3, deceived: 1, ties: 0, rate: 1 / 3 } };
    const a: CrossLanguageSide = { ...python, systems: [{ file: filesA[0]!, deceptionByBugType: cells }] };
    const b: CrossLanguageSide = { ...javascript, systems: [{ file: filesB[0]!, deceptionByBugType: cells }] };
    expect(compareLanguages(a, b, { resamples: 50 }).systems[0]!.fullPoolDeception).toEqual({ a: cells, b: cells });
    expect(compareLanguages(a, javascript, { resamples: 50 }).systems[0]!.fullPoolDeception).toBeNull();
    const partial: CrossLanguageSide = { ...b, queries: queriesB.slice(0, 2) };
    const skipped = compareLanguages(a, partial, { resamples: 50, unpaired: 'skip' });
    expect(skipped.unpaired).toEqual({ a: ['mini_geometry_02'], b: [] });
    expect(skipped.systems[0]!.fullPoolDeception).toBeNull();
    expect(skipped.systems[0]!.deception.a.off_by_one!.triples).toBe(2);
  });

  it('returns the same result for the same seed and records the seed it used', () => {
    const one = compareLanguages(python, javascript, { seed: 1, resamples: 400 });
    expect(compareLanguages(python, javascript, { seed: 1, resamples: 400 })).toEqual(one);
    const other = compareLanguages(python, javascript, { seed: 2, resamples: 400 });
    expect(other.bootstrap.seed).toBe(2);
    expect(other.systems[0]!.measures['exec@1'].difference).toBe(one.systems[0]!.measures['exec@1'].difference);
  });

  it('marks McNemar not-binary when stored exec@1 values are fractions (tie-aware expected mode)', () => {
    const stored = (values: number[]) =>
      Object.fromEntries(
        ['exec@1', 'exec@3', 'exec@5', 'exec@10', 'precision@1', 'precision@3', 'precision@5', 'precision@10']
          .concat(['ndcg@1', 'ndcg@3', 'ndcg@5', 'ndcg@10', 'exec_ndcg_gap@1', 'exec_ndcg_gap@3'])
          .concat(['exec_ndcg_gap@5', 'exec_ndcg_gap@10', 'mrr@10'])
          .map((m) => [m, values]),
      );
    const a: CrossLanguageSide = { ...python, systems: [{ file: filesA[0]!, stored: stored([0.5, 1, 0]) }] };
    const [bm25] = compareLanguages(a, javascript, { resamples: 50 }).systems;
    expect(bm25!.mcnemar).toEqual({ status: 'not-binary' });
    expect(bm25!.measures['exec@1'].a).toBe(0.5);
  });

  it('throws missing-queries when a results file lacks a paired query', () => {
    const short: CrossLanguageSide = {
      ...javascript,
      systems: [{ file: file('bm25', filesB[0]!.per_query.slice(1)) }],
    };
    let caught: unknown;
    try {
      compareLanguages(python, short, { resamples: 50 });
    } catch (error) {
      caught = error;
    }
    expect(AnalysesError.is(caught) && caught.code).toBe('missing-queries');
  });

  it('throws RangeError when gaps are not aligned with per_query', () => {
    const a: CrossLanguageSide = { ...python, systems: [{ file: filesA[0]!, canonicalGaps: [0] }] };
    const b: CrossLanguageSide = { ...javascript, systems: [{ file: filesB[0]!, canonicalGaps: [0, 0, 0] }] };
    expect(() => compareLanguages(a, b, { resamples: 50 })).toThrow(RangeError);
  });
});

describe('crossLanguageQueries', () => {
  it('takes the task id from metadata.task_id, else the entry id, and bug types from the benchmark', () => {
    const queries = crossLanguageQueries({
      queries: [
        {
          query_id: 'q_1',
          query: 'x',
          test_suite: [],
          correct_corpus_ids: ['c_1'],
          paired_distractor_corpus_ids: ['c_2', 'c_9'],
          entry_id: 'exec_geometry_1',
          metadata: { task_id: 'mini_geometry_01' } as never,
        },
        {
          query_id: 'q_2',
          query: 'y',
          test_suite: [],
          correct_corpus_ids: ['c_3'],
          paired_distractor_corpus_ids: [],
          entry_id: 'exec_geometry_2',
        },
      ] as never,
      corpusIndexById: new Map([
        ['c_1', 0],
        ['c_2', 1],
        ['c_3', 2],
      ]),
      snippetBugType: [null, 'off_by_one', null],
    });
    expect(queries).toEqual([
      {
        queryId: 'q_1',
        taskId: 'mini_geometry_01',
        canonicalIds: ['c_1'],
        distractors: [
          { corpusId: 'c_2', bugType: 'off_by_one' },
          { corpusId: 'c_9', bugType: null },
        ],
      },
      { queryId: 'q_2', taskId: 'exec_geometry_2', canonicalIds: ['c_3'], distractors: [] },
    ]);
  });
});

describe('formatCrossLanguageMarkdown', () => {
  it('prints the paired measures, canonical-below and deception tables with the datasets named', () => {
    const text = formatCrossLanguageMarkdown(
      compareLanguages(python, javascript, { resamples: 50 }),
      'mini',
      'mini-js',
    );
    expect(text).toMatch(/^## Cross-language comparison: python vs javascript\n\n3 paired tasks \(mini vs mini-js\); /);
    const titled = formatCrossLanguageMarkdown(
      compareLanguages(python, javascript, { resamples: 50 }),
      'mini',
      'mini-js',
      true,
    );
    expect(titled.split('\n')[0]).toBe('## Paired comparison: python vs javascript');
    expect(titled.split('\n').slice(1)).toEqual(text.split('\n').slice(1));
    expect(text).toContain('(50 resamples, seed 20260510); McNemar exact on exec@1.');
    expect(text).toContain('Not compared (run in one language only): only-python (python), only-js (javascript).');
    expect(text).toMatch(/\| bm25 \| exec@1 \| 0\.333 \| 0\.667 \| -0\.333 \| \[[^\]]+\] \| 1 \/ 2, p = 1\.00 \|/);
    expect(text).toContain('| system | canonical below a distractor: python | javascript | source |');
    expect(
      text.endsWith(
        '(all queries, shown only when every task pairs). Top results: from the ranked top 10, with a range when some triples fall outside it.\n',
      ),
    ).toBe(true);
  });
});

describe('crossLanguageSystems', () => {
  it('adds stored measures, aligned full-pool gaps and deception from the analyses when they are present', () => {
    const [first] = filesA;
    const withExtras = { ...first!, execret: { per_query_measures: { 'exec@1': [1, 0, 0] } } } as ResultsFile;
    const deception = { off_by_one: { triples: 1, deceived: 0, ties: 0, rate: 0 } };
    const systems = crossLanguageSystems(
      [withExtras, filesA[1]!],
      [{ model: first!.model, canonical_gap: { gaps: [0.1, null, -0.2] } as never, deception_by_bug_type: deception }],
    );
    expect(systems[0]).toEqual({
      file: withExtras,
      stored: { 'exec@1': [1, 0, 0] },
      canonicalGaps: [0.1, null, -0.2],
      deceptionByBugType: deception,
    });
    expect(systems[1]).toEqual({ file: filesA[1] });
    const misaligned = crossLanguageSystems([first!], [{ model: first!.model, canonical_gap: { gaps: [1] } as never }]);
    expect(misaligned[0]).toEqual({ file: first });
  });
});
