import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExecRetrieval, validationReport } from '@execret/dataset';
import { createJsRunner, type JsRunner } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyEdits,
  buildBenchmark,
  type ExecutionJob,
  type ExecutionOracle,
  type ExecutionResult,
  serializeBuiltDataset,
  type Task,
  validateTasks,
  writeBuiltDataset,
} from '../src/index.js';
import { createLocalOracle, realPython } from './helpers/local-oracle.js';

const JS_TASKS: Task[] = [
  {
    id: 'js_clamp',
    domain: 'math_numerical',
    language: 'javascript',
    query: 'Clamp a number into the closed range [lo, hi].',
    function_name: 'clamp',
    canonical: 'function clamp(x, lo, hi) {\n  if (x < lo) return lo;\n  if (x > hi) return hi;\n  return x;\n}\n',
    tests: [
      'assert.strictEqual(clamp(5, 0, 10), 5)',
      'assert.strictEqual(clamp(-1, 0, 10), 0)',
      'assert.strictEqual(clamp(11, 0, 10), 10)',
      'assert.strictEqual(clamp(0, 0, 10), 0)',
      'assert.strictEqual(clamp(10, 0, 10), 10)',
      'assert.strictEqual(clamp(3, 3, 3), 3)',
      'assert(clamp(-5, -3, 7) === -3)',
    ],
  },
  {
    id: 'js_count_below',
    domain: 'collections',
    language: 'javascript',
    query: 'Count the elements of an array that are strictly below a threshold.',
    function_name: 'countBelow',
    canonical:
      'function countBelow(values, limit) {\n  let count = 0;\n  for (let i = 0; i < values.length; i++) {\n    if (values[i] < limit) count += 1;\n  }\n  return count;\n}\n',
    tests: [
      'assert.strictEqual(countBelow([], 3), 0)',
      'assert.strictEqual(countBelow([1, 2, 3], 3), 2)',
      'assert.strictEqual(countBelow([3, 3], 3), 0)',
      'assert.strictEqual(countBelow([5, 1, 4], 5), 2)',
      'assert.strictEqual(countBelow([-1, 0, 1], 0), 1)',
      'assert.deepStrictEqual([countBelow([9], 10)], [1])',
      'assert.strictEqual(countBelow([2, 2, 2, 9], 3), 3)',
    ],
  },
];

const PY_TASK: Task = {
  id: 'py_clamp',
  domain: 'math_numerical',
  query: 'Clamp a number into the closed range [lo, hi] (Python).',
  function_name: 'py_clamp',
  canonical:
    'def py_clamp(x, lo, hi):\n    if x < lo:\n        return lo\n    if x > hi:\n        return hi\n    return x\n',
  tests: [
    'assert py_clamp(5, 0, 10) == 5',
    'assert py_clamp(-1, 0, 10) == 0',
    'assert py_clamp(11, 0, 10) == 10',
    'assert py_clamp(0, 0, 10) == 0',
    'assert py_clamp(10, 0, 10) == 10',
    'assert py_clamp(3, 3, 3) == 3',
    'assert py_clamp(-5, -3, 7) == -3',
  ],
};

/**
 * Test adapter: JavaScript/TypeScript jobs to `createJsRunner` of @execret/oracle, Python jobs to the
 * local Python stand-in; records the language of every job it is handed.
 */
function mixedOracle(js: JsRunner, python: ExecutionOracle): ExecutionOracle & { languages: string[] } {
  const languages: string[] = [];
  return {
    languages,
    async runMany(jobs: readonly ExecutionJob[]): Promise<ExecutionResult[]> {
      const out: ExecutionResult[] = new Array(jobs.length);
      const jsAt: number[] = [];
      const pyAt: number[] = [];
      jobs.forEach((job, i) => {
        languages.push(job.language ?? 'python');
        ((job.language ?? 'python') === 'python' ? pyAt : jsAt).push(i);
      });
      const jsResults = await js.runMany(
        jsAt.map((i) => ({
          code: jobs[i]!.code,
          tests: jobs[i]!.tests,
          language: jobs[i]!.language as 'javascript' | 'typescript',
        })),
      );
      jsAt.forEach((i, k) => {
        out[i] = { status: jsResults[k]!.status, tests: jsResults[k]!.tests };
      });
      if (pyAt.length > 0) {
        const pyResults = await python.runMany(pyAt.map((i) => jobs[i]!));
        pyAt.forEach((i, k) => {
          out[i] = pyResults[k]!;
        });
      }
      return out;
    },
  };
}

