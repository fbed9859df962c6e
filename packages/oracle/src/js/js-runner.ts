import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { runConcurrently } from '@execret/formats';
import { abortError, OracleError } from '../errors.js';
import { leaseSandboxUids } from '../sandbox-uids.js';
import type { Engine, EngineOutcome } from './engine-job.js';
import { engineSlots, type StartedEngine, startCheckedEngine } from './engine-start.js';
import type { PreparationLimits } from './job-preparation.js';
import { assembleResult, type ResultSetting } from './job-result.js';
import { type RunnerFiles, runnerFiles } from './runner-files.js';
import { runnerInfo } from './runner-info.js';
import { type ResolvedJsRunnerOptions, resolveOptions } from './runner-options.js';
import { type StagedFiles, stageRunnerFiles } from './staged-files.js';
import type {
  JsJob,
  JsResult,
  JsRunManyOptions,
  JsRunner,
  JsRunnerInfo,
  JsRunnerOptions,
  JsRunOptions,
} from './types.js';

/**
 * Starts a sandboxed runner for JavaScript and TypeScript jobs with the Python oracle's result shape and
 * outcome vocabulary. Tests are single assertion statements with `node:assert/strict` semantics. A test
 * that compares the tested expression with a literal (`assert.strictEqual(f(1), 3)`,
 * `assert.deepStrictEqual(f(), [1, [2]])`, `assert(f(x) === 'a')`, `assert(f(x))`, …) is *split*: only
 * the expression runs in the sandbox, its value comes back as plain data, and the runner compares it with
 * the literal, which never enters the sandbox. Other tests run whole in the sandbox with an `assert`
 * captured before the snippet ran. See README-js.md for the guarantees and the threat model.
 *
 * Rejects with `OracleError` only when it cannot run at all (`bwrap-unavailable` when bwrap was required,
 * `server-start-failed` when no engine process starts under either isolation).
 *
 * @example
 * const runner = await createJsRunner({ timeoutMs: 5000 });
 * const result = await runner.run({
 *   code: 'function add(a, b) { return a + b; }',
 *   tests: ['assert.strictEqual(add(1, 2), 3)', 'assert.strictEqual(add(1, 1), 3)', 'assert.throws(() => add())'],
 * });
 * // { status: 'fail', tests: ['pass', 'FAIL', 'FAIL'], judged: ['split', 'split', 'child'], durationMs: 2.4,
 * //   isolation: 'bwrap', engine: 'quickjs' }
 * await runner.close();
 */
export async function createJsRunner(options: JsRunnerOptions = {}): Promise<JsRunner> {
  const resolved = resolveOptions(options);
  if (options.signal?.aborted) throw abortError('createJsRunner', options.signal);
  return startJsRunner(resolved, loadRunnerFiles(), options.signal);
}

/**
 * {@link createJsRunner} with the engine files found elsewhere than next to this module (tests: a copy in a
 * folder the sandbox uid cannot enter). Internal to the package.
 *
 * @internal
 */
export async function createJsRunnerFromFiles(files: RunnerFiles, options: JsRunnerOptions = {}): Promise<JsRunner> {
  const resolved = resolveOptions(options);
  if (options.signal?.aborted) throw abortError('createJsRunner', options.signal);
  return startJsRunner(resolved, files, options.signal);
}

/**
 * Starts a runner from `source` (the engine files where they are): copies them into a private folder the
 * sandbox uid can read (see `stageRunnerFiles`), starts and checks the engine from that copy, and deletes the
 * copy when the start fails or the runner closes.
 */
