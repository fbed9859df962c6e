import type { BugType } from '@execret/formats';
import { checkJsMutant } from '@execret/mutate-js';
import { createOracle } from '@execret/oracle';
import { classifyResult } from './classify.js';
import { applyEdits, editLines } from './edits.js';
import { enumerateMutants } from './enumerate.js';
import { enumerateJsTaskMutants } from './enumerate-js.js';
import { GenerateError } from './errors.js';
import { createPrng, type Prng, shuffled } from './prng.js';
import { type PythonOptions, runMutationScript } from './python.js';
import { DEFAULT_BUILD_SEED, taskSeed } from './select.js';
import type { Edit, ExecutedMutant, ExecutionOracle, ExecutionResult, Task } from './types.js';
import { runJobs, verifyMutants } from './verify.js';

/** Default number of stack proposals tried per task. */
const DEFAULT_STACK_ATTEMPTS = 24;

/** An edit of a stacked mutant, with the bug type and operator of the single mutant it came from. */
interface StackedEdit extends Edit {
  bugType: BugType;
  operator: string;
}

/** A mutant made of several line-disjoint single edits, verified to fail at least one test. */
export interface StackedMutant {
  code: string;
  /** The edits, sorted by position; all relative to the canonical. */
  edits: StackedEdit[];
  /** Candidate indexes of the component single mutants, ascending. */
  components: number[];
  result: ExecutionResult;
  failure: 'output' | 'crash';
}

/** Outcome of {@link stackMutants}. */
export type StackResult =
  | { status: 'ok'; mutant: StackedMutant; attempts: number }
  | { status: 'unavailable'; reason: string; attempts: number };

/** Options of {@link stackMutants}. */
export interface StackOptions extends PythonOptions {
  /** Runs the stacked mutants. Default: a fresh `createOracle({ python })`, closed afterwards. */
  oracle?: ExecutionOracle;
  /** Base seed (default `DEFAULT_BUILD_SEED`); the stack seed is `${seed}:${taskId}:stack<k>`. */
  seed?: string | number;
  /** The task's executed single mutants, if already computed (otherwise they are enumerated and run). */
  mutants?: readonly ExecutedMutant[];
  /** Proposals to try (default {@link DEFAULT_STACK_ATTEMPTS}). */
  maxAttempts?: number;
  /** Called by the oracle as stacked mutants finish. */
  onProgress?: (done: number, total: number) => void;
}

function disjoint(lines: Set<number>, m: ExecutedMutant): boolean {
  return editLines(m.edit).every((l) => !lines.has(l));
}

/** Draws up to `attempts` distinct combinations of k line-disjoint kept mutants (distinct bug types first). */
function proposeStacks(pool: readonly ExecutedMutant[], k: number, attempts: number, prng: Prng): ExecutedMutant[][] {
  const proposals: ExecutedMutant[][] = [];
  const seen = new Set<string>();
  for (let a = 0; a < attempts; a += 1) {
    const order = shuffled(pool, prng);
    const chosen: ExecutedMutant[] = [];
    const lines = new Set<number>();
    for (const distinctTypes of [true, false]) {
      for (const m of order) {
        if (chosen.length >= k) break;
        if (chosen.includes(m) || !disjoint(lines, m)) continue;
        if (distinctTypes && chosen.some((c) => c.bugType === m.bugType)) continue;
        chosen.push(m);
        for (const l of editLines(m.edit)) lines.add(l);
      }
    }
    if (chosen.length < k) break; // no combination of k line-disjoint edits exists in this pool order
    chosen.sort((x, y) => x.index - y.index);
    const key = chosen.map((m) => m.index).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    proposals.push(chosen);
  }
  return proposals;
}

interface RawApply {
  ok: boolean;
  status: 'ok' | 'invalid' | 'equivalent';
  code?: string;
  reason: string | null;
}

