import { codeSha256, DEFAULT_LANGUAGE, type Language, suiteStatus, testsSha256 } from '@execret/formats';
import { abortError, OracleError } from './errors.js';
import type { ExecutionCache } from './execution-cache.js';
import { checkJob } from './job.js';
import type { JsExecution, JsJobs } from './js-jobs.js';
import type { OracleJudging } from './judging.js';
import { type Execution, PIPELINE_DEPTH, type Pool } from './pool.js';
import type {
  OracleIsolation,
  OracleJob,
  OracleProgress,
  OracleResult,
  OracleRunOptions,
  RunManyOptions,
} from './types.js';

/** What `run` and `runMany` need of the oracle they belong to. @internal */
export interface RunContext {
  pool: Pool;
  cache: ExecutionCache | undefined;
  isolation: OracleIsolation;
  judging: OracleJudging;
  timeoutMs: number;
  limits: { maxCodeBytes: number; maxTests: number; maxSuiteBytes: number };
  /** Fork servers (the default of `runMany`'s concurrency is this times `PIPELINE_DEPTH`). */
  concurrency: number;
  /** Runs the JavaScript and TypeScript jobs. */
  js: JsJobs;
}

function toResult(
  execution: Pick<Execution, 'tests' | 'judged' | 'durationMs' | 'work' | 'workLimited' | 'cpuMs' | 'infrastructure'>,
  codeHash: string,
  testsHash: string,
  cached: boolean,
  iso: OracleResult['isolation'],
): OracleResult {
  return {
    status: suiteStatus(execution.tests),
    tests: [...execution.tests],
    judged: [...execution.judged],
    durationMs: execution.durationMs,
    isolation: iso,
    cached,
    codeSha256: codeHash,
    testsSha256: testsHash,
    ...(execution.work !== undefined ? { work: execution.work } : {}),
    ...(execution.workLimited ? { workLimited: true as const } : {}),
    ...(execution.cpuMs !== undefined ? { cpuMs: execution.cpuMs } : {}),
    ...(execution.infrastructure ? { infrastructure: true as const } : {}),
  };
}

/** What identifies an execution in the cache, and what decides whether and how it is recorded. */
interface ExecutionKey {
  codeHash: string;
  testsHash: string;
  language: Language;
  /** An execution with a `TIMEOUT` may be recorded (false for a job with a shorter budget or a work limit). */
  cacheTimeouts: boolean;
  /** The work limit the job ran under (0: none). */
  workLimit: number;
}

/**
 * Records an execution in the cache, the one place the oracle writes it (Python and JavaScript alike): never
 * one whose outcomes the oracle wrote itself (`infrastructure`), nor a `TIMEOUT` that is not the outcome under
 * the oracle's own budget. A job that ran under a work limit and finished within it is recorded with that
 * limit (`work_limit`, the oracle's fact) and the count it claimed (`work`, informational).
 */
function recordExecution(
  cache: ExecutionCache | undefined,
  key: ExecutionKey,
  execution: Pick<Execution, 'tests' | 'judged' | 'durationMs' | 'work' | 'workLimited' | 'infrastructure'> & {
    isolation: Execution['isolation'] | JsExecution['isolation'];
  },
): void {
  if (!cache || execution.infrastructure) return;
  if (!key.cacheTimeouts && execution.tests.includes('TIMEOUT')) return;
  const status = suiteStatus(execution.tests);
  const finishedWithin = key.workLimit > 0 && !execution.workLimited;
  cache.put({
    codeSha256: key.codeHash,
    testsSha256: key.testsHash,
    testResults: execution.tests,
    passesAllTests: status === 'pass',
    status,
    durationMs: execution.durationMs,
    isolation: execution.isolation,
    judged: execution.judged,
    ...(key.language !== DEFAULT_LANGUAGE ? { language: key.language } : {}),
    ...(finishedWithin ? { workLimit: key.workLimit } : {}),
    ...(finishedWithin && execution.work !== undefined ? { work: execution.work } : {}),
  });
}

