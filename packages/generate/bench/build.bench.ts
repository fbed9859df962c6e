// Build benchmark (issue 20): builds one task set twice in one run, side by side — without a candidate budget
// (every candidate under the oracle's whole timeout, as before) and with the default budget — and prints, for
// each, the build's time, the candidates executed, the time spent in jobs that ended in TIMEOUT, whether the
// two datasets are byte-identical; then the time of verifying the result (every snippet against its query's
// tests, what `execret verify` does, on a fresh oracle) and the oracle's cost per job against the fork limit
// (fork + exit + wait of a minimal interpreter) measured in the same run.
//
//   pnpm --filter @execret/generate bench -- [--tasks FILE] [--format tasks|humaneval|mbpp] [--min-tests N]
//     [--max-tests N] [--concurrency N]
// Default: fixtures/mini-tasks/tasks.jsonl with the release's test bounds (7–10).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release } from 'node:os';
import { fileURLToPath } from 'node:url';
import { codeSha256 } from '@execret/formats';
import { createOracle, type Oracle, resolvePython } from '@execret/oracle';
import {
  type BuiltDataset,
  buildBenchmark,
  type ExecutionJob,
  type ExecutionOracle,
  type ExecutionResult,
  readTaskSet,
  serializeBuiltDataset,
  type TaskFormat,
} from '../src/index.js';

/**
 * Where two builds of the same tasks differ: per query (by task id) whose pool differs, each side's distractors as
 * `bug_type` and the outcome of every test from the build's execution cache, so a reader sees which candidate a
 * budget or a timeout judged otherwise. At most ten queries.
 */
function differences(before: BuiltDataset, after: BuiltDataset): string[] {
  const outcomes = (built: BuiltDataset, code: string): string =>
    built.executionCache.find((r) => r.codeSha256 === codeSha256(code))?.testResults.join(',') ?? '?';
  const pool = (built: BuiltDataset, taskId: string): string[] => {
    const q = built.queries.find((row) => row.metadata.task_id === taskId);
    if (q === undefined) return ['(no query)'];
    return q.paired_distractor_corpus_ids.map((id) => {
      const code = built.corpus.find((c) => c.corpus_id === id)!.code;
      const meta = built.distractorMetadata.find((m) => m.corpus_id === id)!;
      return `${meta.bug_type} [${outcomes(built, code)}] ${codeSha256(code).slice(0, 8)}`;
    });
  };
  const taskIds = [...new Set([...before.queries, ...after.queries].map((q) => String(q.metadata.task_id)))];
  const differing = taskIds.filter((id) => JSON.stringify(pool(before, id)) !== JSON.stringify(pool(after, id)));
  const lines = [`queries whose pool differs: ${differing.length}`];
  for (const id of differing.slice(0, 10))
    lines.push(`  ${id}\n    before: ${pool(before, id).join(' | ')}\n    after:  ${pool(after, id).join(' | ')}`);
  if (differing.length === 0) lines.push('  (same pools: the difference is in the execution cache or metadata rows)');
  return lines;
}

