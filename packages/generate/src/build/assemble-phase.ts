/**
 * The assemble phase of `buildBenchmark`: the release's records (ids, query metadata, execution cache) and the
 * build's report (per-task outcomes, execution, yield, copies).
 */

import { assembleReleaseRows, DEFAULT_TEST_SUITE_SIZE, type ReleaseRows } from '@execret/dataset';
import { BUG_TYPES } from '@execret/formats';
import { copyPool, poolDistractors } from '../bug-copies/copy-pool.js';
import type { TaskCopies } from '../bug-copies/make-copies.js';
import type { GateReport } from '../gates.js';
import type { QueryMetadata } from '../records.js';
import type { ExecutedMutant, MutantCandidate } from '../types.js';
import { GENERATOR_NAME, GENERATOR_VERSION } from '../version.js';
import { mutantYield } from '../yield.js';
import type { BuildTaskOutcome, BuiltDataset } from './build-result.js';
import type { BuildRun, ValidTask } from './build-run.js';
import { type CandidateExecutions, classifiedMutants, executionReport } from './candidate-executions.js';
import type { Choice } from './choose-phase.js';
import type { CopiesPhaseResult } from './copies-phase.js';
import { type Distractor, type DistractorRowExtras, releaseDistractor } from './distractor.js';

/** What the earlier phases produced, per task in task order where it is per task. */
export interface AssembleInput {
  gates: GateReport;
  valid: readonly ValidTask[];
  candidates: readonly MutantCandidate[][];
  executions: CandidateExecutions;
  choice: Choice;
  copies: CopiesPhaseResult;
}

/**
 * Assembles the records and the report. Tasks keep input order; a task with fewer than `minDistractors`
 * distractors (`too_few_distractors`), or whose copies fell short (`too_few_copies`), is left out and reported.
 * Ids are assigned by `assembleReleaseRows`; a propagated-bug pool's query then names its copied distractor
 * (`copied_corpus_id`).
 *
 * @example
 * const built = runAssemblePhase(run, { gates, valid, candidates, executions, choice, copies });
 * built.report.tasks.filter((t) => t.status === 'built').length === built.queries.length; // true
 */
export function runAssemblePhase(run: BuildRun, input: AssembleInput): BuiltDataset {
  const { settings } = run;
  const { gates, valid, candidates, executions } = input;
  const { singles, chosen } = input.choice;
  const { copies, report: bugCopiesReport } = input.copies;
  const { executed, setAside } = classifiedMutants(executions);
  const outcomes = taskOutcomes(gates);
  const included = includedTasks(run, { valid, chosen, executed, copies }, outcomes);
  const rows = releaseRows(run, included, copies);
  included.forEach((v, q) => {
    outcomes[v.gate.index]!.queryId = rows.queries[q]!.query_id;
  });
  const yieldReport = mutantYield(
    valid.map((_, i) => ({
      candidates: candidates[i]!,
      executed: executed[i]!,
      setAside: setAside[i]!,
      chosen: settings.stackSize === 1 ? chosenSingles(singles[i]!, copies[i]) : [],
    })),
  );
  return {
    corpus: rows.corpus,
    queries: rows.queries,
    distractorMetadata: rows.distractorMetadata,
    executionCache: rows.executionCache,
    report: {
      generator: GENERATOR_NAME,
      generatorVersion: GENERATOR_VERSION,
      seed: settings.seed,
      maxDistractors: settings.maxDistractors,
      minDistractors: settings.minDistractors,
      stackSize: settings.stackSize,
      minTests: settings.minTests,
      maxTests: settings.maxTests,
      gates,
      yield: yieldReport,
      execution: executionReport(executions, settings.budget, run.oracle.info?.timeoutMs),
      tasks: outcomes,
      ...(bugCopiesReport !== undefined ? { bugCopies: bugCopiesReport } : {}),
    },
  };
}

/** An accepted task that goes into the dataset: `i` is its position among the accepted tasks. */
interface IncludedTask extends ValidTask {
  i: number;
  distractors: Distractor[];
}

/** Every task's outcome as the gates left it: `built` (for now) or `rejected` with the gates' issues. */
function taskOutcomes(gates: GateReport): BuildTaskOutcome[] {
  return gates.tasks.map((r) =>
    r.ok
      ? { taskId: r.taskId, index: r.index, status: 'built', distractors: 0, keptMutants: 0, keptBugTypes: [] }
      : {
          taskId: r.taskId,
          index: r.index,
          status: 'rejected',
          distractors: 0,
          keptMutants: 0,
          keptBugTypes: [],
          reason: r.issues.map((i) => `[${i.gate}/${i.code}] ${i.message}`).join('; '),
        },
  );
}