/**
 * Applies each job's edits to its task's canonical and judges the result: Python jobs in one call of the
 * mutation script (`apply`: re-parse, bytecode equivalence), JavaScript/TypeScript jobs with `applyEdits`
 * and `checkJsMutant` of `@execret/mutate-js` (parse, minified equivalence). Results in input order.
 */
async function applyStacks(
  jobs: readonly { task: Pick<Task, 'canonical' | 'language'>; edits: readonly Edit[] }[],
  options: PythonOptions,
): Promise<RawApply[]> {
  const out: RawApply[] = new Array(jobs.length);
  const pythonAt: number[] = [];
  jobs.forEach(({ task, edits }, i) => {
    const language = task.language ?? 'python';
    if (language === 'python') {
      pythonAt.push(i);
      return;
    }
    const code = applyEdits(task.canonical, edits);
    const check = checkJsMutant(task.canonical, code, { language });
    out[i] =
      check.status === 'ok'
        ? { ok: true, status: 'ok', code, reason: null }
        : { ok: false, status: check.status === 'equivalent' ? 'equivalent' : 'invalid', reason: check.reason };
  });
  if (pythonAt.length > 0) {
    const scriptJobs = pythonAt.map((i) => ({
      code: jobs[i]!.task.canonical,
      edits: jobs[i]!.edits.map((e) => ({
        line: e.line,
        col_start: e.colStart,
        end_line: e.endLine,
        col_end: e.colEnd,
        before: e.before,
        after: e.after,
      })),
    }));
    const applied = (await runMutationScript<{ results: RawApply[] }>({ command: 'apply', jobs: scriptJobs }, options))
      .results;
    if (applied.length !== scriptJobs.length)
      throw new GenerateError(
        'python-failed',
        `@execret/generate stackMutants: expected ${scriptJobs.length} results from the mutation script, received ${applied.length}`,
      );
    pythonAt.forEach((i, k) => {
      out[i] = applied[k]!;
    });
  }
  return out;
}

/**
 * Builds up to `count` distinct stacked mutants of k edits for each task in one Python call and one
 * oracle batch. Used by {@link stackMutants} and by `buildBenchmark` with `stackSize > 1`.
 */
export async function stackForTasks(
  items: readonly {
    task: Pick<Task, 'id' | 'canonical' | 'tests' | 'language'>;
    mutants: readonly ExecutedMutant[];
  }[],
  k: number,
  count: number,
  options: Omit<StackOptions, 'mutants' | 'oracle'> & { oracle: ExecutionOracle },
): Promise<{ stacks: StackedMutant[]; proposals: number; reason: string | null }[]> {
  if (!Number.isInteger(k) || k < 2 || k > 4)
    throw new RangeError(`@execret/generate stackMutants: k must be 2, 3 or 4, received ${k}`);
  const attempts = options.maxAttempts ?? DEFAULT_STACK_ATTEMPTS;
  const seed = options.seed ?? DEFAULT_BUILD_SEED;
  const perTask = items.map(({ task, mutants }) => {
    const pool = mutants.filter((m) => m.status === 'ok' && m.failure !== 'survived').sort((a, b) => a.index - b.index);
    return proposeStacks(pool, k, attempts, createPrng(`${taskSeed(seed, task.id)}:stack${k}`));
  });
  const out = items.map(() => ({ stacks: [] as StackedMutant[], proposals: 0, reason: null as string | null }));
  const next = perTask.map(() => 0);
  const codes = perTask.map(() => new Set<string>());
  // Proposals are tried in their drawn order, a few per task per round, until each task has `count`
  // stacks or runs out: the result equals trying them all and keeping the first `count` that fail.
  for (;;) {
    const round: { t: number; p: ExecutedMutant[] }[] = [];
    perTask.forEach((proposals, t) => {
      const want = count - out[t]!.stacks.length;
      if (want <= 0) return;
      const take = proposals.slice(next[t], next[t]! + want + 1);
      next[t] = next[t]! + take.length;
      for (const p of take) round.push({ t, p });
    });
    if (round.length === 0) break;
    const applied = await applyStacks(
      round.map(({ t, p }) => ({ task: items[t]!.task, edits: p.map((m) => m.edit) })),
      options,
    );
    const runs: { t: number; p: ExecutedMutant[]; code: string }[] = [];
    round.forEach(({ t, p }, i) => {
      const r = applied[i]!;
      if (r.ok && r.code !== undefined && !codes[t]!.has(r.code)) {
        codes[t]!.add(r.code);
        runs.push({ t, p, code: r.code });
      }
    });
    const results = await runJobs(
      options.oracle,
      runs.map((r) => {
        const { tests, language } = items[r.t]!.task;
        return { code: r.code, tests, ...(language !== undefined ? { language } : {}) };
      }),
      options.onProgress,
    );
    runs.forEach((run, i) => {
      const result = results[i]!;
      const failure = classifyResult(result);
      const slot = out[run.t]!;
      if (failure === 'survived' || slot.stacks.length >= count) return;
      slot.stacks.push({
        code: run.code,
        edits: run.p.map((m) => ({ ...m.edit, bugType: m.bugType, operator: m.operator })),
        components: run.p.map((m) => m.index),
        result,
        failure,
      });
    });
  }
  perTask.forEach((_proposals, t) => {
    out[t]!.proposals = next[t]!;
  });
  out.forEach((slot, t) => {
    if (slot.stacks.length === 0) {
      slot.reason =
        perTask[t]!.length === 0
          ? `no ${k} line-disjoint test-failing single mutants exist`
          : `none of ${perTask[t]!.length} proposals of ${k} edits failed a test`;
    }
  });
  return out;
}

