import { assembleReleaseRows, DEFAULT_TEST_SUITE_SIZE, type ReleaseDistractor } from '@execret/dataset';
import type { ExecutionCacheRecord } from '@execret/formats';
import { BUG_TYPES, type BugType } from '@execret/formats';
import { createOracle } from '@execret/oracle';
import type { BugCopiesReport } from './bug-copies/copies-report.js';
import { type CopyRowExtras, copyPool, poolDistractors } from './bug-copies/copy-pool.js';
import { makeBugCopies, type TaskCopies } from './bug-copies/make-copies.js';
import {
  type CandidateBudget,
  candidateTimeBudgetMs,
  candidateWorkLimit,
  checkCandidateBudget,
  DEFAULT_CANDIDATE_BUDGET,
} from './candidate-budget.js';
import { classifyResult } from './classify.js';
import { enumerateMutants, type TaskMutants } from './enumerate.js';
import { enumerateJsTaskMutants } from './enumerate-js.js';
import { GenerateError } from './errors.js';
import { formatGateReport, type GateReport, validateTasks } from './gates.js';
import type { PythonOptions } from './python.js';
import type { CorpusRecord, DistractorMetadataRecord, EditRecord, QueryMetadata, QueryRecord } from './records.js';
import { DEFAULT_BUILD_SEED, DEFAULT_MAX_DISTRACTORS, selectDistractors } from './select.js';
import { type ResolvingTask, selectResolving } from './select-resolving.js';
import { type StackedMutant, stackForTasks } from './stack.js';
import type { Edit, ExecutedMutant, ExecutionOracle, ExecutionResult, MutantCandidate, Task } from './types.js';
import { runJobs, verifyMutants } from './verify.js';
import { GENERATOR_NAME, GENERATOR_VERSION } from './version.js';
import { mutantYield, type YieldReport } from './yield.js';

/** Work limit of a measuring run of a canonical: high enough never to cut one (the release's timeout does first). */
const MEASURE_WORK = Number.MAX_SAFE_INTEGER;

/** Default minimum number of distractors a task needs to be included. */
export const DEFAULT_MIN_DISTRACTORS = 1;
/** Default number of edits per distractor (1 = single-edit mutants, as in the paper). */
export const DEFAULT_STACK_SIZE = 1;

/** Pipeline phases reported to `onProgress`. */
export type BuildPhase = 'gates' | 'enumerate' | 'execute' | 'stack' | 'copies';

/** Options of {@link buildBenchmark}. */
export interface BuildOptions extends PythonOptions {
  /**
   * Runs every snippet. Default: a fresh `createOracle({ python })` of `@execret/oracle` (default
   * sandbox, 5 s per suite), closed when the build ends. Pass your own to set its options or reuse it.
   */
  oracle?: ExecutionOracle;
  /** Base seed of the distractor choice (default `DEFAULT_BUILD_SEED`); written into every query's metadata. */
  seed?: string | number;
  /** Distractors per task, at most (default `DEFAULT_MAX_DISTRACTORS` = 4). */
  maxDistractors?: number;
  /** Tasks with fewer distractors are left out and reported (default {@link DEFAULT_MIN_DISTRACTORS}). */
  minDistractors?: number;
  /** Edits per distractor: 1 (default), or 2–4 for the stacking ablation. */
  stackSize?: number;
  /** What to do with tasks the gates reject: `'throw'` (default) or `'skip'` (leave out, report). */
  invalidTasks?: 'throw' | 'skip';
  /** Written as `metadata.generated_at` when given; the clock is never read (byte-identical rebuilds). */
  generatedAt?: string;
  /** Test-count bounds of the schema gate (defaults 7 and 10). */
  minTests?: number;
  maxTests?: number;
  /**
   * How much a candidate may run before the build stops waiting for it (default {@link DEFAULT_CANDIDATE_BUDGET};
   * `false`: every candidate under the oracle's timeout, as before). Needs an oracle that says its timeout
   * (`info.timeoutMs`) and takes `workLimit`/`timeoutMs` per job, as `createOracle()`'s does. See
   * {@link buildBenchmark} for what the dataset depends on.
   */
  candidateBudget?: CandidateBudget | false;
  /**
   * Propagated-bug pools: an integer k ≥ 2 (absent: the standard build, byte for byte). Each included task's pool
   * holds its canonical, one chosen distractor with k − 1 cosmetic copies of it verified by execution, and at most
   * k − 1 other distractors, so the copied behaviour is a strict majority of the distractors. See
   * {@link buildBenchmark}.
   */
  bugCopies?: number;
  onProgress?: (event: { phase: BuildPhase; done: number; total: number }) => void;
}

