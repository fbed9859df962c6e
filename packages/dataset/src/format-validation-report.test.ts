import { beforeAll, describe, expect, it } from 'vitest';
import { readFixtureBenchmark, variantOf } from '../test/validation-fixture.js';
import type { Benchmark } from './benchmark.js';
import { formatValidationReport } from './format-validation-report.js';
import type { CorpusRow, QueryRow } from './schemas.js';
import { validationReport } from './validation-report.js';

let base: Benchmark;
beforeAll(async () => {
  base = await readFixtureBenchmark();
});
const variant = (edit: (corpus: CorpusRow[], queries: QueryRow[]) => void) => variantOf(base, edit);

describe('formatValidationReport', () => {
  it('prints the headline, the tables and the issues', () => {
    const text = formatValidationReport(
      validationReport(
        variant((_, q) => {
          (q[0] as QueryRow).entry_id = 'batch-17';
        }),
      ),
    );
    expect(text).toMatch(
      /^ExecRetrieval validation: FAILED \(1 error, \d+ warnings?\) — 6 queries, 29 snippets \(6 canonicals, 23 distractors\)/,
    );
    expect(text).toMatch(/domain\s+queries\s+canonicals\s+distractors/);
    expect(text).toMatch(/\(none\)\s+1\s+1\s+4/);
    expect(text).toMatch(/wrong_builtin\s+1\s+no/);
    expect(text).toContain(
      'error data/queries.jsonl:1 entry_id: entry_id "batch-17" does not have the form exec_<domain>_<n> [domain]',
    );
  });
});
