import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadExecRetrieval, validationReport } from '@execret/dataset';
import { codeSha256 } from '@execret/formats';
import { COSMETIC_KINDS } from '@execret/mutate-js';
import { createOracle, type Oracle } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAgreeJob } from '../src/bug-copies/probe-jobs.js';
import {
  type BuiltDataset,
  buildBenchmark,
  type ExecutionJob,
  type ExecutionOracle,
  formatBugCopiesReport,
  parseTasksJsonl,
  serializeBuiltDataset,
  type Task,
  writeBuiltDataset,
} from '../src/index.js';
import { createLocalOracle, realPython } from './helpers/local-oracle.js';

const tasksOf = (path: string): Task[] =>
  parseTasksJsonl(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')).tasks as Task[];
const MINI = tasksOf('fixtures/mini-tasks/tasks.jsonl');
const MINI_JS = tasksOf('fixtures/mini-js-tasks/tasks.jsonl');
const TRICKY = tasksOf('fixtures/generate/tricky-tasks.jsonl');
/** Four Python and two JavaScript tasks of the mini sets, built in one propagated-bug build. */
const TASKS = [MINI[0]!, MINI[13]!, MINI[27]!, MINI[55]!, MINI_JS[0]!, MINI_JS[12]!];
const K = 3;
const CHECKER = fileURLToPath(new URL('./helpers/check_copies.py', import.meta.url));

let python = 'python3';
let oracle: Oracle;
let built: BuiltDataset;
const dirs: string[] = [];

beforeAll(async () => {
  python = await realPython();
  const dir = await mkdtemp(join(tmpdir(), 'execret-copies-'));
  dirs.push(dir);
  // The cache makes the rebuild of the determinism test cheap; outcomes are the oracle's either way.
  oracle = await createOracle({ python, cacheFile: join(dir, 'oracle-cache.jsonl') });
  built = await buildBenchmark(TASKS, { oracle, python, seed: 11, bugCopies: K });
}, 300_000);

afterAll(async () => {
  await oracle?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The metadata rows of copies, by query. */
const copiesOf = (queryId: string) => built.distractorMetadata.filter((m) => m.query_id === queryId && m.copy_of);
const codeOf = (id: string) => built.corpus.find((c) => c.corpus_id === id)!.code;

describe('buildBenchmark with bugCopies', () => {
  it('gives every task of the mini sets the original and k − 1 copies, and fewer other distractors than copies', () => {
    expect(built.report.bugCopies).toMatchObject({ copies: K, tasks: TASKS.length, copied: TASKS.length, leftOut: 0 });
    expect(built.queries).toHaveLength(TASKS.length);
    for (const q of built.queries) {
      expect(q.metadata.bug_copies).toBe(K);
      const copied = q.metadata.copied_corpus_id!;
      expect(q.paired_distractor_corpus_ids).toContain(copied);
      const copies = copiesOf(q.query_id);
      expect(copies).toHaveLength(K - 1);
      expect(copies.every((m) => m.copy_of === copied)).toBe(true);
      const others = q.paired_distractor_corpus_ids.length - K;
      expect(others).toBeGreaterThanOrEqual(0);
      expect(others).toBeLessThan(K);
      // copies come last, in the normal id sequence; the canonical keeps the lowest id
      expect(q.paired_distractor_corpus_ids.slice(-(K - 1))).toEqual(copies.map((m) => m.corpus_id));
      expect(q.paired_distractor_corpus_ids.every((id) => id > q.correct_corpus_ids[0]!)).toBe(true);
    }
    const distinct = built.distractorMetadata.filter((m) => !m.copy_of).length;
    expect(built.report.yield.total.chosen).toBe(distinct);
    expect(formatBugCopiesReport(built.report.bugCopies!)).toMatch(/tasks: 6 tried, 6 copied, 0 left out/u);
  });

  it('records copies whose outcomes equal their original test by test, with its bug type, failure and edits', () => {
    const runs = new Map(built.executionCache.map((e) => [`${e.codeSha256}`, e]));
    for (const m of built.distractorMetadata.filter((x) => x.copy_of)) {
      const original = built.distractorMetadata.find((x) => x.corpus_id === m.copy_of)!;
      const a = runs.get(codeSha256(codeOf(original.corpus_id)))!;
      const b = runs.get(codeSha256(codeOf(m.corpus_id)))!;
      expect(b.testResults).toEqual(a.testResults);
      expect(b.status).toBe(a.status);
      expect(b.passesAllTests).toBe(false);
      expect(m).toMatchObject({ bug_type: original.bug_type, failure: original.failure, edits: original.edits });
      expect(built.corpus.find((c) => c.corpus_id === m.corpus_id)!.bug_type).toBe(original.bug_type);
      const tests = built.queries.find((q) => q.query_id === m.query_id)!.test_suite.length;
      expect(m.copy_verification).toMatchObject({ tests_agreed: tests, tests });
      expect(m.copy_verification!.probes_agreed).toBe(m.copy_verification!.probes);
      expect(m.copy_kinds!.length).toBeGreaterThan(0);
      expect(m.copy_kinds).toEqual(COSMETIC_KINDS.filter((k) => m.copy_kinds!.includes(k)));
    }
    expect(built.distractorMetadata.some((m) => (m.copy_verification?.probes ?? 0) > 0)).toBe(true);
  });

  it('makes every copy textually different from every other snippet of its pool', () => {
    for (const q of built.queries) {
      const codes = [...q.correct_corpus_ids, ...q.paired_distractor_corpus_ids].map(codeOf);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it('passes the independent check: every copy and its original agree test by test (plain Python and node)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'execret-copies-check-'));
    dirs.push(dir);
    await writeBuiltDataset(dir, built);
    const run = spawnSync(python, [CHECKER, dir, process.execPath], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      copies: TASKS.length * (K - 1),
      originals: TASKS.length,
      skipped: 0,
      disagreements: [],
      not_distinct: [],
      wrong_bug_type: [],
      no_majority: [],
    });
    expect(report.tests_compared).toBe(
      built.distractorMetadata.filter((m) => m.copy_of).reduce((n, m) => n + m.copy_verification!.tests, 0),
    );
    expect(run.status).toBe(0);
  });

  it('writes a dataset that @execret/dataset loads and validates, copies not counted as distinct distractors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'execret-copies-load-'));
    dirs.push(dir);
    await writeBuiltDataset(dir, built);
    const benchmark = await loadExecRetrieval(dir);
    const report = validationReport(benchmark);
    expect(report.ok).toBe(true);
    expect(report.issues.filter((i) => i.severity !== 'info')).toEqual([]);
    expect(benchmark.corpus).toHaveLength(built.corpus.length);
    expect(benchmark.distractorMetadata?.rows.find((r) => r.raw.copy_of)?.raw).toMatchObject({
      copy_kinds: expect.any(Array),
    });
  });

  it('produces byte-identical files when rebuilt with the same seed', async () => {
    const again = await buildBenchmark(TASKS, { oracle, python, seed: 11, bugCopies: K });
    expect(serializeBuiltDataset(again)).toEqual(serializeBuiltDataset(built));
    expect(again.report.bugCopies).toEqual(built.report.bugCopies);
  }, 300_000);
});

describe('probeAgreeJob with @execret/oracle', () => {
  it.each([
    ['python', MINI[0]!, (code: string) => code.replace('count += 1', 'count += 1 if n < 100 else 2')],
    ['javascript', MINI_JS[0]!, (code: string) => code.replace('count += 1;', 'count += bits < 100 ? 1 : 2;')],
  ])(
    'tells a %s copy that agrees with its original from one that does not',
    async (_, task, change) => {
      const probes =
        task.language === 'javascript'
          ? ['[255]', '[3]', '[1025]', '[-7]']
          : ['((255,), {})', '((3,), {})', '((1025,), {})', '((-7,), {})'];
      const same = probeAgreeJob(task, task.canonical.replace(/\n/gu, '\n\n'), task.canonical, probes) as ExecutionJob;
      const other = probeAgreeJob(task, change(task.canonical), task.canonical, probes) as ExecutionJob;
      const [a, b] = await oracle.runMany([same, other]);
      expect(a!.tests).toEqual(['pass', 'pass', 'pass', 'pass']);
      expect(b!.tests).toEqual(['FAIL', 'pass', 'FAIL', 'FAIL']);
    },
    60_000,
  );
});

describe('buildBenchmark with bugCopies (local oracle)', () => {
  it('builds exactly as before when bugCopies is absent or undefined, with no copy fields', async () => {
    const local = createLocalOracle({ python });
    const plain = await buildBenchmark(TRICKY, { oracle: local, python, seed: 7 });
    const undef = await buildBenchmark(TRICKY, { oracle: local, python, seed: 7, bugCopies: undefined });
    expect(serializeBuiltDataset(undef)).toEqual(serializeBuiltDataset(plain));
    const text = Object.values(serializeBuiltDataset(plain)).join('');
    expect(text).not.toMatch(/copy_of|copy_kinds|copy_verification|bug_copies|copied_corpus_id/u);
    expect('bugCopies' in plain.report).toBe(false);
  }, 120_000);

  it('leaves out a task whose distractors get too few verified copies, and counts the drops by reason', async () => {
    const local = createLocalOracle({ python });
    let copying = false;
    // An oracle that gives every copy a different last outcome from its original (probe jobs run untouched).
    const lying: ExecutionOracle = {
      async runMany(jobs, options) {
        const results = await local.runMany(jobs, options);
        if (!copying) return results;
        return results.map((r, i) =>
          jobs[i]!.tests[0]!.includes('__execret_copy') ? r : { ...r, tests: [...r.tests.slice(0, -1), 'ERROR:Lie'] },
        );
      },
    };
    const tasks = TRICKY.slice(3, 5);
    const built2 = await buildBenchmark(tasks, {
      oracle: lying,
      python,
      seed: 7,
      bugCopies: 2,
      onProgress: ({ phase }) => {
        copying = phase === 'copies';
      },
    });
    expect(built2.queries).toHaveLength(0);
    expect(built2.report.tasks.map((t) => t.status)).toEqual(['too_few_copies', 'too_few_copies']);
    expect(built2.report.tasks[0]!.reason).toMatch(/no chosen distractor got 1 verified cosmetic copies/u);
    const r = built2.report.bugCopies!;
    expect(r).toMatchObject({ tasks: 2, copied: 0, leftOut: 2, copiesMade: 0, verified: 0 });
    expect(r.dropped['tests-differ']).toBe(r.rewrites);
    expect(r.originalsTried).toBe(built2.report.tasks.reduce((n, t) => n + t.distractors, 0));
  }, 120_000);

  it('throws RangeError for bugCopies that is not an integer ≥ 2', async () => {
    for (const bugCopies of [1, 0, 2.5, -3]) {
      await expect(buildBenchmark(TRICKY, { oracle: createLocalOracle(), bugCopies })).rejects.toThrow(RangeError);
    }
  });
});
