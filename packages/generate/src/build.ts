import { passesAllTests } from './classify.js';
import { enumerateMutants } from './enumerate.js';
import { GenerateError } from './errors.js';
import { formatGateReport, validateTasks, type GateReport } from './gates.js';
import { codeSha256, createOracle, testsSha256 } from '@execret/oracle';
import type { PythonOptions } from './python.js';
import type { CorpusRecord, DistractorMetadataRecord, EditRecord, ExecutionCacheRecord, QueryRecord } from './records.js';
import { DEFAULT_MAX_DISTRACTORS, DEFAULT_SEED, selectDistractors } from './select.js';
import { stackForTasks, type StackedMutant } from './stack.js';
import { BUG_TYPES, type BugType, type Edit, type ExecutedMutant, type ExecutionOracle, type ExecutionResult, type MutantCandidate, type Task } from './types.js';
import { GENERATOR_NAME, GENERATOR_VERSION } from './version.js';
import { verifyMutants } from './verify.js';
import { mutantYield, type YieldReport } from './yield.js';

/** Default minimum number of distractors a task needs to be included. */
export const DEFAULT_MIN_DISTRACTORS = 1;
/** Default number of edits per distractor (1 = single-edit mutants, as in the paper). */
export const DEFAULT_STACK_SIZE = 1;

/** Pipeline phases reported to `onProgress`. */
export type BuildPhase = 'gates' | 'enumerate' | 'execute' | 'stack';

/** Options of {@link buildBenchmark}. */
export interface BuildOptions extends PythonOptions {
  /**
   * Runs every snippet. Default: a fresh `createOracle({ python })` of `@execret/oracle` (default
   * sandbox, 5 s per suite), closed when the build ends. Pass your own to set its options or reuse it.
   */
  oracle?: ExecutionOracle;
  /** Base seed of the distractor choice (default `DEFAULT_SEED`); written into every query's metadata. */
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
  onProgress?: (event: { phase: BuildPhase; done: number; total: number }) => void;
}

/** Per-task outcome of a build. */
export interface BuildTaskOutcome {
  taskId: string | null;
  index: number;
  status: 'built' | 'rejected' | 'too_few_distractors';
  queryId?: string;
  distractors: number;
  /** Single mutants that fail at least one test (0 for rejected tasks). */
  keptMutants: number;
  /** Bug types with at least one kept (test-failing) single mutant, in `BUG_TYPES` order. */
  keptBugTypes: BugType[];
  /** Why the task is not in the dataset. */
  reason?: string;
}

/** Everything about a build besides the records. */
export interface BuildReport {
  generator: string;
  generatorVersion: string;
  seed: string | number;
  maxDistractors: number;
  minDistractors: number;
  stackSize: number;
  gates: GateReport;
  /** Single-edit mutant yield per bug type (`chosen` counts single-edit distractors only). */
  yield: YieldReport;
  tasks: BuildTaskOutcome[];
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
  return { code: m.code, bugType: m.bugType, edits: [{ ...m.edit, bugType: m.bugType, operator: m.operator }], result: m.result, failure: m.failure === 'output' ? 'output' : 'crash' };
}

function fromStack(s: StackedMutant): Distractor {
  return { code: s.code, bugType: 'stacked', edits: s.edits, result: s.result, failure: s.failure };
}

function editRecord(e: Edit & { bugType: BugType; operator: string }): EditRecord {
  return { bug_type: e.bugType, operator: e.operator, line: e.line, col_start: e.colStart, end_line: e.endLine, col_end: e.colEnd, before: e.before, after: e.after };
}

function cacheRecord(code: string, tests: readonly string[], result: ExecutionResult): ExecutionCacheRecord {
  return { code_sha256: codeSha256(code), tests_sha256: testsSha256(tests), test_results: [...result.tests], passes_all_tests: passesAllTests(result), status: result.status };
}

