import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatExecutionCacheLine, RELEASE_DATA_FILES } from '@execret/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLines } from '../src/edits.js';
import {
  applyEdits,
  type BuiltDataset,
  buildBenchmark,
  GenerateError,
  parseTasksJsonl,
  serializeBuiltDataset,
  type Task,
  writeBuiltDataset,
} from '../src/index.js';
import { createLocalOracle, realPython } from './helpers/local-oracle.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../fixtures/generate/${name}`, import.meta.url), 'utf8');
const TASKS = parseTasksJsonl(fixture('tricky-tasks.jsonl')).tasks as Task[];
const sha = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

let python = 'python3';
let built: BuiltDataset;
const dirs: string[] = [];

beforeAll(async () => {
  python = await realPython();
  built = await buildBenchmark(TASKS, { oracle: createLocalOracle({ python }), python, seed: 7 });
}, 120_000);

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('buildBenchmark', () => {
  it('includes every valid tricky task with one to four distractors', () => {
    expect(built.report.gates.ok).toBe(true);
    expect(built.queries).toHaveLength(TASKS.length);
    for (const q of built.queries) {
      expect(q.paired_distractor_corpus_ids.length).toBeGreaterThanOrEqual(1);
      expect(q.paired_distractor_corpus_ids.length).toBeLessThanOrEqual(4);
    }
    expect(built.report.tasks.every((t) => t.status === 'built')).toBe(true);
  });

  it('assigns sequential ids with each canonical first and lowest in its group', () => {
    expect(built.corpus.map((c) => c.corpus_id)).toEqual(
      built.corpus.map((_, i) => `c_${String(i + 1).padStart(4, '0')}`),
    );
    expect(built.queries.map((q) => q.query_id)).toEqual(
      built.queries.map((_, i) => `q_${String(i + 1).padStart(4, '0')}`),
    );
    const byId = new Map(built.corpus.map((c) => [c.corpus_id, c]));
    const domainCount = new Map<string, number>();
    built.queries.forEach((q, i) => {
      const task = TASKS[i]!;
      const n = (domainCount.get(task.domain) ?? 0) + 1;
      domainCount.set(task.domain, n);
      expect(q.entry_id).toBe(`exec_${task.domain}_${n}`);
      expect(q.query).toBe(task.query);
      expect(q.test_suite).toEqual(task.tests);
      expect(q.metadata).toEqual({
        generator: '@execret/generate',
        generator_version: '0.1.0',
        seed: 7,
        task_id: task.id,
        domain: task.domain,
        function_name: task.function_name,
        stack_size: 1,
      });
      const [canonicalId] = q.correct_corpus_ids;
      const canonical = byId.get(canonicalId!)!;
      expect(canonical).toEqual({
        corpus_id: canonicalId,
        code: task.canonical,
        label: 'correct',
        source_entry_id: q.entry_id,
      });
      expect('bug_type' in canonical).toBe(false);
      for (const id of q.paired_distractor_corpus_ids) {
        expect(id > canonicalId!).toBe(true);
        expect(byId.get(id)).toMatchObject({ label: 'incorrect', source_entry_id: q.entry_id });
      }
    });
  });

  it('records distractor metadata whose edits reproduce each distractor from its canonical', () => {
    const code = new Map(built.corpus.map((c) => [c.corpus_id, c]));
    expect(built.distractorMetadata).toHaveLength(built.corpus.length - built.queries.length);
    for (const m of built.distractorMetadata) {
      const canonical = code.get(m.canonical_corpus_id)!.code;
      const distractor = code.get(m.corpus_id)!;
      expect(distractor.bug_type).toBe(m.bug_type);
      expect(m.edits).toHaveLength(1);
      const edits = m.edits.map((e) => ({
        line: e.line,
        colStart: e.col_start,
        endLine: e.end_line,
        colEnd: e.col_end,
        before: e.before,
        after: e.after,
      }));
      expect(applyEdits(canonical, edits)).toBe(distractor.code);
      expect(m.edits[0]!.bug_type).toBe(m.bug_type);
      expect(m.failed_tests).toBeGreaterThanOrEqual(1);
      expect(['output', 'crash']).toContain(m.failure);
    }
  });

  it('chooses one distractor per bug type first: distinct types = min(chosen, types with a kept mutant)', () => {
    built.queries.forEach((q, i) => {
      const outcome = built.report.tasks[i]!;
      const types = q.paired_distractor_corpus_ids.map((id) => built.corpus.find((c) => c.corpus_id === id)!.bug_type);
      expect(new Set(types).size).toBe(Math.min(types.length, outcome.keptBugTypes.length));
      expect(types.length).toBe(Math.min(4, outcome.keptMutants));
    });
    expect(new Set(built.distractorMetadata.map((m) => m.bug_type)).size).toBe(6);
  });

  it('writes an execution cache entry per snippet with the documented hashes and outcomes', () => {
    expect(built.executionCache).toHaveLength(built.corpus.length);
    const queryOf = new Map<string, string[]>();
    for (const q of built.queries)
      for (const id of [...q.correct_corpus_ids, ...q.paired_distractor_corpus_ids]) queryOf.set(id, q.test_suite);
    built.corpus.forEach((c, i) => {
      const entry = built.executionCache[i]!;
      const tests = queryOf.get(c.corpus_id)!;
      expect(entry.codeSha256).toBe(sha(c.code));
      expect(entry.testsSha256).toBe(sha(JSON.stringify(tests)));
      expect(entry.testResults).toHaveLength(tests.length);
      expect(entry.passesAllTests).toBe(c.label === 'correct');
      expect(Object.keys(JSON.parse(formatExecutionCacheLine(entry)))).toEqual([
        'code_sha256',
        'tests_sha256',
        'test_results',
        'passes_all_tests',
        'status',
      ]);
    });
  });

  it('reports a yield whose totals match the dataset', () => {
    const y = built.report.yield;
    expect(y.total.chosen).toBe(built.distractorMetadata.length);
    expect(y.total.unverified).toBe(0);
    expect(y.total.candidates).toBe(y.total.unverified + y.total.duplicate + y.total.equivalent + y.total.executed);
    expect(y.total.executed).toBe(y.total.survived + y.total.keptOutput + y.total.keptCrash);
    expect(y.total.survived).toBeGreaterThan(0);
    expect(y.total.keptOutput).toBeGreaterThan(y.total.keptCrash);
  });

  it('produces byte-identical files when rebuilt with the same seed, and other files with another seed', async () => {
    const again = await buildBenchmark(TASKS, { oracle: createLocalOracle({ python }), python, seed: 7 });
    expect(serializeBuiltDataset(again)).toEqual(serializeBuiltDataset(built));
    const a = await mkdtemp(join(tmpdir(), 'execret-gen-a-'));
    const b = await mkdtemp(join(tmpdir(), 'execret-gen-b-'));
    dirs.push(a, b);
    await writeBuiltDataset(a, built);
    await writeBuiltDataset(b, again);
    for (const file of Object.values(RELEASE_DATA_FILES)) {
      const [x, y] = await Promise.all([readFile(join(a, file)), readFile(join(b, file))]);
      expect(x.equals(y)).toBe(true);
      expect(x.length).toBeGreaterThan(0);
      expect(x.at(-1)).toBe(0x0a);
    }
    const other = await buildBenchmark(TASKS, { oracle: createLocalOracle({ python }), python, seed: 8 });
    expect(serializeBuiltDataset(other)[RELEASE_DATA_FILES.corpus]).not.toBe(
      serializeBuiltDataset(built)[RELEASE_DATA_FILES.corpus],
    );
  }, 120_000);

  it('writes generated_at only when given', async () => {
    const small = await buildBenchmark(TASKS.slice(0, 2), {
      oracle: createLocalOracle({ python }),
      python,
      seed: 7,
      generatedAt: '2026-01-01T00:00:00Z',
    });
    expect(small.queries.every((q) => q.metadata.generated_at === '2026-01-01T00:00:00Z')).toBe(true);
    expect(built.queries.every((q) => !('generated_at' in q.metadata))).toBe(true);
  }, 60_000);

  it('throws invalid-tasks listing the reasons, or skips and reports rejected tasks', async () => {
    const bad = parseTasksJsonl(fixture('bad-tasks.jsonl')).tasks as Task[];
    const mixed = [TASKS[3]!, bad[0]!, bad[4]!];
    let caught: unknown;
    try {
      await buildBenchmark(mixed, { oracle: createLocalOracle({ python }), python });
    } catch (error) {
      caught = error;
    }
    expect(GenerateError.is(caught)).toBe(true);
    expect((caught as GenerateError).code).toBe('invalid-tasks');
    expect((caught as Error).message).toMatch(
      /rejected 2 of 3 tasks[\s\S]*\[ast\/function_missing\][\s\S]*\[execution\/canonical_fails\]/u,
    );
    const skipped = await buildBenchmark(mixed, {
      oracle: createLocalOracle({ python }),
      python,
      invalidTasks: 'skip',
    });
    expect(skipped.report.tasks.map((t) => t.status)).toEqual(['built', 'rejected', 'rejected']);
    expect(skipped.queries.map((q) => q.metadata.task_id)).toEqual([TASKS[3]!.id]);
  }, 60_000);

  it('leaves out tasks with fewer distractors than minDistractors', async () => {
    const few = await buildBenchmark([TASKS[3]!], {
      oracle: createLocalOracle({ python }),
      python,
      minDistractors: 4,
      maxDistractors: 4,
    });
    const kept = few.report.yield.total.kept;
    if (kept >= 4) {
      expect(few.queries).toHaveLength(1);
    } else {
      expect(few.queries).toHaveLength(0);
      expect(few.report.tasks[0]).toMatchObject({ status: 'too_few_distractors', distractors: kept });
    }
  }, 60_000);

  it('builds stacked distractors of k line-disjoint edits when stackSize is k', async () => {
    const stacked = await buildBenchmark(TASKS.slice(3, 6), {
      oracle: createLocalOracle({ python }),
      python,
      seed: 7,
      stackSize: 2,
    });
    expect(stacked.distractorMetadata.length).toBeGreaterThan(0);
    const code = new Map(stacked.corpus.map((c) => [c.corpus_id, c.code]));
    for (const m of stacked.distractorMetadata) {
      expect(m.bug_type).toBe('stacked');
      expect(m.edits).toHaveLength(2);
      const edits = m.edits.map((e) => ({
        line: e.line,
        colStart: e.col_start,
        endLine: e.end_line,
        colEnd: e.col_end,
        before: e.before,
        after: e.after,
      }));
      const [l1, l2] = edits.map(editLines);
      expect(l1!.some((l) => l2!.includes(l))).toBe(false);
      expect(applyEdits(code.get(m.canonical_corpus_id)!, edits)).toBe(code.get(m.corpus_id));
    }
    expect(stacked.queries.every((q) => q.metadata.stack_size === 2)).toBe(true);
  }, 60_000);

  it('throws TypeError / RangeError on misuse', async () => {
    await expect(buildBenchmark(TASKS, { oracle: {} as never })).rejects.toThrow(TypeError);
    await expect(buildBenchmark(TASKS, { oracle: createLocalOracle(), stackSize: 5 })).rejects.toThrow(RangeError);
    await expect(buildBenchmark(TASKS, { oracle: createLocalOracle(), maxDistractors: 0 })).rejects.toThrow(RangeError);
  });
});