/**
 * Combines k (2–4) single-edit mutants of one task into one stacked mutant (the paper's stacking
 * ablation). Components are single mutants that each fail at least one test; they are drawn with a
 * seeded PRNG (`${seed}:${taskId}:stack<k>`), distinct bug types first, and must touch pairwise
 * disjoint lines. The combined code is re-parsed, must not be trivially equivalent to the canonical,
 * and must fail at least one test under the oracle; up to `maxAttempts` proposals are tried in order
 * and the first that fails is returned. Same inputs and seed → same result.
 *
 * @example
 * const r = await stackMutants(task, 3, { seed: 1, oracle })
 * if (r.status === 'ok') r.mutant.edits.length // 3, on three different lines
 */
export async function stackMutants(task: Task, k: number, options: StackOptions = {}): Promise<StackResult> {
  if (!Number.isInteger(k) || k < 2 || k > 4)
    throw new RangeError(`@execret/generate stackMutants: k must be 2, 3 or 4, received ${k}`);
  if (options.oracle) return await stackWith(task, k, options, options.oracle);
  const oracle = await createOracle(options.python ? { python: options.python } : {});
  try {
    return await stackWith(task, k, options, oracle);
  } finally {
    await oracle.close();
  }
}

async function stackWith(task: Task, k: number, options: StackOptions, oracle: ExecutionOracle): Promise<StackResult> {
  let mutants = options.mutants;
  if (!mutants) {
    const language = task.language ?? 'python';
    const [enumerated] =
      language === 'python' ? await enumerateMutants([task], options) : enumerateJsTaskMutants([task], language);
    if (enumerated?.status !== 'ok') {
      return {
        status: 'unavailable',
        reason: enumerated && enumerated.status === 'error' ? enumerated.error : 'enumeration failed',
        attempts: 0,
      };
    }
    [mutants] = await verifyMutants([{ task, candidates: enumerated.candidates }], { oracle });
  }
  const [slot] = await stackForTasks([{ task, mutants: mutants ?? [] }], k, 1, { ...options, oracle });
  if (!slot || slot.stacks.length === 0)
    return { status: 'unavailable', reason: slot?.reason ?? 'no stack', attempts: slot?.proposals ?? 0 };
  return { status: 'ok', mutant: slot.stacks[0]!, attempts: slot.proposals };
}