/**
 * The accepted tasks that go into the dataset, in order; each accepted task's outcome gets its counts, and those
 * left out (`too_few_distractors`, `too_few_copies`) their status and reason.
 */
function includedTasks(
  run: BuildRun,
  phases: {
    valid: readonly ValidTask[];
    chosen: readonly Distractor[][];
    executed: readonly ExecutedMutant[][];
    copies: readonly (TaskCopies | undefined)[];
  },
  outcomes: BuildTaskOutcome[],
): IncludedTask[] {
  const { minDistractors } = run.settings;
  const { valid, chosen, executed, copies } = phases;
  return valid
    .map((v, i) => ({ ...v, i, distractors: chosen[i]! }))
    .filter((v) => {
      const { i } = v;
      const outcome = outcomes[v.gate.index]!;
      outcome.distractors = v.distractors.length;
      const keptList = executed[i]!.filter((m) => m.failure !== 'survived');
      const kept = new Set(keptList.map((m) => m.bugType));
      outcome.keptMutants = keptList.length;
      outcome.keptBugTypes = BUG_TYPES.filter((t) => kept.has(t));
      if (v.distractors.length < minDistractors) {
        outcome.status = 'too_few_distractors';
        outcome.reason = `${v.distractors.length} distractor(s) fail a test; at least ${minDistractors} required`;
        return false;
      }
      const copied = copies[i];
      if (copied?.status === 'too_few_copies') {
        outcome.status = 'too_few_copies';
        outcome.reason = copied.reason;
        return false;
      }
      if (copied?.status === 'copied') outcome.distractors = 1 + copied.kept.length + copied.copies.length;
      return true;
    });
}

/** The release rows of the included tasks (`assembleReleaseRows`), with each query's metadata. */
function releaseRows(
  run: BuildRun,
  included: readonly IncludedTask[],
  copies: readonly (TaskCopies | undefined)[],
): ReleaseRows<QueryMetadata, DistractorRowExtras> {
  const { seed, stackSize, minTests, maxTests, bugCopies, generatedAt } = run.settings;
  const rows = assembleReleaseRows<QueryMetadata, DistractorRowExtras>(
    included.map((v) => ({
      taskId: v.task.id,
      domain: v.task.domain,
      ...(v.task.language !== undefined && v.task.language !== 'python' ? { language: v.task.language } : {}),
      query: v.task.query,
      tests: v.task.tests,
      canonical: v.task.canonical,
      canonicalResult: v.gate.canonicalResult!,
      distractors: poolDistractors(v.distractors, copies[v.i], releaseDistractor),
      metadata: {
        generator: GENERATOR_NAME,
        generator_version: GENERATOR_VERSION,
        seed,
        task_id: v.task.id,
        domain: v.task.domain,
        function_name: v.task.function_name,
        stack_size: stackSize,
        ...(generatedAt !== undefined ? { generated_at: generatedAt } : {}),
        ...(bugCopies !== undefined ? { bug_copies: bugCopies } : {}),
        // Only bounds other than the release's rule are written (the default build's rows stay as they were).
        ...(minTests !== DEFAULT_TEST_SUITE_SIZE.min || maxTests !== DEFAULT_TEST_SUITE_SIZE.max
          ? { min_tests: minTests, max_tests: maxTests }
          : {}),
      },
    })),
  );
  included.forEach((v, q) => {
    const copied = copies[v.i];
    // Ids are assigned by assembleReleaseRows: name the copied distractor now that it has one.
    if (copied?.status === 'copied') {
      const row = rows.queries[q]!;
      const at = copyPool(v.distractors, copied).originalAt;
      row.metadata = { ...row.metadata, copied_corpus_id: row.paired_distractor_corpus_ids[at]! };
    }
  });
  return rows;
}

/** The chosen single mutants that are in the dataset: all of them, or with copies the distinct ones of the pool. */
function chosenSingles(chosen: ExecutedMutant[], copied: TaskCopies | undefined): ExecutedMutant[] {
  if (copied === undefined) return chosen;
  return copied.status === 'copied' ? copyPool(chosen, copied).distinct : [];
}
