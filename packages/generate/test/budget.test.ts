// Builds bounded by the work (BuildOptions.candidateBudget): candidates run under a budget derived from
// their canonical's time; those that exceed it are executed again under the oracle's timeout only when the
// selection needs their class. The dataset is the same as without a budget, byte for byte.
import { readFileSync } from 'node:fs';
import { createOracle, type Oracle } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBenchmark, serializeBuiltDataset, type Task } from '../src/index.js';
import { realPython } from './helpers/local-oracle.js';

/** Mini tasks whose chosen distractors include mutants that never leave a loop (TIMEOUT in the release). */
const IDS = [
  'mini_bit_manipulation_09',
  'mini_math_numerical_04',
  'mini_sorting_searching_01',
  'mini_sorting_searching_07',
];
const TASKS = readFileSync(new URL('../../../fixtures/mini-tasks/tasks.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Task)
  .filter((t) => IDS.includes(t.id));

describe('buildBenchmark with a candidate budget', () => {
  let oracle: Oracle;
  beforeAll(async () => {
    oracle = await createOracle({ python: await realPython(), timeoutMs: 1200, concurrency: 2 });
  }, 60_000);
  afterAll(async () => oracle?.close());

  it('writes the same dataset as without a budget, executing again only what the selection needs', async () => {
    expect(TASKS).toHaveLength(IDS.length);
    let started = performance.now();
    const full = await buildBenchmark(TASKS, { oracle, seed: 20260510, candidateBudget: false });
    const fullMs = performance.now() - started;
    started = performance.now();
    const bounded = await buildBenchmark(TASKS, { oracle, seed: 20260510 });
    console.log(
      `budget test: without ${fullMs.toFixed(0)} ms, with ${(performance.now() - started).toFixed(0)} ms; ${JSON.stringify(bounded.report.execution)}`,
    );
    expect(serializeBuiltDataset(bounded)).toEqual(serializeBuiltDataset(full));
    const run = bounded.report.execution;
    expect(run.oracleTimeoutMs).toBe(1200);
    expect(run.budgeted).toBe(run.candidates);
    expect(run.exceeded).toBeGreaterThan(0);
    // Python candidates: a spent work limit is taken as a hang unless the candidate is chosen (then it is
    // executed again); one that ran out of time instead (how many depends on the machine's load) is resolved
    // when the selection needs it, or set aside.
    expect(run.assumedHanging).toBeGreaterThan(0);
    expect(run.assumedHanging + run.resolved + run.rerunChosen + run.setAside).toBeLessThanOrEqual(run.exceeded);
    expect(bounded.report.yield.total.executed).toBe(full.report.yield.total.executed);
    // Without a budget nothing is set aside, and the yield adds up as before.
    expect(full.report.execution).toMatchObject({
      budgeted: 0,
      exceeded: 0,
      assumedHanging: 0,
      resolved: 0,
      setAside: 0,
    });
    const t = full.report.yield.total;
    expect(t.executed).toBe(t.survived + t.kept);
  }, 300_000);

  it("records a chosen Python candidate's outcomes from an untraced run, as a build without a budget does", async () => {
    // MBPP 627's shape: a mutant (`!=` → `==`) recurses forever through a call of `int`; untraced the overflow is
    // raised while calling that builtin ("… while calling a Python object"), under the work limit's trace it is
    // raised in the trace call first, with the plain message. The dataset must hold the release's outcome.
    const task: Task = {
      id: 'probe_first_missing_01',
      domain: 'sorting_searching',
      query: 'Find the smallest natural number missing from a sorted list of distinct natural numbers.',
      function_name: 'first_missing',
      canonical: [
        'def first_missing(array, start, end):',
        '    if start > end:',
        '        return end + 1',
        '    if start != array[start]:',
        '        return start',
        '    mid = int((start + end) / 2)',
        '    if array[mid] == mid:',
        '        return first_missing(array, mid + 1, end)',
        '    return first_missing(array, start, mid)',
        '',
      ].join('\n'),
      tests: [
        'assert first_missing([0, 1, 2, 3], 0, 3) == 4',
        'assert first_missing([0, 1, 2, 6, 9], 0, 4) == 3',
        'assert first_missing([2, 3, 5, 8, 9], 0, 4) == 0',
      ],
    };
    const options = { oracle, seed: 20260510, minTests: 3, maxDistractors: 10 };
    const bounded = await buildBenchmark([task], options);
    const full = await buildBenchmark([task], { ...options, candidateBudget: false });
    const outcomes = bounded.executionCache.flatMap((r) => r.testResults);
    expect(outcomes).toContain('ERROR:RecursionError: maximum recursion depth exceeded while calling a Python object');
    expect(outcomes).not.toContain('ERROR:RecursionError: maximum recursion depth exceeded');
    expect(bounded.report.execution.untracedChosen).toBeGreaterThan(0);
    expect(serializeBuiltDataset(bounded)).toEqual(serializeBuiltDataset(full));
  }, 120_000);
});
