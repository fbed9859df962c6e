/**
 * `buildBenchmark`: tasks in, an ExecRetrieval-style dataset out. Its phases run in order, each in its own file
 * under `build/`: gates, enumerate, execute, choose, copies (propagated-bug pools only), assemble.
 */

import { createOracle } from '@execret/oracle';
import { runAssemblePhase } from './build/assemble-phase.js';
import { type BuildOptions, validateBuildOptions } from './build/build-options.js';
import type { BuiltDataset } from './build/build-result.js';
import { createBuildRun } from './build/build-run.js';
import { runChoosePhase } from './build/choose-phase.js';
import { runCopiesPhase } from './build/copies-phase.js';
import { runEnumeratePhase } from './build/enumerate-phase.js';
import { runExecutePhase } from './build/execute-phase.js';
import { runGatesPhase } from './build/gates-phase.js';
import type { ExecutionOracle } from './types.js';

/**
 * Builds an ExecRetrieval-style dataset from tasks (docs/formats.md "Test-task input"; any values
 * are accepted, the schema gate checks them):
 * 1. runs the validation gates (`validateTasks`, with the oracle); rejected tasks throw
 *    `GenerateError('invalid-tasks')` with the formatted report, or are skipped (`invalidTasks: 'skip'`);
 * 2. enumerates single-edit mutants of every valid canonical with its language's engine
 *    (`enumerateMutants` for Python; `enumerateJsMutants` of `@execret/mutate-js` for tasks with
 *    `language: 'javascript'` or `'typescript'`), so one build may mix languages;
 * 3. executes every `ok` candidate against its task's tests in one oracle batch (`verifyMutants`;
 *    each job carries its task's `language`, which the oracle dispatches on);
 * 4. chooses up to `maxDistractors` per task (`selectDistractors`: seeded, bug-type diversity first,
 *    output failures before crashes) or, with `stackSize` k ≥ 2, up to `maxDistractors` stacked
 *    mutants of k line-disjoint edits each (`stackMutants`);
 * 5. assembles the records. Tasks keep input order; each included task gets `q_NNNN` (1-based) and
 *    `entry_id` `exec_<domain>_<n>` (n counts the domain's included tasks from 1); corpus ids
 *    `c_NNNN` run over tasks in order, canonical first, then its distractors by position in the code,
 *    so a canonical always has the lowest id of its group. Ids have at least four digits. The
 *    execution cache holds the canonical's and each distractor's run against its own query's tests.
 *    Rows of a JavaScript/TypeScript task (query, corpus and execution-cache lines) carry its
 *    `language`; Python rows never do, so Python builds are byte-identical to before.
 * The result depends only on the tasks, the options and the oracle's outcomes: no clock, no
 * environment. Tasks with fewer than `minDistractors` distractors are left out and reported.
 *
 * Step 3 runs each candidate under a budget (`candidateBudget`) instead of the oracle's whole timeout, and
 * the dataset still does not depend on the machine's speed: a Python candidate is bounded by a *work* limit
 * (line events, a multiple of its canonical's count: the same on every machine) and one that spends it
 * before failing an assert is taken to hang (class crash, what the release's timeout gives a loop that
 * never ends); a candidate that runs out of *time* instead (a JavaScript candidate under its time budget, a
 * Python one slowed by tracing or looping in C) has an unknown class, and is executed again under the
 * oracle's timeout as soon as the selection reads its bug type's lists (`selectResolving`), so the selection
 * reads only classes a full execution gives, or the work rule. Every chosen candidate a budget cut short is
 * executed again under the oracle's timeout for its recorded outcomes (if its class then differs from the
 * one the selection read, the selection runs again). So the same tasks and seed give the same files on any
 * machine that runs a canonical's traced lines within the timeout; they equal an unbudgeted build's unless
 * a Python candidate spends its work limit and would still finish within the timeout (a mutant 1,000 times
 * its canonical's work: none in the mini tasks or HumanEval).
 *
 * With `bugCopies` k (propagated-bug pools), after step 4 each task with at least `max(1, minDistractors)` chosen
 * distractors gets k − 1 cosmetic copies of one of them (`makeBugCopies`: the seeded copy order prefers wrong answers
 * without a timeout; rewrites by `python/rewrite.py` or `rewriteJsCosmetic` of `@execret/mutate-js`; each copy run
 * against the tests — every outcome string equal to its original's — and beside its original on probe inputs derived
 * from the tests — every one agreeing; the next distractor is tried when one gives too few). Its pool is then the
 * canonical, the distinct distractors that stay (the copied one and at most k − 1 others, seeded: `keptOthers`) by
 * position in the code, then the copies, ids in that order; copies carry their original's `bug_type`. A task that
 * gets too few verified copies from every distractor is left out (`too_few_copies`). The query's metadata gains
 * `bug_copies` and `copied_corpus_id`; each copy's metadata row `copy_of`, `copy_kinds`, `copy_verification`
 * (docs/formats.md); `report.bugCopies` counts copies, kinds and drops; `yield.total.chosen` counts the distinct
 * distractors in the dataset. Without `bugCopies` nothing of this runs.
 *
 * @example
 * const oracle = await createOracle()            // from @execret/oracle
 * const built = await buildBenchmark(tasks, { oracle, seed: 1 })
 * await writeBuiltDataset('out/mini', built)     // data/corpus.jsonl, data/queries.jsonl, …
 * built.report.yield.total.chosen                // distractors in the dataset
 */
export async function buildBenchmark(tasks: readonly unknown[], options: BuildOptions = {}): Promise<BuiltDataset> {
  validateBuildOptions(options);
  if (options.oracle) return await buildWith(tasks, options, options.oracle);
  const oracle = await createOracle(options.python ? { python: options.python } : {});
  try {
    return await buildWith(tasks, options, oracle);
  } finally {
    await oracle.close();
  }
}

async function buildWith(
  tasks: readonly unknown[],
  options: BuildOptions,
  oracle: ExecutionOracle,
): Promise<BuiltDataset> {
  const run = createBuildRun(options, oracle);
  const { gates, valid } = await runGatesPhase(run, tasks);
  const candidates = await runEnumeratePhase(run, valid);
  const executions = await runExecutePhase(run, valid, candidates);
  const choice = await runChoosePhase(run, valid, executions);
  const copies = await runCopiesPhase(run, valid, choice.chosen);
  return runAssemblePhase(run, { gates, valid, candidates, executions, choice, copies });
}