async function startJsRunner(
  resolved: ResolvedJsRunnerOptions,
  source: RunnerFiles,
  signal: AbortSignal | undefined,
): Promise<JsRunner> {
  const preparation = await loadPreparation();
  const node = locateNode(resolved.node);
  const root = process.getuid?.() === 0;
  // As root, every engine slot runs as a uid of its own, unique on the host (see sandbox-uids.ts).
  const lease = root
    ? await leaseSandboxUids(engineSlots(resolved), { highest: resolved.sandboxUid, component: 'createJsRunner' })
    : undefined;
  let staged: StagedFiles;
  try {
    staged = stageFiles(source, resolved.stagingDir);
  } catch (error) {
    lease?.release();
    throw error;
  }
  const { files } = staged;
  const release = (): void => {
    staged.remove();
    lease?.release();
  };
  let started: StartedEngine;
  try {
    started = await startCheckedEngine({ resolved, files, nodePath: node.path, root, uids: lease?.uids ?? null });
  } catch (error) {
    release();
    throw error;
  }
  const { engine, isolation, fallbackReason } = started;
  if (signal?.aborted) {
    await engine.close();
    release();
    throw abortError('createJsRunner', signal);
  }
  const info = runnerInfo({ resolved, files, node, root, isolation, fallbackReason, uids: lease?.uids ?? null });
  return runnerOver(engine, info, {
    preparation,
    limits: resolved,
    result: { engine: resolved.engine, isolation, maxMessageBytes: resolved.maxMessageBytes },
    concurrency: resolved.concurrency,
    release,
  });
}

/**
 * Loads the job preparation module, and with it Babel's parser and sucrase (see {@link Preparation});
 * `OracleError` `server-start-failed` naming what is missing when they cannot be loaded.
 */
async function loadPreparation(): Promise<Preparation> {
  try {
    return await import('./job-preparation.js');
  } catch (cause) {
    throw new OracleError(
      'server-start-failed',
      `@execret/oracle createJsRunner: cannot load the JavaScript tooling (@babel/parser, sucrase): ${(cause as Error).message}`,
      { cause },
    );
  }
}

/**
 * The real path and version of the node binary `node` names (the running node's version when it is
 * `process.execPath`). Throws `OracleError` `server-start-failed` when it cannot be resolved or run.
 */
function locateNode(node: string): { path: string; version: string } {
  try {
    const path = realpathSync(node);
    const version =
      node === process.execPath
        ? process.version
        : execFileSync(path, ['--version'], { encoding: 'utf8', env: {}, timeout: 10_000 }).trim();
    return { path, version };
  } catch (cause) {
    throw new OracleError('server-start-failed', `@execret/oracle createJsRunner: node ${node} cannot be run`, {
      cause,
    });
  }
}

/** {@link stageRunnerFiles}, its failure as `OracleError` `server-start-failed` naming the staging folder. */
function stageFiles(source: RunnerFiles, stagingDir: string): StagedFiles {
  try {
    return stageRunnerFiles(source, stagingDir);
  } catch (cause) {
    throw new OracleError(
      'server-start-failed',
      `@execret/oracle createJsRunner: cannot copy the engine files into stagingDir ${stagingDir}: ${(cause as Error).message}`,
      { cause },
    );
  }
}

/** {@link runnerFiles}, its failure as `OracleError` `server-start-failed` with the same message. */
function loadRunnerFiles(): RunnerFiles {
  try {
    return runnerFiles();
  } catch (cause) {
    throw new OracleError('server-start-failed', `@execret/oracle createJsRunner: ${(cause as Error).message}`, {
      cause,
    });
  }
}

/**
 * The job preparation module (Babel's parser to plan tests, sucrase to strip TypeScript), loaded when the
 * first runner starts: importing the oracle for Python jobs loads neither.
 */
type Preparation = typeof import('./job-preparation.js');

/** How a runner prepares jobs, states results and bounds `runMany`. */
interface RunnerSetting {
  preparation: Preparation;
  limits: PreparationLimits;
  result: ResultSetting;
  /** Engine process slots; `runMany` keeps four jobs per slot in flight. */
  concurrency: number;
  /** Called once the engine is closed (deletes the runner's copy of the engine files). */
  release: () => void;
}