/**
 * The `ERROR:OracleLimit` outcome of a job over one of the limits (snippet bytes, number of tests, bytes
 * of tests), or undefined when it is within all of them. Such a job is not executed.
 *
 * @example
 * overLimit({ code: '', tests: ['assert 1'] }, { maxCodeBytes: 10, maxTests: 1, maxSuiteBytes: 100 }); // undefined
 * overLimit({ code: '', tests: ['assert 1', 'assert 2'] }, { maxCodeBytes: 10, maxTests: 1, maxSuiteBytes: 100 });
 * // 'ERROR:OracleLimit: suite has 2 tests, more than maxTests 1; not executed'
 */
function overLimit(job: OracleJob, limits: RunContext['limits']): string | undefined {
  const codeBytes = Buffer.byteLength(job.code, 'utf8');
  if (codeBytes > limits.maxCodeBytes) {
    return `ERROR:OracleLimit: snippet is ${codeBytes} bytes, more than maxCodeBytes ${limits.maxCodeBytes}; not executed`;
  }
  if (job.tests.length > limits.maxTests) {
    return `ERROR:OracleLimit: suite has ${job.tests.length} tests, more than maxTests ${limits.maxTests}; not executed`;
  }
  let suiteBytes = 0;
  for (const test of job.tests) suiteBytes += Buffer.byteLength(test, 'utf8');
  if (suiteBytes > limits.maxSuiteBytes) {
    return `ERROR:OracleLimit: tests are ${suiteBytes} bytes together, more than maxSuiteBytes ${limits.maxSuiteBytes}; not executed`;
  }
  return undefined;
}

/**
 * `oracle.run` and `oracle.runMany` over a pool: the cache is consulted first, a snippet over
 * a limit (`maxCodeBytes`, `maxTests`, `maxSuiteBytes`) gets `ERROR:OracleLimit` for every test without running, identical jobs in flight share one execution,
 * and an aborted call drops its job when nobody else waits for it.
 *
 * @internal
 */