function flag(name: string, fallback?: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const TASKS = flag(
  'tasks',
  fileURLToPath(new URL('../../../fixtures/mini-tasks/tasks.jsonl', import.meta.url)),
) as string;
const FORMAT = flag('format') as TaskFormat | undefined;
const MIN_TESTS = flag('min-tests') === undefined ? undefined : Number(flag('min-tests'));
const MAX_TESTS = flag('max-tests') === undefined ? undefined : Number(flag('max-tests'));
const CONCURRENCY = flag('concurrency') === undefined ? undefined : Number(flag('concurrency'));

/** An oracle that records, per job, its duration and whether it ended in TIMEOUT. */
function recording(oracle: Oracle): ExecutionOracle & { jobs: number; timeoutMs: number; timeouts: number } {
  const wrapper = {
    info: oracle.info,
    jobs: 0,
    timeouts: 0,
    timeoutMs: 0,
    async runMany(
      jobs: readonly ExecutionJob[],
      options?: { onProgress?: (p: { done: number; total: number }) => void },
    ): Promise<readonly ExecutionResult[]> {
      const results = await oracle.runMany(jobs, options ?? {});
      for (const r of results) {
        wrapper.jobs += 1;
        if (r.tests.includes('TIMEOUT')) {
          wrapper.timeouts += 1;
          wrapper.timeoutMs += r.durationMs;
        }
      }
      return results;
    },
  };
  return wrapper;
}

/** Median milliseconds of `fork()` + `_exit()` + `waitpid()` of `python -I -S`, over `n` forks. */
function forkLimitMs(python: string, n: number): number {
  const script = `import os,time\nts=[]\nfor _ in range(${n}):\n t=time.perf_counter()\n p=os.fork()\n if p==0: os._exit(0)\n os.waitpid(p,0)\n ts.append(time.perf_counter()-t)\nts.sort()\nprint(1000*ts[len(ts)//2])`;
  return Number(execFileSync(python, ['-I', '-S', '-c', script], { encoding: 'utf8' }).trim());
}

async function build(
  tasks: readonly unknown[],
  budget: boolean,
): Promise<{ built: BuiltDataset; seconds: number; rec: ReturnType<typeof recording> }> {
  const oracle = await createOracle({ ...(CONCURRENCY ? { concurrency: CONCURRENCY } : {}) });
  const rec = recording(oracle);
  const started = performance.now();
  try {
    const built = await buildBenchmark(tasks, {
      oracle: rec,
      seed: 20260510,
      invalidTasks: 'skip',
      ...(MIN_TESTS !== undefined ? { minTests: MIN_TESTS } : {}),
      ...(MAX_TESTS !== undefined ? { maxTests: MAX_TESTS } : {}),
      ...(budget ? {} : { candidateBudget: false }),
    });
    return { built, seconds: (performance.now() - started) / 1000, rec };
  } finally {
    await oracle.close();
  }
}

async function main(): Promise<void> {
  const python = (await resolvePython()).executable;
  const set = await readTaskSet(readFileSync(TASKS), FORMAT ? { format: FORMAT } : {});
  const load = (): string =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `machine: ${cpus()[0]?.model ?? '?'}, ${availableParallelism()} cores, Linux ${release()}, node ${process.version}, load ${load()}`,
  );
  console.log(`tasks: ${TASKS} (${set.format}): ${set.tasks.length} tasks; tests ${MIN_TESTS ?? 7}–${MAX_TESTS ?? 10}`);
  const forkBefore = forkLimitMs(python, 400);
  const off = await build(set.tasks, false);
  const on = await build(set.tasks, true);
  const forkAfter = forkLimitMs(python, 400);
  const a = JSON.stringify(serializeBuiltDataset(off.built));
  const b = JSON.stringify(serializeBuiltDataset(on.built));

  // Verify the result: every snippet against its own query's tests, on a fresh oracle (no cache).
  const queryOf = new Map<string, readonly string[]>();
  for (const q of on.built.queries)
    for (const id of [...q.correct_corpus_ids, ...q.paired_distractor_corpus_ids]) queryOf.set(id, q.test_suite);
  const jobs = on.built.corpus.map((c) => ({ code: c.code, tests: queryOf.get(c.corpus_id) ?? [] }));
  const verifier = await createOracle({ ...(CONCURRENCY ? { concurrency: CONCURRENCY } : {}) });
  const vStart = performance.now();
  const verified = await verifier.runMany(jobs);
  const verifySeconds = (performance.now() - vStart) / 1000;
  await verifier.close();
  // The oracle's own cost per job, on the snippets that do not wait out their timeout (the few distractors
  // that never leave a loop take the whole timeout by the release's rule: 5 s each).
  const quick = jobs.filter((_, i) => !verified[i]!.tests.includes('TIMEOUT'));
  const single = await createOracle({ concurrency: 1 });
  const sStart = performance.now();
  await single.runMany(quick.map((j) => ({ ...j, code: `${j.code}\n# one server\n` })));
  const perJobOne = (performance.now() - sStart) / quick.length;
  const stats = single.stats();
  await single.close();
  const forkMs = (forkBefore + forkAfter) / 2;

  const row = (name: string, r: typeof off): string =>
    `| ${name} | ${r.seconds.toFixed(1)} s | ${r.built.report.execution.candidates} | ${r.rec.jobs} | ${r.rec.timeouts} | ${(r.rec.timeoutMs / 1000).toFixed(1)} s | ${r.built.queries.length} / ${r.built.corpus.length} |`;
  console.log('');
  console.log('| build | time | candidates | oracle jobs | jobs ending in TIMEOUT | their time | queries / snippets |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  console.log(row('without a budget (before)', off));
  console.log(row('default budget (after)', on));
  console.log('');
  console.log(`datasets byte-identical: ${a === b ? 'yes' : 'NO'}; speed-up ${(off.seconds / on.seconds).toFixed(2)}×`);
  if (a !== b) for (const line of differences(off.built, on.built)) console.log(line);
  console.log(`execution report (after): ${JSON.stringify(on.built.report.execution)}`);
  console.log(
    `verify of the result: ${jobs.length} snippets in ${verifySeconds.toFixed(1)} s (${jobs.length - quick.length} of them wait out the timeout); one server on the other ${quick.length}: ${perJobOne.toFixed(2)} ms per job`,
  );
  console.log(
    `fork limit (python -I -S fork + exit + wait, median, before/after the builds): ${forkBefore.toFixed(2)} / ${forkAfter.toFixed(2)} ms; the oracle with one server costs ${(perJobOne / forkMs).toFixed(2)}× the limit per job`,
  );
  const per = (ms: number): string => (ms / Math.max(1, stats.executed)).toFixed(2);
  console.log(
    `where a job's time went on one server (ms per job, oracle.stats().phaseMs): fork ${per(stats.phaseMs.fork)}, child setup ${per(stats.phaseMs.childSetup)}, job ${per(stats.phaseMs.job)}, judging ${per(stats.phaseMs.judging)}, cleanup ${per(stats.phaseMs.cleanup)}, server ${per(stats.phaseMs.server)}`,
  );
  console.log(`load at the end: ${load()}`);
}

await main();