/**
 * The {@link JsRunner} over a started, checked `engine`: `run` validates, prepares, submits and judges
 * one job; `runMany` runs a list through `run`; `stats` counts jobs prepared (run or decided) and the
 * engine's processes; `close` closes the engine once, after which `run` rejects with `OracleError`
 * `closed`, and releases what the runner holds (its copy of the engine files).
 */
function runnerOver(engine: Engine, info: JsRunnerInfo, setting: RunnerSetting): JsRunner {
  const { cachedPlanner, prepareJob, validateJob } = setting.preparation;
  const plan = cachedPlanner();
  let closed = false;
  let jobs = 0;

  const run = async (job: JsJob, runOptions: JsRunOptions = {}): Promise<JsResult> => {
    validateJob(job);
    if (closed) throw new OracleError('closed', '@execret/oracle JsRunner.run: the runner was closed');
    const runSignal = runOptions.signal;
    if (runSignal?.aborted) throw abortError('JsRunner.run', runSignal);
    const prepared = prepareJob(job, setting.limits, plan);
    jobs++;
    if (!prepared.engineJob) return assembleResult(prepared, undefined, setting.result);
    const outcome = await outcomeOf(engine.submit(prepared.engineJob), runSignal);
    return assembleResult(prepared, outcome, setting.result);
  };

  return {
    info,
    run,
    runMany: async (list, manyOptions: JsRunManyOptions = {}) => {
      if (Array.isArray(list)) for (const job of list) validateJob(job);
      return runManyJobs(run, list, setting.concurrency, manyOptions);
    },
    stats() {
      const counts = engine.stats();
      return { jobs, processesStarted: counts.started, processesKilled: counts.killed, engineCpuMs: counts.cpuMs };
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await engine.close();
      } finally {
        setting.release();
      }
    },
  };
}

/**
 * Waits for a submitted job's outcome, or rejects with the abort error of `JsRunner.run` as soon as
 * `signal` aborts (the job itself runs on). An engine's `closed` rejection becomes `OracleError`
 * `closed`; any other rejection passes through.
 */
async function outcomeOf(submitted: Promise<EngineOutcome>, signal: AbortSignal | undefined): Promise<EngineOutcome> {
  try {
    return signal
      ? await new Promise<EngineOutcome>((resolve, reject) => {
          const onAbort = () => reject(abortError('JsRunner.run', signal));
          signal.addEventListener('abort', onAbort, { once: true });
          submitted.then(
            (value) => {
              signal.removeEventListener('abort', onAbort);
              resolve(value);
            },
            (error) => {
              signal.removeEventListener('abort', onAbort);
              reject(error);
            },
          );
        })
      : await submitted;
  } catch (error) {
    if (error instanceof Error && error.name === 'closed') {
      throw new OracleError('closed', '@execret/oracle JsRunner.run: the runner was closed while the job waited', {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * `JsRunner.runMany`: validates every job first (throwing before any runs), then runs them through `run`
 * with `concurrency * 4` in flight, results in input order, `onProgress` after each. Rejects with the
 * abort error of `JsRunner.runMany` when `signal` aborted.
 */
async function runManyJobs(
  run: (job: JsJob, runOptions?: JsRunOptions) => Promise<JsResult>,
  list: readonly JsJob[],
  concurrency: number,
  manyOptions: JsRunManyOptions,
): Promise<JsResult[]> {
  if (!Array.isArray(list)) throw new TypeError('@execret/oracle JsRunner.runMany: jobs must be an array');
  const results = new Array<JsResult>(list.length);
  const started = performance.now();
  let done = 0;
  const { onProgress, signal: manySignal } = manyOptions;
  await runConcurrently(
    list.length,
    concurrency * 4,
    async (index) => {
      const result = await run(list[index] as JsJob, manySignal ? { signal: manySignal } : {});
      results[index] = result;
      done++;
      onProgress?.({ done, total: list.length, index, result, elapsedMs: performance.now() - started });
    },
    manySignal,
  );
  if (manySignal?.aborted) throw abortError('JsRunner.runMany', manySignal);
  return results;
}