/** Lexicographic order of two ascending candidate-index lists (stacked distractors by position). */
function compareIndexLists(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

function idWidth(count: number): number {
  return Math.max(4, String(count).length);
}

/**
 * Builds an ExecRetrieval-style dataset from tasks (docs/formats.md "Test-task input"; any values
 * are accepted, the schema gate checks them):
 * 1. runs the validation gates (`validateTasks`, with the oracle); rejected tasks throw
 *    `GenerateError('invalid_tasks')` with the formatted report, or are skipped (`invalidTasks: 'skip'`);
 * 2. enumerates single-edit mutants of every valid canonical (`enumerateMutants`);
 * 3. executes every `ok` candidate against its task's tests in one oracle batch (`verifyMutants`);
 * 4. chooses up to `maxDistractors` per task (`selectDistractors`: seeded, bug-type diversity first,
 *    output failures before crashes) or, with `stackSize` k ≥ 2, up to `maxDistractors` stacked
 *    mutants of k line-disjoint edits each (`stackMutants`);
 * 5. assembles the records. Tasks keep input order; each included task gets `q_NNNN` (1-based) and
 *    `entry_id` `exec_<domain>_<n>` (n counts the domain's included tasks from 1); corpus ids
 *    `c_NNNN` run over tasks in order, canonical first, then its distractors by position in the code,
 *    so a canonical always has the lowest id of its group. Ids have at least four digits. The
 *    execution cache holds the canonical's and each distractor's run against its own query's tests.
 * The result depends only on the tasks, the options and the oracle's outcomes: no clock, no
 * environment. Tasks with fewer than `minDistractors` distractors are left out and reported.
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

function validateBuildOptions(options: BuildOptions): void {
  const maxDistractors = options.maxDistractors ?? DEFAULT_MAX_DISTRACTORS;
  const minDistractors = options.minDistractors ?? DEFAULT_MIN_DISTRACTORS;
  const stackSize = options.stackSize ?? DEFAULT_STACK_SIZE;
  if (options.oracle !== undefined && typeof options.oracle?.runMany !== 'function') {
    throw new TypeError('@execret/generate buildBenchmark: options.oracle must have a runMany method (e.g. createOracle() of @execret/oracle)');
  }
  if (!Number.isInteger(maxDistractors) || maxDistractors < 1) throw new RangeError(`@execret/generate buildBenchmark: maxDistractors must be a positive integer, received ${maxDistractors}`);
  if (!Number.isInteger(minDistractors) || minDistractors < 0 || minDistractors > maxDistractors) throw new RangeError(`@execret/generate buildBenchmark: minDistractors must be an integer in 0..maxDistractors, received ${minDistractors}`);
  if (!Number.isInteger(stackSize) || stackSize < 1 || stackSize > 4) throw new RangeError(`@execret/generate buildBenchmark: stackSize must be 1, 2, 3 or 4, received ${stackSize}`);
}

async function buildWith(tasks: readonly unknown[], options: BuildOptions, oracle: ExecutionOracle): Promise<BuiltDataset> {
  const seed = options.seed ?? DEFAULT_SEED;
  const maxDistractors = options.maxDistractors ?? DEFAULT_MAX_DISTRACTORS;
  const minDistractors = options.minDistractors ?? DEFAULT_MIN_DISTRACTORS;
  const stackSize = options.stackSize ?? DEFAULT_STACK_SIZE;
  const python = { ...(options.python ? { python: options.python } : {}), ...(options.signal ? { signal: options.signal } : {}) };
  const progress = (phase: BuildPhase) => (done: number, total: number): void => options.onProgress?.({ phase, done, total });

  // 1. gates
  const gates = await validateTasks(tasks, {
    ...python,
    oracle,
    ...(options.minTests !== undefined ? { minTests: options.minTests } : {}),
    ...(options.maxTests !== undefined ? { maxTests: options.maxTests } : {}),
    onProgress: progress('gates'),
  });
  if (!gates.ok && (options.invalidTasks ?? 'throw') === 'throw') {
    throw new GenerateError('invalid_tasks', `@execret/generate buildBenchmark: the validation gates rejected ${gates.counts.invalid} of ${gates.counts.tasks} tasks (pass invalidTasks: 'skip' to leave them out):\n${formatGateReport(gates)}`);
  }
  const valid = gates.tasks.filter((r) => r.ok).map((r) => ({ task: tasks[r.index] as Task, gate: r }));

  // 2. enumerate
  options.onProgress?.({ phase: 'enumerate', done: 0, total: valid.length });
  const enumerated = await enumerateMutants(valid.map((v) => v.task), python);
  options.onProgress?.({ phase: 'enumerate', done: valid.length, total: valid.length });
  const candidates: MutantCandidate[][] = enumerated.map((e) => (e.status === 'ok' ? e.candidates : []));

  // 3. execute
  const executed = await verifyMutants(valid.map((v, i) => ({ task: v.task, candidates: candidates[i]! })), { oracle, onProgress: progress('execute') });

  // 4. choose
  const singles = valid.map((v, i) => selectDistractors(v.task.id, executed[i]!, { seed, maxDistractors }));
  let chosen: Distractor[][];
  if (stackSize === 1) {
    chosen = singles.map((list) => list.map(fromSingle));
  } else {
    const stacks = await stackForTasks(valid.map((v, i) => ({ task: v.task, mutants: executed[i]! })), stackSize, maxDistractors, { ...python, oracle, seed, onProgress: progress('stack') });
    chosen = stacks.map((s) => [...s.stacks].sort((x, y) => compareIndexLists(x.components, y.components)).map(fromStack));
  }

  // 5. assemble
  const outcomes: BuildTaskOutcome[] = gates.tasks.map((r) =>
    r.ok
      ? { taskId: r.taskId, index: r.index, status: 'built', distractors: 0, keptMutants: 0, keptBugTypes: [] }
      : { taskId: r.taskId, index: r.index, status: 'rejected', distractors: 0, keptMutants: 0, keptBugTypes: [], reason: r.issues.map((i) => `[${i.gate}/${i.code}] ${i.message}`).join('; ') },
  );
  const included = valid.map((v, i) => ({ ...v, i, distractors: chosen[i]! })).filter((v) => {
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
    return true;
  });
  const corpusWidth = idWidth(included.reduce((n, v) => n + 1 + v.distractors.length, 0));
  const queryWidth = idWidth(included.length);
  const corpus: CorpusRecord[] = [];
  const queries: QueryRecord[] = [];
  const distractorMetadata: DistractorMetadataRecord[] = [];
  const executionCache: ExecutionCacheRecord[] = [];
  const cacheKeys = new Set<string>();
  const domainCounts = new Map<string, number>();
  let nextCorpus = 1;
  const pushCache = (code: string, tests: readonly string[], result: ExecutionResult): void => {
    const record = cacheRecord(code, tests, result);
    const key = `${record.code_sha256}:${record.tests_sha256}`;
    if (cacheKeys.has(key)) return;
    cacheKeys.add(key);
    executionCache.push(record);
  };
  included.forEach((v, q) => {
    const { task } = v;
    const n = (domainCounts.get(task.domain) ?? 0) + 1;
    domainCounts.set(task.domain, n);
    const entryId = `exec_${task.domain}_${n}`;
    const queryId = `q_${String(q + 1).padStart(queryWidth, '0')}`;
    const canonicalId = `c_${String(nextCorpus++).padStart(corpusWidth, '0')}`;
    corpus.push({ corpus_id: canonicalId, code: task.canonical, label: 'correct', source_entry_id: entryId });
    pushCache(task.canonical, task.tests, v.gate.canonicalResult!);
    const distractorIds: string[] = [];
    for (const d of v.distractors) {
      const id = `c_${String(nextCorpus++).padStart(corpusWidth, '0')}`;
      distractorIds.push(id);
      corpus.push({ corpus_id: id, code: d.code, label: 'incorrect', bug_type: d.bugType, source_entry_id: entryId });
      distractorMetadata.push({
        corpus_id: id,
        query_id: queryId,
        canonical_corpus_id: canonicalId,
        entry_id: entryId,
        task_id: task.id,
        bug_type: d.bugType,
        failure: d.failure,
        failed_tests: d.result.tests.filter((t) => t !== 'pass').length,
        edits: d.edits.map(editRecord),
      });
      pushCache(d.code, task.tests, d.result);
    }
    queries.push({
      query_id: queryId,
      query: task.query,
      test_suite: [...task.tests],
      correct_corpus_ids: [canonicalId],
      paired_distractor_corpus_ids: distractorIds,
      entry_id: entryId,
      metadata: {
        generator: GENERATOR_NAME,
        generator_version: GENERATOR_VERSION,
        seed,
        task_id: task.id,
        domain: task.domain,
        function_name: task.function_name,
        stack_size: stackSize,
        ...(options.generatedAt !== undefined ? { generated_at: options.generatedAt } : {}),
      },
    });
    outcomes[v.gate.index]!.queryId = queryId;
  });

  const yieldReport = mutantYield(
    valid.map((_, i) => ({
      candidates: candidates[i]!,
      executed: executed[i]!,
      chosen: stackSize === 1 ? singles[i]! : [],
    })),
  );
  return {
    corpus,
    queries,
    distractorMetadata,
    executionCache,
    report: { generator: GENERATOR_NAME, generatorVersion: GENERATOR_VERSION, seed, maxDistractors, minDistractors, stackSize, gates, yield: yieldReport, tasks: outcomes },
  };
}
