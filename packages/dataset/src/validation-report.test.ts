import { codeSha256, testsSha256 } from '@execret/formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { byId, cacheWith, readFixtureBenchmark, variantOf } from '../test/validation-fixture.js';
import { type Benchmark, createBenchmark } from './benchmark.js';
import { VALIDATION_CHECKS } from './checks/registry.js';
import type { CorpusRow, QueryRow } from './schemas.js';
import { validationReport } from './validation-report.js';

let base: Benchmark;
beforeAll(async () => {
  base = await readFixtureBenchmark();
});
const variant = (edit: (corpus: CorpusRow[], queries: QueryRow[]) => void) => variantOf(base, edit);

describe('validationReport', () => {
  it('passes every check on the fixture', () => {
    const report = validationReport(base);
    expect(report.ok).toBe(true);
    expect(report.issues).toEqual([]);
    expect(report.checks.map((c) => c.id)).toEqual(VALIDATION_CHECKS.map((c) => c.id));
    expect(report.checks.every((c) => c.status === 'pass' && c.checked > 0)).toBe(true);
  });

  it('is a plain object that keeps checks and summary through JSON.stringify when written to a file', () => {
    const report = validationReport(base);
    expect(Array.isArray(report)).toBe(false);
    const copy = JSON.parse(JSON.stringify(report));
    expect(copy).toEqual(report);
    expect(copy.checks).toHaveLength(29);
    expect(copy.summary.queries).toBe(6);
  });

  it('summarises counts per domain, bug type, distractor count and execution verdict', () => {
    const s = validationReport(base).summary;
    expect(s).toMatchObject({ queries: 6, snippets: 29, canonicals: 6, distractors: 23 });
    expect(s.distractorsPerQuery).toEqual([0, 0, 0, 1, 5]);
    expect(s.testsPerQuery[7]).toBe(3);
    expect(s.testsPerQuery[8]).toBe(3);
    expect(s.perDomain.find((d) => d.domain === 'math_numerical')).toEqual({
      domain: 'math_numerical',
      queries: 2,
      canonicals: 2,
      distractors: 7,
    });
    expect(s.perBugType.find((t) => t.bugType === 'wrong_builtin')).toEqual({
      bugType: 'wrong_builtin',
      distractors: 1,
      documented: false,
    });
    expect(s.perBugType.reduce((n, t) => n + t.distractors, 0)).toBe(23);
    expect(s.execution).toEqual({
      canonicalsPass: 6,
      canonicalsFail: 0,
      canonicalsMissing: 0,
      distractorsFail: 23,
      distractorsPass: 0,
      distractorsMissing: 0,
    });
  });

  type Case = [string, (c: CorpusRow[], q: QueryRow[]) => void, Record<string, unknown>];
  const Q = 'data/queries.jsonl';
  const C = 'data/corpus.jsonl';
  const cases: Case[] = [
    [
      'a corpus_id repeats',
      (c) => {
        (c[1] as CorpusRow).corpus_id = 'c_0001';
      },
      { code: 'unique-corpus-ids', severity: 'error', file: C, line: 2, path: ['corpus_id'] },
    ],
    [
      'a query_id repeats',
      (_, q) => {
        (q[1] as QueryRow).query_id = 'q_0001';
      },
      { code: 'unique-query-ids', severity: 'error', file: Q, line: 2 },
    ],
    [
      'a query text is blank',
      (_, q) => {
        (q[4] as QueryRow).query = '  ';
      },
      { code: 'query-text', severity: 'error', file: Q, line: 6, path: ['query'] },
    ],
    [
      'a correct id does not exist',
      (_, q) => {
        (q[0] as QueryRow).correct_corpus_ids = ['c_9999'];
      },
      { code: 'correct-ids-exist', severity: 'error', file: Q, line: 1, path: ['correct_corpus_ids', 0] },
    ],
    [
      'a distractor id does not exist',
      (_, q) => {
        (q[2] as QueryRow).paired_distractor_corpus_ids[1] = 'c_9999';
      },
      { code: 'distractor-ids-exist', severity: 'error', line: 3, path: ['paired_distractor_corpus_ids', 1] },
    ],
    [
      'a query has no correct id',
      (_, q) => {
        (q[3] as QueryRow).correct_corpus_ids = [];
      },
      { code: 'one-canonical-per-query', severity: 'error', line: 5 },
    ],
    [
      'a query has two correct ids',
      (c, q) => {
        c.push({
          ...byId(c, 'c_0006'),
          corpus_id: 'c_0030',
          code: `${byId(c, 'c_0006').code}# another correct variant\n`,
        });
        (q[1] as QueryRow).correct_corpus_ids.push('c_0030');
      },
      { code: 'one-canonical-per-query', severity: 'warning', line: 2 },
    ],
    [
      'a canonical is listed by two queries',
      (_, q) => {
        (q[1] as QueryRow).correct_corpus_ids.push('c_0001');
      },
      { code: 'canonical-single-owner', severity: 'error', file: C, corpusId: 'c_0001' },
    ],
    [
      'a distractor is listed by two queries',
      (_, q) => {
        (q[1] as QueryRow).paired_distractor_corpus_ids.push('c_0002');
      },
      { code: 'distractor-single-owner', severity: 'error', file: C, line: 2, corpusId: 'c_0002' },
    ],
    [
      'a snippet belongs to no query',
      (_, q) => {
        (q[0] as QueryRow).paired_distractor_corpus_ids.pop();
      },
      { code: 'no-orphan-snippets', severity: 'error', line: 5, corpusId: 'c_0005' },
    ],
    [
      'a distractor is labelled correct',
      (c) => {
        byId(c, 'c_0003').label = 'correct';
      },
      { code: 'labels-match-roles', severity: 'error', line: 3, path: ['label'] },
    ],
    [
      'a canonical is labelled incorrect',
      (c) => {
        byId(c, 'c_0020').label = 'incorrect';
      },
      { code: 'labels-match-roles', severity: 'error', corpusId: 'c_0020' },
    ],
    [
      'a canonical has a bug type',
      (c) => {
        byId(c, 'c_0001').bug_type = 'off_by_one';
      },
      { code: 'bug-type-only-on-distractors', severity: 'error', line: 1, path: ['bug_type'] },
    ],
    [
      'a distractor has no bug type',
      (c) => {
        delete byId(c, 'c_0003').bug_type;
      },
      { code: 'distractor-has-bug-type', severity: 'warning', line: 3 },
    ],
    [
      'a query has no distractors',
      (c, q) => {
        (q[1] as QueryRow).paired_distractor_corpus_ids = [];
        for (const id of ['c_0007', 'c_0009', 'c_0012']) c.splice(c.indexOf(byId(c, id)), 1);
      },
      { code: 'distractor-count', severity: 'warning', queryId: 'q_0002' },
    ],
    [
      'a distractor equals its canonical',
      (c) => {
        byId(c, 'c_0004').code = byId(c, 'c_0001').code;
      },
      { code: 'distractor-differs', severity: 'error', queryId: 'q_0001', path: ['paired_distractor_corpus_ids', 2] },
    ],
    [
      'two snippets share code',
      (c) => {
        byId(c, 'c_0026').code = byId(c, 'c_0002').code;
      },
      { code: 'unique-code', severity: 'warning', corpusId: 'c_0026' },
    ],
    [
      'source_entry_id disagrees',
      (c) => {
        byId(c, 'c_0016').source_entry_id = 'exec_geometry_1';
      },
      { code: 'source-entry-id', severity: 'warning', path: ['source_entry_id'], corpusId: 'c_0016' },
    ],
    [
      'entry_id has no domain',
      (_, q) => {
        (q[0] as QueryRow).entry_id = 'batch-17';
      },
      { code: 'domain', severity: 'error', path: ['entry_id'], line: 1 },
    ],
    [
      'the domain is undocumented',
      (_, q) => {
        (q[5] as QueryRow).entry_id = 'exec_chemistry_4';
      },
      { code: 'domain', severity: 'warning', line: 7 },
    ],
    [
      'a suite is empty',
      (_, q) => {
        (q[2] as QueryRow).test_suite = [];
      },
      { code: 'test-suite-size', severity: 'error', path: ['test_suite'] },
    ],
    [
      'a suite is short',
      (_, q) => {
        (q[2] as QueryRow).test_suite.splice(3);
      },
      { code: 'test-suite-size', severity: 'warning', line: 3 },
    ],
    [
      'a test is not an assert',
      (_, q) => {
        (q[0] as QueryRow).test_suite[4] = 'print(truncate_words("a", 1))';
      },
      { code: 'tests-are-asserts', severity: 'error', line: 1, path: ['test_suite', 4] },
    ],
    [
      'a test does not parse',
      (_, q) => {
        (q[3] as QueryRow).test_suite[2] = 'assert first_index_at_least([1, 3], 0 == 0';
      },
      { code: 'tests-are-asserts', severity: 'error', line: 5, path: ['test_suite', 2] },
    ],
    [
      'a test repeats',
      (_, q) => {
        (q[1] as QueryRow).test_suite[6] = (q[1] as QueryRow).test_suite[0] as string;
      },
      { code: 'tests-unique', severity: 'warning', path: ['test_suite', 6] },
    ],
    [
      'the canonical defines another function',
      (c) => {
        byId(c, 'c_0025').code = byId(c, 'c_0025').code.replace('def count_set_bits', 'def popcount');
      },
      { code: 'function-defined', severity: 'error', queryId: 'q_0006' },
    ],
    [
      'a test calls something else',
      (_, q) => {
        (q[2] as QueryRow).test_suite[0] = 'assert abs(-1) == 1';
      },
      { code: 'tests-call-function', severity: 'warning', path: ['test_suite', 0] },
    ],
    [
      'a distractor renames the function',
      (c) => {
        byId(c, 'c_0027').code = byId(c, 'c_0027').code.replace('def count_set_bits', 'def bits');
      },
      { code: 'distractors-define-function', severity: 'warning', corpusId: 'c_0027' },
    ],
    [
      'a snippet has an unterminated string',
      (c) => {
        byId(c, 'c_0021').code += 'x = "oops\n';
      },
      { code: 'snippets-parse', severity: 'error', corpusId: 'c_0021', path: ['code'] },
    ],
  ];

  it.each(cases)('reports the problem when %s', (_, edit, expected) => {
    const report = validationReport(variant(edit));
    expect(report.issues).toContainEqual(expect.objectContaining(expected));
    const check = report.checks.find((c) => c.id === expected.code);
    expect(check?.status).toBe(expected.severity === 'error' ? 'fail' : 'warn');
    expect(report.ok).toBe(expected.severity !== 'error');
  });

  it('runs the pluggable parser on tests and snippets when one is given', () => {
    const seen: string[] = [];
    const report = validationReport(base, {
      parsePython: (source, kind) => {
        seen.push(kind);
        return kind === 'snippet' && source.includes('n | 1') ? 'invalid syntax (pretend)' : null;
      },
    });
    expect(seen.filter((k) => k === 'test')).toHaveLength(45);
    expect(seen.filter((k) => k === 'snippet')).toHaveLength(29);
    expect(report.issues).toEqual([
      expect.objectContaining({
        code: 'snippets-parse',
        corpusId: 'c_0026',
        message: expect.stringContaining('pretend'),
      }),
    ]);
  });

  it('reports distractor metadata that is missing or disagrees', () => {
    const meta = base.distractorMetadata;
    if (meta === null) throw new Error('fixture has metadata');
    const rows = meta.rows
      .filter((r) => r.distractorId !== 'c_0017')
      .map((r) => (r.distractorId === 'c_0018' ? { ...r, bugType: 'swap_arguments' } : r));
    const b = createBenchmark({
      ...base,
      distractorMetadata: { ...meta, rows, byDistractorId: new Map(rows.map((r, i) => [r.distractorId as string, i])) },
    });
    const report = validationReport(b);
    expect(report.issues).toContainEqual(
      expect.objectContaining({
        code: 'metadata-coverage',
        corpusId: 'c_0017',
        message: 'distractor has no metadata row',
      }),
    );
    expect(report.issues).toContainEqual(
      expect.objectContaining({
        code: 'metadata-coverage',
        file: 'data/distractor_metadata.jsonl',
        corpusId: 'c_0018',
        message: expect.stringContaining('"swap_arguments"'),
      }),
    );
  });

  it('reports a canonical that fails and a distractor that passes, given a cache', () => {
    const q = base.queries[0] as QueryRow;
    const th = testsSha256(q.test_suite);
    const fails = q.test_suite.map((_, i) => (i === 2 ? 'FAIL' : 'pass'));
    const cache = cacheWith(base, [
      { code_sha256: codeSha256(base.corpus[0]?.code as string), tests_sha256: th, test_results: fails },
      {
        code_sha256: codeSha256(base.corpus[1]?.code as string),
        tests_sha256: th,
        test_results: q.test_suite.map(() => 'pass'),
      },
    ]);
    const report = validationReport(base, { executionCache: cache });
    expect(report.issues).toContainEqual(
      expect.objectContaining({
        code: 'canonicals-pass',
        severity: 'error',
        queryId: 'q_0001',
        message: expect.stringContaining('test_suite[2] gave "FAIL"'),
      }),
    );
    expect(report.issues).toContainEqual(
      expect.objectContaining({
        code: 'distractors-fail',
        severity: 'error',
        queryId: 'q_0001',
        message: expect.stringContaining('c_0002'),
      }),
    );
    expect(report.summary.execution).toMatchObject({ canonicalsFail: 1, distractorsPass: 1 });
  });

  it('warns about pairs missing from the cache and outcome lists of the wrong length', () => {
    const q = base.queries[5] as QueryRow;
    const cache = cacheWith(base, [
      {
        code_sha256: codeSha256(base.corpus[24]?.code as string),
        tests_sha256: testsSha256(q.test_suite),
        test_results: ['pass'],
      },
    ]);
    const changed = variant((c) => {
      byId(c, 'c_0002').code += '\n';
    });
    const report = validationReport(changed, { executionCache: cache });
    expect(report.issues).toContainEqual(
      expect.objectContaining({
        code: 'distractors-fail',
        severity: 'warning',
        message: expect.stringContaining('no cached verdict for distractor c_0002'),
      }),
    );
    expect(report.issues).toContainEqual(
      expect.objectContaining({ code: 'cache-outcome-count', line: 1000, corpusId: 'c_0025' }),
    );
  });

  it('skips the execution checks when there is no cache', () => {
    const report = validationReport(base, { executionCache: null });
    expect(report.checks.filter((c) => c.status === 'skipped').map((c) => c.id)).toEqual([
      'canonicals-pass',
      'distractors-fail',
      'cache-outcome-count',
    ]);
    expect(report.summary.execution).toBeNull();
  });

  it('stores at most maxIssues issues but counts them all', () => {
    const report = validationReport(
      variant((c) => {
        for (const r of c) r.label = r.label === 'correct' ? 'incorrect' : 'correct';
      }),
      { maxIssues: 3 },
    );
    expect(report.issues).toHaveLength(3);
    expect(report.checks.find((c) => c.id === 'labels-match-roles')?.errors).toBe(29);
    expect(report.omittedIssues).toBeGreaterThan(0);
  });
});
