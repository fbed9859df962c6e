import { beforeAll, describe, expect, it } from 'vitest';
import { readFixtureBenchmark, variantOf } from '../test/validation-fixture.js';
import { type Benchmark, createBenchmark } from './benchmark.js';
import { VALIDATION_CHECKS } from './checks/registry.js';
import type { CorpusRow, QueryRow } from './schemas.js';
import { validateBenchmark } from './validate.js';
import { validationReport } from './validation-report.js';

let base: Benchmark;
beforeAll(async () => {
  base = await readFixtureBenchmark();
});
const variant = (edit: (corpus: CorpusRow[], queries: QueryRow[]) => void) => variantOf(base, edit);

describe('validateBenchmark', () => {
  it('returns the list of issues itself (SPEC section 4) when problems are found', () => {
    const broken = createBenchmark({
      corpus: base.corpus,
      queries: base.queries.map((q, i) => (i === 0 ? { ...q, correct_corpus_ids: ['c_missing'] } : q)),
    });
    const issues = validateBenchmark(broken);
    const report = validationReport(broken);
    expect(Array.isArray(issues)).toBe(true);
    expect(issues.length).toBeGreaterThan(0);
    expect([...issues]).toEqual(report.issues);
    expect(report.ok).toBe(false);
    expect(issues.some((issue) => JSON.stringify(issue).includes('c_missing'))).toBe(true);
  });

  it('lists issues in check order and keeps the first maxIssues of that order when more are found', () => {
    // q_0001 loses its distractors (distractor-count; then no-orphan-snippets and metadata-coverage for each of
    // them); q_0002 names a missing canonical (correct-ids-exist, an earlier check, raised for a later query).
    const broken = variant((_, q) => {
      (q[0] as QueryRow).paired_distractor_corpus_ids = [];
      (q[1] as QueryRow).correct_corpus_ids = ['c_missing'];
    });
    const all = validateBenchmark(broken);
    const order = VALIDATION_CHECKS.map((c) => c.id);
    const positions = all.map((issue) => order.indexOf(issue.code));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p >= (positions[i - 1] as number)))).toBe(true);
    expect(new Set(all.map((i) => i.code))).toEqual(
      new Set(['correct-ids-exist', 'distractor-count', 'no-orphan-snippets', 'metadata-coverage']),
    );
    expect(validateBenchmark(broken, { maxIssues: 1 })).toEqual([
      expect.objectContaining({ code: 'correct-ids-exist', queryId: 'q_0002' }),
    ]);
    for (let n = 0; n <= all.length; n++) expect(validateBenchmark(broken, { maxIssues: n })).toEqual(all.slice(0, n));
  });
});