/** Per-task outcome of a build. */
export interface BuildTaskOutcome {
  taskId: string | null;
  index: number;
  status: 'built' | 'rejected' | 'too_few_distractors' | 'too_few_copies';
  queryId?: string;
  distractors: number;
  /** Single mutants that fail at least one test (0 for rejected tasks). */
  keptMutants: number;
  /** Bug types with at least one kept (test-failing) single mutant, in `BUG_TYPES` order. */
  keptBugTypes: BugType[];
  /** Why the task is not in the dataset. */
  reason?: string;
}

/** How the candidates were executed (see `BuildOptions.candidateBudget`). */
export interface BuildExecutionReport {
  /** The budget asked for (`false`: none), and the oracle's timeout it was bounded by (null: unknown). */
  candidateBudget: CandidateBudget | false;
  oracleTimeoutMs: number | null;
  /** Candidates executed (status `ok`). */
  candidates: number;
  /** Of which executed under a budget shorter than the oracle's timeout. */
  budgeted: number;
  /** Of which a budget cut short (a work limit spent, or a `TIMEOUT` under a time budget). */
  exceeded: number;
  /** Python candidates that spent their work limit before failing an assert, not chosen: taken to hang (crash). */
  assumedHanging: number;
  /** Candidates that ran out of time (not work) before failing an assert and whose class the selection read: executed again under the oracle's timeout. */
  resolved: number;
  /** Chosen candidates a budget had cut short: executed again under the oracle's timeout for their outcomes. */
  rerunChosen: number;
  /**
   * Chosen Python candidates that finished under their work limit, i.e. traced: executed again without a trace for
   * the outcomes the release records (a trace can change an outcome, e.g. a deep recursion's error).
   */
  untracedChosen: number;
  /** Of those, how many had another class than the one the selection read (it then ran again). */
  changedOnRerun: number;
  /** Candidates that ran out of time and whose class was never read: not executed again (`yield.total.setAside`). */
  setAside: number;
}

/** Everything about a build besides the records. */
export interface BuildReport {
  generator: string;
  generatorVersion: string;
  seed: string | number;
  maxDistractors: number;
  minDistractors: number;
  stackSize: number;
  /** The schema gate's test-count bounds the build used (defaults 7 and 10, the release's rule). */
  minTests: number;
  maxTests: number;
  gates: GateReport;
  /** Single-edit mutant yield per bug type (`chosen` counts single-edit distractors only). */
  yield: YieldReport;
  execution: BuildExecutionReport;
  tasks: BuildTaskOutcome[];
  /** Propagated-bug builds only (`bugCopies`): copies made, rewrite kinds, verification failures. */
  bugCopies?: BugCopiesReport;
}

/** A built dataset in the release format (SPEC section 2) plus its report. */
export interface BuiltDataset {
  corpus: CorpusRecord[];
  queries: QueryRecord[];
  distractorMetadata: DistractorMetadataRecord[];
  executionCache: ExecutionCacheRecord[];
  report: BuildReport;
}

interface Distractor {
  code: string;
  bugType: string;
  edits: (Edit & { bugType: BugType; operator: string })[];
  result: ExecutionResult;
  failure: 'output' | 'crash';
}

function fromSingle(m: ExecutedMutant): Distractor {
  return {
    code: m.code,
    bugType: m.bugType,
    edits: [{ ...m.edit, bugType: m.bugType, operator: m.operator }],
    result: m.result,
    failure: m.failure === 'output' ? 'output' : 'crash',
  };
}

function fromStack(s: StackedMutant): Distractor {
  return { code: s.code, bugType: 'stacked', edits: s.edits, result: s.result, failure: s.failure };
}

/** What a distractor adds to its `distractor_metadata.jsonl` row: its edits (and, for a copy, how it was made). */
type DistractorRowExtras = { edits: EditRecord[] } & CopyRowExtras;

