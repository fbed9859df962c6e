import type { CosmeticKind } from '@execret/mutate-js';
import type { PythonOptions } from '../python.js';
import { taskSeed } from '../select.js';
import type { ExecutionJob, ExecutionOracle, ExecutionResult, Task } from '../types.js';
import { runJobs } from '../verify.js';
import { type BugCopiesReport, type CopyDropReason, emptyBugCopiesReport } from './copies-report.js';
import { type CopyableDistractor, copyOrder, keptOthers } from './copy-order.js';
import { probeInputsFor } from './probe-inputs.js';
import { COPY_PROBE_RUN_MS, COPY_PROBE_STEPS, probeAgreeJob, probeRunsJob } from './probe-jobs.js';
import { type CosmeticRewrite, rewriteCandidates } from './rewrite-candidates.js';

/** Probe inputs per task (at most). */
const COPY_PROBE_INPUTS = 8;
/** Rewrites executed per original beyond the `copies − 1` needed. */
const SPARE_REWRITES = 2;

/** A task whose pool gets copies: the task and its chosen distractors (with their runs against its tests). */
export interface CopyTask {
  task: Task;
  distractors: readonly (CopyableDistractor & { code: string })[];
}

/** How a copy was verified: tests whose outcome equals the original's, and probe inputs on which the two agree. */
interface CopyVerification {
  testsAgreed: number;
  tests: number;
  probesAgreed: number;
  probes: number;
}

/** A cosmetic copy that passed verification. */
export interface VerifiedCopy {
  code: string;
  kinds: CosmeticKind[];
  /** Its run against the task's tests (outcome for outcome the original's). */
  result: ExecutionResult;
  verification: CopyVerification;
}

/** What {@link makeBugCopies} decided for one task. */
export type TaskCopies =
  | {
      status: 'copied';
      /** Index (in the task's distractors) of the distractor copied. */
      original: number;
      /** Its `copies − 1` verified copies, in rewrite order. */
      copies: VerifiedCopy[];
      /** Indices of the other distractors that stay in the pool (ascending; see `keptOthers`). */
      kept: number[];
    }
  | { status: 'too_few_copies'; reason: string };

/** Options of {@link makeBugCopies}. */
export interface MakeBugCopiesOptions extends PythonOptions {
  oracle: ExecutionOracle;
  /** Snippets of the copied bug per pool (k ≥ 2): the original and k − 1 copies. */
  copies: number;
  seed: string | number;
  onProgress?: (done: number, total: number) => void;
}

/** Probes of a runs/agree job that passed (the original finished / copy and original agreed). */
const agreed = (result: ExecutionResult | undefined): number =>
  result === undefined ? 0 : result.tests.filter((t) => t === 'pass').length;

/**
 * Gives each task `copies − 1` cosmetic copies of one of its chosen distractors, verified by execution, in rounds:
 * 1. the task's next distractor in {@link copyOrder} is the original; `copies − 1 + SPARE_REWRITES` rewrites of it
 *    are made (`rewriteCandidates`, seed `${seed}:${taskId}:bug-copies:<round>`), each different from the
 *    canonical, every chosen distractor and every other rewrite;
 * 2. the original runs on the task's probe inputs (`probeInputsFor`, seed `${seed}:${taskId}:bug-copies:probes`, at
 *    most {@link COPY_PROBE_INPUTS}); the inputs on which it finishes are the ones compared;
 * 3. each rewrite runs against the task's tests and, beside the original, on those inputs; it is verified when
 *    every test's outcome string and the suite status equal the original's (else dropped as `tests-differ`) and it
 *    agrees with the original on every compared input (else `probes-differ`);
 * 4. the first `copies − 1` verified rewrites, in rewrite order, are the copies; with fewer, the next round tries
 *    the task's next distractor, and a task that runs out of distractors is `too_few_copies`.
 * All of a round's jobs go to the oracle in two batches (probe runs of originals, then rewrites). The other
 * distractors kept beside the copies are `keptOthers`. Same tasks, seed and oracle outcomes → same copies.
 *
 * @example
 * const { tasks, report } = await makeBugCopies([{ task, distractors }], { oracle, copies: 3, seed: 7 })
 * tasks[0].status // 'copied'
 */
