import { beforeAll, describe, expect, it } from 'vitest';
import { byId, readFixtureBenchmark, variantOf } from '../test/validation-fixture.js';
import { assertValidBenchmark } from './assert-valid-benchmark.js';
import type { Benchmark } from './benchmark.js';
import { DatasetError } from './errors.js';
import type { CorpusRow, QueryRow } from './schemas.js';

let base: Benchmark;
beforeAll(async () => {
  base = await readFixtureBenchmark();
});
const variant = (edit: (corpus: CorpusRow[], queries: QueryRow[]) => void) => variantOf(base, edit);

describe('assertValidBenchmark', () => {
  it('returns the report when the benchmark is valid', () => {
    expect(assertValidBenchmark(base).ok).toBe(true);
  });

  it('throws validation listing the errors when a check fails', () => {
    const bad = variant((c) => {
      byId(c, 'c_0001').bug_type = 'off_by_one';
    });
    let caught: unknown;
    try {
      assertValidBenchmark(bad);
    } catch (error) {
      caught = error;
    }
    expect(DatasetError.is(caught) && caught.code).toBe('validation');
    expect((caught as Error).message).toContain('data/corpus.jsonl:1 bug_type: canonical has bug_type "off_by_one"');
  });
});