function releaseDistractor(d: Distractor): ReleaseDistractor<{ edits: EditRecord[] }> {
  return {
    code: d.code,
    bugType: d.bugType,
    result: d.result,
    failure: d.failure,
    metadata: { edits: d.edits.map(editRecord) },
  };
}

function editRecord(e: Edit & { bugType: BugType; operator: string }): EditRecord {
  return {
    bug_type: e.bugType,
    operator: e.operator,
    line: e.line,
    col_start: e.colStart,
    end_line: e.endLine,
    col_end: e.colEnd,
    before: e.before,
    after: e.after,
  };
}

/** Lexicographic order of two ascending candidate-index lists (stacked distractors by position). */
function compareIndexLists(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

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

/**
 * Enumerates each task with its language's engine, results in input order: Python tasks in one call of
 * the mutation script, JavaScript and TypeScript tasks with `enumerateJsTaskMutants`.
 */
async function enumerateByLanguage(
  tasks: readonly Task[],
  python: PythonOptions,
  onTasksDone: (done: number) => void,
): Promise<TaskMutants[]> {
  const out: TaskMutants[] = new Array(tasks.length);
  const pythonAt: number[] = [];
  let done = 0;
  tasks.forEach((task, i) => {
    const language = task.language ?? 'python';
    if (language === 'python') {
      pythonAt.push(i);
      return;
    }
    out[i] = enumerateJsTaskMutants([task], language)[0]!;
    done += 1;
    if (done < tasks.length) onTasksDone(done);
  });
  if (pythonAt.length > 0) {
    const enumerated = await enumerateMutants(
      pythonAt.map((i) => tasks[i]!),
      python,
    );
    pythonAt.forEach((i, k) => {
      out[i] = enumerated[k]!;
    });
  }
  return out;
}

function validateBuildOptions(options: BuildOptions): void {
  const maxDistractors = options.maxDistractors ?? DEFAULT_MAX_DISTRACTORS;
  const minDistractors = options.minDistractors ?? DEFAULT_MIN_DISTRACTORS;
  const stackSize = options.stackSize ?? DEFAULT_STACK_SIZE;
  if (options.oracle !== undefined && typeof options.oracle?.runMany !== 'function') {
    throw new TypeError(
      '@execret/generate buildBenchmark: options.oracle must have a runMany method (e.g. createOracle() of @execret/oracle)',
    );
  }
  if (!Number.isInteger(maxDistractors) || maxDistractors < 1)
    throw new RangeError(
      `@execret/generate buildBenchmark: maxDistractors must be a positive integer, received ${maxDistractors}`,
    );
  if (!Number.isInteger(minDistractors) || minDistractors < 0 || minDistractors > maxDistractors)
    throw new RangeError(
      `@execret/generate buildBenchmark: minDistractors must be an integer in 0..maxDistractors, received ${minDistractors}`,
    );
  if (!Number.isInteger(stackSize) || stackSize < 1 || stackSize > 4)
    throw new RangeError(`@execret/generate buildBenchmark: stackSize must be 1, 2, 3 or 4, received ${stackSize}`);
  if (options.bugCopies !== undefined && (!Number.isInteger(options.bugCopies) || options.bugCopies < 2))
    throw new RangeError(
      `@execret/generate buildBenchmark: bugCopies must be an integer ≥ 2 (or absent), received ${String(options.bugCopies)}`,
    );
  checkCandidateBudget(options.candidateBudget);
}

async function buildWith(
  tasks: readonly unknown[],
  options: BuildOptions,
  oracle: ExecutionOracle,
): Promise<BuiltDataset> {
  const seed = options.seed ?? DEFAULT_BUILD_SEED;
  const minTests = options.minTests ?? DEFAULT_TEST_SUITE_SIZE.min;
  const maxTests = options.maxTests ?? DEFAULT_TEST_SUITE_SIZE.max;
  const maxDistractors = options.maxDistractors ?? DEFAULT_MAX_DISTRACTORS;
  const minDistractors = options.minDistractors ?? DEFAULT_MIN_DISTRACTORS;
  const stackSize = options.stackSize ?? DEFAULT_STACK_SIZE;
  const python = {
    ...(options.python ? { python: options.python } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const progress =
    (phase: BuildPhase) =>
    (done: number, total: number): void =>
      options.onProgress?.({ phase, done, total });

  // 1. gates
  const gates = await validateTasks(tasks, {
    ...python,
    oracle,
    minTests,
    maxTests,
    onProgress: progress('gates'),
  });
  if (!gates.ok && (options.invalidTasks ?? 'throw') === 'throw') {
    throw new GenerateError(
      'invalid-tasks',
      `@execret/generate buildBenchmark: the validation gates rejected ${gates.counts.invalid} of ${gates.counts.tasks} tasks (pass invalidTasks: 'skip' to leave them out):\n${formatGateReport(gates)}`,
    );
  }
  const valid = gates.tasks.filter((r) => r.ok).map((r) => ({ task: tasks[r.index] as Task, gate: r }));

  // 2. enumerate: Python tasks with the Python engine (one call), JavaScript/TypeScript with @execret/mutate-js
  options.onProgress?.({ phase: 'enumerate', done: 0, total: valid.length });
  const enumerated = await enumerateByLanguage(
    valid.map((v) => v.task),
    python,
    (done) => options.onProgress?.({ phase: 'enumerate', done, total: valid.length }),
  );
  options.onProgress?.({ phase: 'enumerate', done: valid.length, total: valid.length });
  const candidates: MutantCandidate[][] = enumerated.map((e) => (e.status === 'ok' ? e.candidates : []));

  // 3. execute, each candidate under its task's budget (see candidate-budget.ts)
  const budget = options.candidateBudget ?? DEFAULT_CANDIDATE_BUDGET;
  const fullMs = oracle.info?.timeoutMs;
  const isPython = valid.map((v) => (v.task.language ?? 'python') === 'python');
  // The canonicals' line events (Python), measured once per task: a work limit is the same on every machine.
  const workLimits: (number | undefined)[] = valid.map(() => undefined);
  const timeBudgets: (number | undefined)[] = valid.map(() => undefined);
  if (budget !== false && fullMs !== undefined) {
    const measured = valid.flatMap((_v, i) => (isPython[i] ? [i] : []));
    const canonicals = await runJobs(
      oracle,
      measured.map((i) => ({ code: valid[i]!.task.canonical, tests: valid[i]!.task.tests, workLimit: MEASURE_WORK })),
    );
    measured.forEach((i, k) => {
      // Only a canonical that passed in full under tracing gives its count (tracing slows pure-Python loops
      // ~5×: one that ran out of time has no budget, and its candidates run under the release's rule).
      const { work, workLimited, tests, durationMs } = canonicals[k]!;
      if (work !== undefined && !workLimited && tests.every((t) => t === 'pass')) {
        workLimits[i] = candidateWorkLimit(work, budget);
        // And a time budget from the traced canonical's time, for what the work count does not see (C-level
        // loops) and for candidates tracing makes slow: running out of it only makes a candidate's class unknown.
        timeBudgets[i] = candidateTimeBudgetMs(durationMs ?? 0, budget, fullMs);
      }
    });
    valid.forEach((v, i) => {
      if (!isPython[i]) timeBudgets[i] = candidateTimeBudgetMs(v.gate.canonicalResult?.durationMs ?? 0, budget, fullMs);
    });
  }
  const executedRaw = await verifyMutants(
    valid.map((v, i) => ({
      task: v.task,
      candidates: candidates[i]!,
      ...(workLimits[i] !== undefined ? { workLimit: workLimits[i] } : {}),
      ...(timeBudgets[i] !== undefined ? { timeoutMs: timeBudgets[i] } : {}),
    })),
    { oracle, onProgress: progress('execute') },
  );
  let budgeted = 0;
  valid.forEach((_, i) => {
    if (workLimits[i] !== undefined || timeBudgets[i] !== undefined) budgeted += executedRaw[i]!.length;
  });
  // What a budget cut short. A Python candidate that spent its work limit before failing an assert is taken to
  // hang (class crash: what the release's timeout gives a loop that never ends). One that ran out of time
  // (traced, Python: tracing slows it; JavaScript: under its time budget) is unknown until executed under the
  // release's rule, which happens only if the selection reads its class. One that failed an assert before
  // being cut is known to fail (output). Chosen ones that were cut are executed again under the release's
  // rule, for their recorded outcomes.
  const cutShort = executedRaw.map(
    (list, i) =>
      new Set(
        list.flatMap((m, k) =>
          (workLimits[i] !== undefined || timeBudgets[i] !== undefined) &&
          (m.result.workLimited || m.result.tests.includes('TIMEOUT'))
            ? [k]
            : [],
        ),
      ),
  );
  const exceeded = cutShort.reduce((n, set) => n + set.size, 0);
  // Results a trace produced (Python under a work limit): tracing can change an outcome — a trace call is one more
  // frame, so a deep recursion fails earlier or with another message — so the release records a chosen candidate's
  // outcomes from an untraced run only. Emptied as candidates are executed under the release's rule.
  const traced = executedRaw.map((list, i) => new Set(workLimits[i] !== undefined ? list.map((_, k) => k) : []));
  const resolving: ResolvingTask[] = valid.map((v, i) => ({
    taskId: v.task.id,
    mutants: [...executedRaw[i]!],
    unresolved: new Set(
      [...cutShort[i]!].filter(
        (k) => !executedRaw[i]![k]!.result.workLimited && executedRaw[i]![k]!.failure !== 'output',
      ),
    ),
  }));
  let resolved = 0;
  let rerunChosen = 0;
  let untracedChosen = 0;
  let changedOnRerun = 0;
  /** Executes mutants again under the oracle's timeout, in one batch, puts them in place; returns how many changed class. */
  const executeFully = async (items: readonly { task: number; mutant: number }[]): Promise<number> => {
    if (items.length === 0) return 0;
    const jobs = items.map(({ task, mutant }) => {
      const language = valid[task]!.task.language;
      return {
        code: resolving[task]!.mutants[mutant]!.code,
        tests: valid[task]!.task.tests,
        ...(language !== undefined ? { language } : {}),
      };
    });
    const results = await runJobs(oracle, jobs);
    let changed = 0;
    items.forEach(({ task, mutant }, j) => {
      const t = resolving[task]!;
      const before = t.mutants[mutant]!;
      const failure = classifyResult(results[j]!);
      if (!t.unresolved.has(mutant) && failure !== before.failure) changed += 1;
      t.mutants[mutant] = { ...before, result: results[j]!, failure };
      t.unresolved.delete(mutant);
      cutShort[task]!.delete(mutant);
      traced[task]!.delete(mutant);
    });
    return changed;
  };

  // 4. choose
  let singles: ExecutedMutant[][];
  let chosen: Distractor[][];
  if (stackSize === 1) {
    for (;;) {
      singles = await selectResolving(resolving, { seed, maxDistractors }, async (needed) => {
        resolved += needed.length;
        await executeFully(needed);
      });
      // Chosen candidates a budget cut short or that ran traced: their outcomes under the release's rule, for the
      // records. If one's class is not the one the selection read (a Python candidate that only looked like a
      // hang, or one a trace made fail), the selection runs again on the corrected classes.
      const cut = singles.flatMap((list, task) =>
        list.flatMap((m) => {
          const mutant = resolving[task]!.mutants.findIndex((x) => x.index === m.index);
          return cutShort[task]!.has(mutant) || traced[task]!.has(mutant) ? [{ task, mutant }] : [];
        }),
      );
      rerunChosen += cut.filter(({ task, mutant }) => cutShort[task]!.has(mutant)).length;
      untracedChosen += cut.filter(({ task, mutant }) => !cutShort[task]!.has(mutant)).length;
      const changed = await executeFully(cut);
      changedOnRerun += changed;
      if (changed === 0) break;
    }
    singles = singles.map((list, task) =>
      list.map((m) => resolving[task]!.mutants.find((x) => x.index === m.index) as ExecutedMutant),
    );
    chosen = singles.map((list) => list.map(fromSingle));
  } else {
    // Stacking combines any kept mutants: every class and every full outcome is needed.
    const all = cutShort.flatMap((set, task) => [...set].map((mutant) => ({ task, mutant })));
    resolved = all.length;
    await executeFully(all);
    singles = resolving.map((t) => selectDistractors(t.taskId, t.mutants, { seed, maxDistractors }));
    const stacks = await stackForTasks(
      valid.map((v, i) => ({ task: v.task, mutants: resolving[i]!.mutants })),
      stackSize,
      maxDistractors,
      { ...python, oracle, seed, onProgress: progress('stack') },
    );
    chosen = stacks.map((s) =>
      [...s.stacks].sort((x, y) => compareIndexLists(x.components, y.components)).map(fromStack),
    );
  }
  // The mutants whose class is known; the others were set aside.
  const executed = resolving.map((t) => t.mutants.filter((_, k) => !t.unresolved.has(k)));
  const setAside = resolving.map((t) => [...t.unresolved].map((k) => t.mutants[k]!));
  const execution: BuildExecutionReport = {
    candidateBudget: budget === false ? false : { ...budget },
    oracleTimeoutMs: fullMs ?? null,
    candidates: executedRaw.reduce((n, list) => n + list.length, 0),
    budgeted,
    exceeded,
    assumedHanging: executed.reduce(
      (n, list, i) =>
        n + list.filter((m) => cutShort[i]!.has(resolving[i]!.mutants.indexOf(m)) && m.failure === 'crash').length,
      0,
    ),
    resolved,
    rerunChosen,
    untracedChosen,
    changedOnRerun,
    setAside: setAside.reduce((n, list) => n + list.length, 0),
  };

  // 4b. propagated-bug pools (bugCopies only): one chosen distractor per task copied k − 1 times, verified by execution
  const copies: (TaskCopies | undefined)[] = valid.map(() => undefined);
  let bugCopiesReport: BugCopiesReport | undefined;
  if (options.bugCopies !== undefined) {
    const eligible = valid.flatMap((_, i) => (chosen[i]!.length >= Math.max(1, minDistractors) ? [i] : []));
    const made = await makeBugCopies(
      eligible.map((i) => ({ task: valid[i]!.task, distractors: chosen[i]! })),
      { ...python, oracle, copies: options.bugCopies, seed, onProgress: progress('copies') },
    );
    eligible.forEach((i, e) => {
      copies[i] = made.tasks[e];
    });
    bugCopiesReport = made.report;
  }

  // 5. assemble
  const outcomes: BuildTaskOutcome[] = gates.tasks.map((r) =>
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
  const included = valid
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
        ...(options.generatedAt !== undefined ? { generated_at: options.generatedAt } : {}),
        ...(options.bugCopies !== undefined ? { bug_copies: options.bugCopies } : {}),
        // Only bounds other than the release's rule are written (the default build's rows stay as they were).
        ...(minTests !== DEFAULT_TEST_SUITE_SIZE.min || maxTests !== DEFAULT_TEST_SUITE_SIZE.max
          ? { min_tests: minTests, max_tests: maxTests }
          : {}),
      },
    })),
  );
  included.forEach((v, q) => {
    const row = rows.queries[q]!;
    outcomes[v.gate.index]!.queryId = row.query_id;
    const copied = copies[v.i];
    // Ids are assigned by assembleReleaseRows: name the copied distractor now that it has one.
    if (copied?.status === 'copied') {
      const at = copyPool(v.distractors, copied).originalAt;
      row.metadata = { ...row.metadata, copied_corpus_id: row.paired_distractor_corpus_ids[at]! };
    }
  });

  const yieldReport = mutantYield(
    valid.map((_, i) => ({
      candidates: candidates[i]!,
      executed: executed[i]!,
      setAside: setAside[i]!,
      chosen: stackSize === 1 ? chosenSingles(singles[i]!, copies[i]) : [],
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
      seed,
      maxDistractors,
      minDistractors,
      stackSize,
      minTests,
      maxTests,
      gates,
      yield: yieldReport,
      execution,
      tasks: outcomes,
      ...(bugCopiesReport !== undefined ? { bugCopies: bugCopiesReport } : {}),
    },
  };
}

/** The chosen single mutants that are in the dataset: all of them, or with copies the distinct ones of the pool. */
function chosenSingles(chosen: ExecutedMutant[], copied: TaskCopies | undefined): ExecutedMutant[] {
  if (copied === undefined) return chosen;
  return copied.status === 'copied' ? copyPool(chosen, copied).distinct : [];
}
