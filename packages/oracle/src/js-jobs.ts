import { OracleError } from './errors.js';
import { createJsRunner } from './js/js-runner.js';
import type { JsResult, JsRunner, JsRunnerInfo, JsRunnerOptions } from './js/types.js';
import type { OracleJob } from './types.js';

/** One execution of a JavaScript or TypeScript job, before it becomes an `OracleResult`. @internal */
export interface JsExecution {
  tests: string[];
  judged: JsResult['judged'];
  durationMs: number;
  isolation: JsResult['isolation'];
  /** Outcomes written by the runner (the job was not run, or no engine process could take it): never cached. */
  infrastructure?: true;
}

/** The oracle's JavaScript side: a runner started on first use, with in-flight sharing and the cache. @internal */
export interface JsJobs {
  /**
   * Runs a job (`language` `javascript` or `typescript`) within `budgetMs`; identical jobs in flight (same
   * `key`) share one execution, handed once to the submitter's `onExecuted` (where the oracle records it)
   * before any caller gets it.
   */
  execute(
    job: OracleJob & { language: 'javascript' | 'typescript' },
    key: string,
    options: { budgetMs: number; onExecuted: (execution: JsExecution) => void },
  ): Promise<JsExecution>;
  /** The runner's info once started, else `null`. */
  info(): JsRunnerInfo | null;
  close(): Promise<void>;
}

/**
 * The JavaScript runner behind `oracle.run` for JavaScript and TypeScript jobs. It is started by the first
 * such job (a Python-only oracle never starts it), with `options` (the oracle's `javascript` option filled
 * with the oracle's own limits), and closed with the oracle.
 *
 * @internal
 */
export function createJsJobs(options: JsRunnerOptions): JsJobs {
  let starting: Promise<JsRunner> | undefined;
  let runner: JsRunner | undefined;
  let closed = false;
  const inflight = new Map<string, Promise<JsExecution>>();

  const start = (): Promise<JsRunner> => {
    starting ??= createJsRunner(options).then((started) => {
      runner = started;
      if (closed) void started.close();
      return started;
    });
    return starting;
  };

  const executeOnce = async (
    job: OracleJob & { language: 'javascript' | 'typescript' },
    options: { budgetMs: number; onExecuted: (execution: JsExecution) => void },
  ): Promise<JsExecution> => {
    const js = await start();
    if (closed) throw new OracleError('closed', '@execret/oracle oracle.run: the oracle is closed');
    const result = await js.run({
      code: job.code,
      tests: job.tests,
      language: job.language,
      timeoutMs: options.budgetMs,
    });
    const execution: JsExecution = {
      tests: [...result.tests],
      judged: [...result.judged],
      durationMs: result.durationMs,
      isolation: result.isolation,
      ...(result.infrastructure ? { infrastructure: true as const } : {}),
    };
    options.onExecuted(execution);
    return execution;
  };

  return {
    execute(job, key, options) {
      const running = inflight.get(key);
      if (running) return running;
      const promise = executeOnce(job, options).finally(() => inflight.delete(key));
      inflight.set(key, promise);
      return promise;
    },
    info: () => runner?.info ?? null,
    async close() {
      closed = true;
      if (starting === undefined) return;
      try {
        await (await starting).close();
      } catch {
        // A runner that failed to start has nothing to close.
      }
    },
  };
}