let runner: JsRunner;
let python: string;
const dirs: string[] = [];
beforeAll(async () => {
  runner = await createJsRunner({ concurrency: 2, timeoutMs: 1000 });
  python = await realPython();
}, 60_000);
afterAll(async () => {
  await runner?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('buildBenchmark (JavaScript tasks)', () => {
  it('enumerates with @execret/mutate-js, runs jobs as javascript and tags every row when tasks are JavaScript', async () => {
    const oracle = mixedOracle(runner, createLocalOracle({ python }));
    const built = await buildBenchmark(JS_TASKS, { oracle, seed: 7 });
    expect(built.report.gates.ok).toBe(true);
    expect(new Set(oracle.languages)).toEqual(new Set(['javascript']));
    expect(built.queries).toHaveLength(2);
    expect(built.report.tasks.map((t) => t.status)).toEqual(['built', 'built']);
    for (const q of built.queries) expect(q.language).toBe('javascript');
    for (const c of built.corpus) expect(c.language).toBe('javascript');
    for (const e of built.executionCache) expect(e.language).toBe('javascript');
    // canonicals pass, every distractor fails a test and is its recorded edit of the canonical
    const byId = new Map(built.corpus.map((c) => [c.corpus_id, c]));
    expect(built.executionCache.map((e) => e.passesAllTests)).toEqual(built.corpus.map((c) => c.label === 'correct'));
    for (const d of built.distractorMetadata) {
      const canonical = byId.get(d.canonical_corpus_id)!.code;
      const edits = d.edits.map((e) => ({
        line: e.line,
        colStart: e.col_start,
        endLine: e.end_line,
        colEnd: e.col_end,
        before: e.before,
        after: e.after,
      }));
      expect(applyEdits(canonical, edits)).toBe(byId.get(d.corpus_id)!.code);
      expect(d.failed_tests).toBeGreaterThan(0);
    }
    expect(built.queries.map((q) => q.paired_distractor_corpus_ids.length)).toEqual([4, 4]);
    expect(built.report.yield.total.executed).toBeGreaterThan(8);
    expect(built.report.yield.total.chosen).toBe(8);
  }, 60_000);

  it('gives byte-identical files when built twice with the same seed', async () => {
    const oracle = mixedOracle(runner, createLocalOracle({ python }));
    const a = serializeBuiltDataset(await buildBenchmark(JS_TASKS, { oracle, seed: 11 }));
    const b = serializeBuiltDataset(await buildBenchmark(JS_TASKS, { oracle, seed: 11 }));
    expect(b).toEqual(a);
    expect(Object.values(a).join('')).toContain('"language":"javascript"');
  }, 60_000);

  it('builds each task with its own language when a build mixes Python and JavaScript', async () => {
    const oracle = mixedOracle(runner, createLocalOracle({ python }));
    const built = await buildBenchmark([PY_TASK, JS_TASKS[0]!], { oracle, seed: 5, python });
    expect(built.report.gates.ok).toBe(true);
    expect(new Set(oracle.languages)).toEqual(new Set(['python', 'javascript']));
    const [py, js] = built.queries;
    expect(py!.language).toBeUndefined();
    expect(js!.language).toBe('javascript');
    const group = (q: typeof py) => [q!.correct_corpus_ids[0]!, ...q!.paired_distractor_corpus_ids];
    const corpus = new Map(built.corpus.map((c) => [c.corpus_id, c]));
    for (const id of group(py)) {
      expect(corpus.get(id)!.language).toBeUndefined();
      expect(corpus.get(id)!.code).toMatch(/^def py_clamp/);
    }
    for (const id of group(js)) expect(corpus.get(id)!.code).toMatch(/^function clamp/);
    // Python rows carry no language field at all (the release format, unchanged)
    const files = serializeBuiltDataset(built);
    const pyLine = files['data/queries.jsonl']!.split('\n')[0]!;
    expect(pyLine).not.toContain('language');
    const dir = await mkdtemp(join(tmpdir(), 'execret-gen-js-'));
    dirs.push(dir);
    await writeBuiltDataset(dir, built);
    const loaded = await loadExecRetrieval(dir);
    expect(loaded.queryLanguage).toEqual(['python', 'javascript']);
    const report = validationReport(loaded);
    expect(report.issues.filter((i) => i.severity === 'error')).toEqual([]);
  }, 60_000);

  it('stacks line-disjoint JavaScript edits when stackSize is 2', async () => {
    const oracle = mixedOracle(runner, createLocalOracle({ python }));
    const built = await buildBenchmark([JS_TASKS[1]!], { oracle, seed: 3, stackSize: 2, maxDistractors: 2 });
    expect(built.distractorMetadata.length).toBeGreaterThan(0);
    for (const d of built.distractorMetadata) {
      expect(d.bug_type).toBe('stacked');
      expect(d.edits).toHaveLength(2);
      expect(d.edits[0]!.line).not.toBe(d.edits[1]!.line);
    }
    for (const c of built.corpus) expect(c.language).toBe('javascript');
  }, 60_000);
});

describe('validateTasks (JavaScript tasks)', () => {
  const base = JS_TASKS[0]!;
  it.each([
    ['test_not_assert', { tests: [...base.tests.slice(1), 'console.log(clamp(1, 0, 2))'] }],
    ['test_no_call', { tests: [...base.tests.slice(1), 'assert.strictEqual(Math.max(1, 2), 2)'] }],
    ['test_syntax', { tests: [...base.tests.slice(1), 'assert.strictEqual(clamp(1, 0, 2), 1'] }],
    ['test_multiline', { tests: [...base.tests.slice(1), 'assert.strictEqual(\nclamp(1, 0, 2), 1)'] }],
    ['test_not_assert', { tests: [...base.tests.slice(1), 'assert(clamp(1, 0, 2) === 1); assert(true)'] }],
    ['canonical_syntax', { canonical: 'function clamp(x, lo, hi) {\n  return x\n' }],
    ['function_missing', { canonical: 'function other(x) {\n  return x;\n}\n' }],
    ['function_missing', { canonical: 'async function clamp(x) {\n  return x;\n}\n' }],
    ['distractor_identical', { distractors: [base.canonical] }],
    ['distractor_function_missing', { distractors: ['function other(x) {\n  return x;\n}\n'] }],
  ])('reports %s when the task has that defect', async (code, patch) => {
    const report = await validateTasks([{ ...base, ...patch }]);
    expect(report.ok).toBe(false);
    expect(report.issues.map((i) => i.code)).toContain(code);
    expect(report.issues.every((i) => i.gate === 'ast')).toBe(true);
  });

  it('accepts JavaScript identifiers with $ and TypeScript canonicals when the language says so', async () => {
    const ts: Task = {
      ...base,
      id: 'ts_clamp',
      language: 'typescript',
      function_name: 'clamp$',
      canonical:
        'function clamp$(x: number, lo: number, hi: number): number {\n  if (x < lo) return lo;\n  return x > hi ? hi : x;\n}\n',
      tests: base.tests.map((t) => t.replaceAll('clamp(', 'clamp$(')),
    };
    const report = await validateTasks([ts]);
    expect(report.issues).toEqual([]);
    expect(report.tasks[0]!.topLevelNames).toEqual(['clamp$']);
    const py = await validateTasks([{ ...ts, language: 'python' }], { python });
    expect(py.issues.map((i) => i.message).join('\n')).toContain('expected a Python identifier');
  });

  it('rejects a TypeScript canonical that does not type-check, naming the line', async () => {
    const ts: Task = {
      ...base,
      id: 'ts_clamp_bad',
      language: 'typescript',
      canonical:
        'function clamp(x: number, lo: number, hi: number): string {\n  if (x < lo) return lo;\n  return x > hi ? hi : x;\n}\n',
    };
    const report = await validateTasks([ts]);
    expect(report.issues.map((i) => i.code)).toEqual([
      'canonical_type_error',
      'canonical_type_error',
      'canonical_type_error',
    ]);
    expect(report.issues.map((i) => i.message.match(/line \d+/)?.[0])).toEqual(['line 2', 'line 3', 'line 3']);
    expect(report.issues[0]!.message).toMatch(
      /^canonical does not type-check: line 2: Type 'number' is not assignable to type 'string'/,
    );
    // The same code as JavaScript is not type-checked (it would not parse as TypeScript's annotations anyway).
    const console = await validateTasks([
      {
        ...ts,
        canonical:
          'function clamp(x: number, lo: number, hi: number): number {\n  console.log(x);\n  return Math.min(Math.max(x, lo), hi);\n}\n',
      },
    ]);
    expect(console.issues).toEqual([]);
  });

  it('reports a schema issue naming the field when language is not one of the three', async () => {
    const report = await validateTasks([{ ...base, language: 'JavaScript' }]);
    expect(report.issues).toHaveLength(1);
    expect(report.issues[0]!.gate).toBe('schema');
    expect(report.issues[0]!.message).toContain('field "language"');
  });
});
