import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExecRetrieval, validationReport } from '@execret/dataset';
import type { Oracle } from '@execret/oracle';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { buildBenchmark, type ExecutionOracle, type Task, writeBuiltDataset } from '../src/index.js';
import { realPython } from './helpers/local-oracle.js';

const TASKS = readFileSync(new URL('../../../fixtures/generate/tricky-tasks.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Task);
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('buildBenchmark with @execret/oracle', () => {
  it('accepts the real Oracle type as an ExecutionOracle', () => {
    expectTypeOf<Oracle>().toExtend<ExecutionOracle>();
  });

  it('builds with a default createOracle() and writes a dataset that @execret/dataset loads and validates', async () => {
    const python = await realPython();
    const tasks = TASKS.filter((t) =>
      ['tricky_clamp_scores', 'tricky_format_delta', 'tricky_ranges_crlf', 'tricky_path_join'].includes(t.id),
    );
    const built = await buildBenchmark(tasks, { python, seed: 3 });
    expect(built.report.gates.ok).toBe(true);
    expect(built.queries).toHaveLength(tasks.length);
    for (const entry of built.executionCache) {
      expect(entry.passesAllTests).toBe(entry.status === 'pass');
    }
    const labels = built.corpus.map((c) => c.label);
    expect(built.executionCache.map((e) => e.passesAllTests)).toEqual(labels.map((l) => l === 'correct'));
    const dir = await mkdtemp(join(tmpdir(), 'execret-gen-real-'));
    dirs.push(dir);
    await writeBuiltDataset(dir, built);
    const benchmark = await loadExecRetrieval(dir);
    const report = validationReport(benchmark);
    expect(report.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(report.ok).toBe(true);
    expect(benchmark.queries).toHaveLength(built.queries.length);
    expect(benchmark.corpus).toHaveLength(built.corpus.length);
    const metadata = benchmark.distractorMetadata;
    expect(metadata?.rows).toHaveLength(built.distractorMetadata.length);
    for (const [i, row] of (metadata?.rows ?? []).entries()) {
      expect(row.distractorId).toBe(built.distractorMetadata[i]!.corpus_id);
      expect(row.canonicalId).toBe(built.distractorMetadata[i]!.canonical_corpus_id);
      expect(row.queryId).toBe(built.distractorMetadata[i]!.query_id);
      expect(row.bugType).toBe(built.distractorMetadata[i]!.bug_type);
    }
  }, 120_000);
});