export async function makeBugCopies(
  tasks: readonly CopyTask[],
  options: MakeBugCopiesOptions,
): Promise<{ tasks: TaskCopies[]; report: BugCopiesReport }> {
  const k = options.copies;
  const { seed, oracle } = options;
  const python: PythonOptions = {
    ...(options.python ? { python: options.python } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const report = emptyBugCopiesReport(k, {
    probeInputs: COPY_PROBE_INPUTS,
    probeSteps: COPY_PROBE_STEPS,
    probeRunMs: COPY_PROBE_RUN_MS,
    spareRewrites: SPARE_REWRITES,
  });
  report.tasks = tasks.length;
  const seedOf = (t: CopyTask): string => `${taskSeed(seed, t.task.id)}:bug-copies`;
  const orders = tasks.map((t) => copyOrder(t.task.id, t.distractors, seed));
  const probes = await probeInputsFor(
    tasks.map((t) => t.task),
    tasks.map((t) => `${seedOf(t)}:probes`),
    COPY_PROBE_INPUTS,
    python,
  );
  const out: (TaskCopies | undefined)[] = tasks.map(() => undefined);
  for (let round = 0; ; round += 1) {
    const active = tasks.flatMap((_, i) => (out[i] === undefined && round < orders[i]!.length ? [i] : []));
    if (active.length === 0) break;
    report.originalsTried += active.length;
    const originals = active.map((i) => tasks[i]!.distractors[orders[i]![round]!]!);
    const rewrites = await rewriteCandidates(
      active.map((i, a) => {
        const t = tasks[i]!;
        return {
          task: t.task,
          code: originals[a]!.code,
          seed: `${seedOf(t)}:${round}`,
          count: k - 1 + SPARE_REWRITES,
          avoid: [t.task.canonical, ...t.distractors.map((d) => d.code)],
        };
      }),
      python,
    );
    // the probe inputs each original finishes on
    const runsJobs = active.map((i, a) => probeRunsJob(tasks[i]!.task, originals[a]!.code, probes[i]!));
    const runs = await runJobs(
      oracle,
      runsJobs.filter((j): j is ExecutionJob => j !== null),
      options.onProgress,
    );
    let r = 0;
    const usable = runsJobs.map((job, a) => {
      if (job === null) return [];
      const result = runs[r++]!;
      return probes[active[a]!]!.filter((_, j) => result.tests[j] === 'pass');
    });
    // every rewrite: its tests, and the probe inputs beside its original
    const jobs: ExecutionJob[] = [];
    const owners: { a: number; rewrite: CosmeticRewrite; tests: number; probe: number | null }[] = [];
    active.forEach((i, a) => {
      const task = tasks[i]!.task;
      const language = task.language !== undefined ? { language: task.language } : {};
      const pool = new Set([task.canonical, ...tasks[i]!.distractors.map((d) => d.code)]);
      for (const rewrite of rewrites[a]!) {
        if (pool.has(rewrite.code)) continue;
        pool.add(rewrite.code);
        const tests = jobs.push({ code: rewrite.code, tests: task.tests, ...language }) - 1;
        const probeJob =
          usable[a]!.length > 0 ? probeAgreeJob(task, rewrite.code, originals[a]!.code, usable[a]!) : null;
        const probe = probeJob === null ? null : jobs.push(probeJob) - 1;
        owners.push({ a, rewrite, tests, probe });
      }
    });
    const results = await runJobs(oracle, jobs, options.onProgress);
    report.rewrites += owners.length;
    const verified: VerifiedCopy[][] = active.map(() => []);
    for (const { a, rewrite, tests, probe } of owners) {
      const original = originals[a]!.result;
      const result = results[tests]!;
      const testsAgreed = result.tests.filter((t, j) => t === original.tests[j]).length;
      const probeResult = probe === null ? undefined : results[probe];
      const probeCount = probe === null ? 0 : usable[a]!.length;
      const probesAgreed = agreed(probeResult);
      let reason: CopyDropReason | null = null;
      if (result.status !== original.status || testsAgreed !== original.tests.length) reason = 'tests-differ';
      else if (probesAgreed !== probeCount) reason = 'probes-differ';
      if (reason !== null) {
        report.dropped[reason] += 1;
        continue;
      }
      report.verified += 1;
      verified[a]!.push({
        code: rewrite.code,
        kinds: rewrite.kinds,
        result,
        verification: { testsAgreed, tests: original.tests.length, probesAgreed, probes: probeCount },
      });
    }
    active.forEach((i, a) => {
      const t = tasks[i]!;
      const original = orders[i]![round]!;
      if (verified[a]!.length >= k - 1) {
        const kept = keptOthers(t.task.id, t.distractors.length, original, k, seed);
        out[i] = { status: 'copied', original, copies: verified[a]!.slice(0, k - 1), kept };
      } else if (round + 1 >= orders[i]!.length) {
        out[i] = {
          status: 'too_few_copies',
          reason: `no chosen distractor got ${k - 1} verified cosmetic copies (tried ${orders[i]!.length}; the last got ${verified[a]!.length})`,
        };
      }
    });
  }
  const done = out.map(
    (o) => o ?? { status: 'too_few_copies' as const, reason: 'the task has no chosen distractor to copy' },
  );
  done.forEach((o, i) => {
    if (o.status !== 'copied') {
      report.leftOut += 1;
      return;
    }
    report.copied += 1;
    report.copiesMade += o.copies.length;
    report.otherDistractorsDropped += tasks[i]!.distractors.length - 1 - o.kept.length;
    if (o.copies.some((c) => c.verification.probes > 0)) report.tasksWithProbes += 1;
    for (const c of o.copies) {
      report.probesCompared += c.verification.probes;
      for (const kind of c.kinds) report.kinds[kind] += 1;
    }
  });
  return { tasks: done, report };
}
