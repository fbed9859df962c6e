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
});