export function createRun(context: RunContext): {
  run(job: OracleJob, runOptions?: OracleRunOptions): Promise<OracleResult>;
  runMany(jobs: readonly OracleJob[], manyOptions?: RunManyOptions): Promise<OracleResult[]>;
} {
  const { pool, cache, isolation, judging, timeoutMs, limits, concurrency, js } = context;

  const run = (job: OracleJob, runOptions: OracleRunOptions = {}): Promise<OracleResult> => {
    checkJob(job, 'oracle.run');
    if (job.timeoutMs !== undefined && job.timeoutMs > timeoutMs) {
      throw new RangeError(
        `@execret/oracle oracle.run: job.timeoutMs ${job.timeoutMs} is more than the oracle's timeoutMs ${timeoutMs}; a job can only have a shorter budget`,
      );
    }
    const runSignal = runOptions.signal;
    if (pool.closed)
      return Promise.reject(new OracleError('closed', '@execret/oracle oracle.run: the oracle is closed'));
    if (pool.fatal) return Promise.reject(pool.fatal);
    if (runSignal?.aborted) return Promise.reject(abortError('oracle.run', runSignal));
    const codeHash = codeSha256(job.code);
    const testsHash = testsSha256(job.tests);
    const language = job.language ?? DEFAULT_LANGUAGE;
    const hit = cache?.get(codeHash, testsHash, language);
    // A job with a work limit is answered only by a line executed under a limit at most as large (it would
    // finish within this one too); never by a count the job reported.
    const workLimit = job.workLimit ?? 0;
    if (hit && (workLimit === 0 || (hit.workLimit !== undefined && hit.workLimit <= workLimit))) {
      pool.stats.cacheHits++;
      const iso = hit.isolation === 'bwrap' || hit.isolation === 'rlimit' ? hit.isolation : 'unknown';
      const judged = hit.judged ?? hit.testResults.map(() => 'child' as const);
      return Promise.resolve(
        toResult(
          {
            tests: [...hit.testResults],
            judged: [...judged],
            durationMs: hit.durationMs ?? 0,
            ...(workLimit > 0 && hit.work !== undefined ? { work: hit.work } : {}),
          },
          codeHash,
          testsHash,
          true,
          iso,
        ),
      );
    }
    const outcome = overLimit(job, limits);
    if (outcome !== undefined) {
      return Promise.resolve(
        toResult(
          {
            tests: job.tests.map(() => outcome),
            judged: job.tests.map(() => 'child' as const),
            durationMs: 0,
            infrastructure: true,
          },
          codeHash,
          testsHash,
          false,
          isolation,
        ),
      );
    }
    // A job with a shorter budget is its own execution: its TIMEOUT is not the outcome under timeoutMs.
    const budgetMs = job.timeoutMs ?? timeoutMs;
    const budgetKey = `${budgetMs < timeoutMs ? `:${budgetMs}` : ''}${workLimit > 0 ? `:w${workLimit}` : ''}`;
    const key: ExecutionKey = { codeHash, testsHash, language, cacheTimeouts: budgetKey === '', workLimit };
    const record = (execution: Parameters<typeof recordExecution>[2]): void => recordExecution(cache, key, execution);
    if (language !== 'python') {
      const shared = js.execute({ ...job, language }, `${language}:${codeHash}:${testsHash}${budgetKey}`, {
        budgetMs,
        onExecuted: record,
      });
      return new Promise<OracleResult>((resolve, reject) => {
        // An aborted caller stops waiting; the execution, which other callers may share, runs on.
        const onAbort = (): void => reject(abortError('oracle.run', runSignal as AbortSignal));
        runSignal?.addEventListener('abort', onAbort, { once: true });
        shared.then(
          (execution) => {
            runSignal?.removeEventListener('abort', onAbort);
            resolve(toResult(execution, codeHash, testsHash, false, execution.isolation));
          },
          (error: unknown) => {
            runSignal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        );
      });
    }
    const ticket = pool.submit(
      `${codeHash}:${testsHash}${budgetKey}`,
      { code: job.code, tests: [...job.tests], timeoutMs: budgetMs, judging, workLimit },
      record,
    );
    return new Promise<OracleResult>((resolve, reject) => {
      const onAbort = (): void => {
        ticket.cancel();
        reject(abortError('oracle.run', runSignal as AbortSignal));
      };
      runSignal?.addEventListener('abort', onAbort, { once: true });
      ticket.promise.then(
        (execution) => {
          runSignal?.removeEventListener('abort', onAbort);
          resolve(toResult(execution, codeHash, testsHash, false, isolation));
        },
        (error: unknown) => {
          runSignal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  };

  const runMany = async (jobs: readonly OracleJob[], manyOptions: RunManyOptions = {}): Promise<OracleResult[]> => {
    if (!Array.isArray(jobs))
      throw new TypeError('@execret/oracle oracle.runMany: expected jobs to be an array of { code, tests }');
    jobs.forEach((job, i) => {
      checkJob(job, `oracle.runMany (job ${i})`);
    });
    const limit = manyOptions.concurrency === undefined ? concurrency * PIPELINE_DEPTH : manyOptions.concurrency;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(
        `@execret/oracle oracle.runMany: expected options.concurrency to be a positive integer, received ${String(limit)}`,
      );
    }
    const { onProgress, signal: manySignal } = manyOptions;
    if (manySignal?.aborted) throw abortError('oracle.runMany', manySignal);
    const results = new Array<OracleResult>(jobs.length);
    const started = performance.now();
    const controller = new AbortController();
    const stop = (): void => controller.abort(manySignal?.reason);
    manySignal?.addEventListener('abort', stop, { once: true });
    let next = 0;
    let done = 0;
    let cachedCount = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length && !controller.signal.aborted) {
        const index = next++;
        const result = await run(jobs[index] as OracleJob, { signal: controller.signal });
        results[index] = result;
        done++;
        if (result.cached) cachedCount++;
        const progress: OracleProgress = {
          done,
          total: jobs.length,
          cached: cachedCount,
          index,
          result,
          elapsedMs: performance.now() - started,
        };
        onProgress?.(progress);
      }
    };
    try {
      await Promise.all(
        Array.from({ length: Math.min(limit, jobs.length) }, () =>
          worker().catch((error: unknown) => {
            controller.abort(error);
            throw error;
          }),
        ),
      );
    } catch (error) {
      if (manySignal?.aborted) throw abortError('oracle.runMany', manySignal);
      throw error;
    } finally {
      manySignal?.removeEventListener('abort', stop);
    }
    if (manySignal?.aborted) throw abortError('oracle.runMany', manySignal);
    return results;
  };

  return { run, runMany };
}
