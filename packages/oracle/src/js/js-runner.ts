import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { type Judged, runConcurrently, suiteStatus } from '@execret/formats';
import {
  DEFAULT_MAX_CODE_BYTES,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_OPEN_FILES,
  DEFAULT_MAX_TESTS,
  DEFAULT_START_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TMPFS_BYTES,
} from '../defaults.js';
import { abortError, OracleError } from '../errors.js';
import {
  DEFAULT_JS_ENGINE,
  DEFAULT_JS_JOBS_PER_INSTANCE,
  DEFAULT_JS_MAX_CONCURRENCY,
  DEFAULT_JS_MAX_PROCESSES,
  DEFAULT_JS_MAX_SUITE_BYTES,
  DEFAULT_JS_MEMORY_MB,
  DEFAULT_JS_PROCESS_OVERHEAD_MB,
  DEFAULT_JS_SANDBOX_UID,
  DEFAULT_JS_STACK_BYTES,
  DEFAULT_JS_WASM_HEADROOM_MB,
  DEFAULT_JS_WATCHDOG_GRACE_MS,
  JS_VALUE_LIMITS,
} from './defaults.js';
import type { Engine, EngineJob, EngineOutcome, WireTest } from './engine-job.js';
import { startNodeEngine } from './node-engine.js';
import { startQuickJsEngine } from './quickjs-engine.js';
import { QUICKJS_VARIANT, type RunnerFiles, runnerFiles } from './runner-files.js';
import { type EngineCommandConfig, engineCommand, SANDBOX_ROOT, systemMounts } from './sandbox-command.js';
import { stripTypes } from './strip-types.js';
import { planTest, type TestPlan } from './test-plan.js';
import type {
  JsEngine,
  JsIsolation,
  JsJob,
  JsResult,
  JsRunManyOptions,
  JsRunner,
  JsRunnerInfo,
  JsRunnerOptions,
  JsRunOptions,
} from './types.js';
import { judgeTest } from './verdict.js';

const MIB = 1024 * 1024;
/** RLIMIT_STACK of a QuickJS host, which runs node with a 64 MiB native stack (deep QuickJS recursion). */
const HOST_STACK_BYTES = 80 * MIB;
const HOST_NODE_STACK_KB = 65_000;
/** A host whose WebAssembly memory grew past this drops its instance after the job. */
const RECYCLE_WASM_BYTES = 256 * MIB;
/** Runs of js/warmup.js a QuickJS host makes before it says hello (WebAssembly compiles on first call). */
const HOST_WARMUP_RUNS = 2;
/** Distinct test sources whose plans are kept. */
const PLAN_CACHE_SIZE = 50_000;

interface Resolved {
  engine: JsEngine;
  isolation: 'auto' | JsIsolation;
  timeoutMs: number;
  memoryMb: number;
  concurrency: number;
  bwrap: string;
  node: string;
  maxMessageBytes: number;
  maxCodeBytes: number;
  maxTests: number;
  maxSuiteBytes: number;
  maxOpenFiles: number;
  maxFileBytes: number;
  maxProcesses: number;
  tmpfsBytes: number;
  sandboxUid: number;
  startTimeoutMs: number;
  watchdogGraceMs: number;
  jobsPerInstance: number;
}

const positiveInteger = (name: string, value: number | undefined, fallback: number, min = 1): number => {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`@execret/oracle createJsRunner: ${name} must be an integer >= ${min}, received ${value}`);
  }
  return value;
};

function resolveOptions(options: JsRunnerOptions): Resolved {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('@execret/oracle createJsRunner: options must be an object');
  }
  const engine = options.engine ?? DEFAULT_JS_ENGINE;
  if (engine !== 'quickjs' && engine !== 'node') {
    throw new RangeError(
      `@execret/oracle createJsRunner: engine must be 'quickjs' or 'node', received ${String(engine)}`,
    );
  }
  const isolation = options.isolation ?? 'auto';
  if (isolation !== 'auto' && isolation !== 'bwrap' && isolation !== 'rlimit') {
    throw new RangeError(
      `@execret/oracle createJsRunner: isolation must be 'auto', 'bwrap' or 'rlimit', received ${String(isolation)}`,
    );
  }
  for (const [name, value] of [
    ['bwrap', options.bwrap],
    ['node', options.node],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw new TypeError(`@execret/oracle createJsRunner: ${name} must be a non-empty string`);
    }
  }
  const sandboxUid = positiveInteger('sandboxUid', options.sandboxUid, DEFAULT_JS_SANDBOX_UID);
  const concurrency = positiveInteger(
    'concurrency',
    options.concurrency,
    Math.min(availableParallelism(), DEFAULT_JS_MAX_CONCURRENCY),
  );
  if (sandboxUid - 2 * concurrency < 1000) {
    throw new RangeError(
      `@execret/oracle createJsRunner: sandboxUid ${sandboxUid} leaves no room for ${concurrency} slots above uid 1000`,
    );
  }
  return {
    engine,
    isolation,
    timeoutMs: positiveInteger('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS),
    memoryMb: positiveInteger('memoryMb', options.memoryMb, DEFAULT_JS_MEMORY_MB, 32),
    concurrency,
    bwrap: options.bwrap ?? 'bwrap',
    node: options.node ?? process.execPath,
    maxMessageBytes: positiveInteger('maxMessageBytes', options.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES),
    maxCodeBytes: positiveInteger('maxCodeBytes', options.maxCodeBytes, DEFAULT_MAX_CODE_BYTES),
    maxTests: positiveInteger('maxTests', options.maxTests, DEFAULT_MAX_TESTS),
    maxSuiteBytes: positiveInteger('maxSuiteBytes', options.maxSuiteBytes, DEFAULT_JS_MAX_SUITE_BYTES),
    maxOpenFiles: positiveInteger('maxOpenFiles', options.maxOpenFiles, DEFAULT_MAX_OPEN_FILES, 32),
    maxFileBytes: positiveInteger('maxFileBytes', options.maxFileBytes, DEFAULT_MAX_FILE_BYTES),
    maxProcesses: positiveInteger('maxProcesses', options.maxProcesses, DEFAULT_JS_MAX_PROCESSES, 16),
    tmpfsBytes: positiveInteger('tmpfsBytes', options.tmpfsBytes, DEFAULT_TMPFS_BYTES),
    sandboxUid,
    startTimeoutMs: positiveInteger('startTimeoutMs', options.startTimeoutMs, DEFAULT_START_TIMEOUT_MS),
    watchdogGraceMs: positiveInteger('watchdogGraceMs', options.watchdogGraceMs, DEFAULT_JS_WATCHDOG_GRACE_MS, 0),
    jobsPerInstance: positiveInteger('jobsPerInstance', options.jobsPerInstance, DEFAULT_JS_JOBS_PER_INSTANCE),
  };
}

/** The command line of one engine process of `resolved.engine` in slot `slot`, under `isolation`. */
function commandFor(
  resolved: Resolved,
  files: RunnerFiles,
  isolation: JsIsolation,
  nodePath: string,
  root: boolean,
  slot: number,
) {
  const inSandbox = isolation === 'bwrap';
  const jsDir = inSandbox ? `${SANDBOX_ROOT}/js` : files.jsDir;
  const binds: { source: string; dest: string }[] = [{ source: files.jsDir, dest: `${SANDBOX_ROOT}/js` }];
  const uid = root ? resolved.sandboxUid - slot : null;
  const base: Omit<EngineCommandConfig, 'nodeArgs' | 'script' | 'scriptArgs' | 'limits'> = {
    isolation,
    bwrap: resolved.bwrap,
    node: nodePath,
    binds,
    uid,
    tmpfsBytes: resolved.tmpfsBytes,
    system: inSandbox ? systemMounts() : [],
  };
  if (resolved.engine === 'quickjs') {
    const { core, ffiTypes, variant } = files.quickjs;
    const place = (pkg: { name: string; root: string }): string => {
      const dest = `${SANDBOX_ROOT}/node_modules/${pkg.name}`;
      binds.push({ source: pkg.root, dest });
      return inSandbox ? dest : pkg.root;
    };
    const coreRoot = place(core);
    place(ffiTypes);
    const variantRoot = place(variant);
    const wasmMaxBytes = (resolved.memoryMb + DEFAULT_JS_WASM_HEADROOM_MB) * MIB;
    const hostConfig = {
      coreEntry: join(coreRoot, 'dist', 'index.mjs'),
      variantEntry: join(variantRoot, 'dist', 'index.mjs'),
      wasmPath: join(variantRoot, 'dist', 'emscripten-module.wasm'),
      preludePath: join(jsDir, 'prelude.js'),
      assertPath: join(jsDir, 'assert.js'),
      warmupPath: join(jsDir, 'warmup.js'),
      warmupRuns: HOST_WARMUP_RUNS,
      memoryBytes: resolved.memoryMb * MIB,
      wasmMaxBytes,
      stackBytes: DEFAULT_JS_STACK_BYTES,
      maxJobsPerInstance: resolved.jobsPerInstance,
      recycleWasmBytes: Math.min(RECYCLE_WASM_BYTES, wasmMaxBytes),
    };
    return engineCommand({
      ...base,
      nodeArgs: [`--stack-size=${HOST_NODE_STACK_KB}`, '--max-old-space-size=256', '--expose-gc', '--no-warnings'],
      script: join(jsDir, 'quickjs-host.mjs'),
      scriptArgs: [JSON.stringify(hostConfig)],
      limits: {
        dataBytes: wasmMaxBytes + DEFAULT_JS_PROCESS_OVERHEAD_MB * MIB,
        openFiles: resolved.maxOpenFiles,
        fileBytes: resolved.maxFileBytes,
        processes: root ? resolved.maxProcesses : null,
        cpuSeconds: null,
        stackBytes: HOST_STACK_BYTES,
      },
    });
  }
  return engineCommand({
    ...base,
    nodeArgs: [`--max-old-space-size=${resolved.memoryMb}`, '--unhandled-rejections=none', '--no-warnings'],
    script: join(jsDir, 'node-job.mjs'),
    scriptArgs: [JSON.stringify({ preludePath: join(jsDir, 'prelude.js'), limits: JS_VALUE_LIMITS })],
    limits: {
      dataBytes: (resolved.memoryMb + DEFAULT_JS_PROCESS_OVERHEAD_MB) * MIB,
      openFiles: resolved.maxOpenFiles,
      fileBytes: resolved.maxFileBytes,
      processes: root ? resolved.maxProcesses : null,
      cpuSeconds: Math.ceil(resolved.timeoutMs / 1000) + 5,
      stackBytes: null,
    },
  });
}

/** A job the judge prepared: plans per test, and what the engine process receives (unless nothing runs). */
interface Prepared {
  plans: TestPlan[];
  /** Outcomes decided without running (limits, syntax errors of a TypeScript snippet), or undefined. */
  decided?: string[];
  engineJob?: EngineJob;
}

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
  const { signal } = options;
  if (signal?.aborted) throw abortError('createJsRunner', signal);
  let nodePath: string;
  let nodeVersion: string;
  try {
    nodePath = realpathSync(resolved.node);
    nodeVersion =
      resolved.node === process.execPath
        ? process.version
        : execFileSync(nodePath, ['--version'], { encoding: 'utf8', env: {}, timeout: 10_000 }).trim();
  } catch (cause) {
    throw new OracleError(
      'server-start-failed',
      `@execret/oracle createJsRunner: node ${resolved.node} cannot be run`,
      {
        cause,
      },
    );
  }
  let files: RunnerFiles;
  try {
    files = runnerFiles();
  } catch (cause) {
    throw new OracleError('server-start-failed', `@execret/oracle createJsRunner: ${(cause as Error).message}`, {
      cause,
    });
  }
  const root = process.getuid?.() === 0;

  const startEngine = (isolation: JsIsolation): Engine & { ready: Promise<void> } => {
    const command = (slot: number) => commandFor(resolved, files, isolation, nodePath, root, slot);
    if (resolved.engine === 'quickjs') {
      return startQuickJsEngine({
        concurrency: resolved.concurrency,
        command,
        startTimeoutMs: resolved.startTimeoutMs,
        graceMs: resolved.watchdogGraceMs,
        recycleRssBytes: (resolved.memoryMb + DEFAULT_JS_WASM_HEADROOM_MB + DEFAULT_JS_PROCESS_OVERHEAD_MB / 2) * MIB,
      });
    }
    return startNodeEngine({
      concurrency: resolved.concurrency,
      command,
      startTimeoutMs: resolved.startTimeoutMs,
      graceMs: resolved.watchdogGraceMs,
      sweepUid: (slot) => (isolation === 'rlimit' && root ? resolved.sandboxUid - slot : null),
    });
  };

  /** Starts the engine under `isolation` and checks it with a canary job; the reason when it fails. */
  const tryStart = async (isolation: JsIsolation): Promise<{ engine: Engine } | { reason: string }> => {
    const engine = startEngine(isolation);
    try {
      await engine.ready;
      const canary = await engine.submit({
        code: 'function canary(a) { return [a, -0, "\\u00e9"]; }',
        tests: [{ k: 'p', src: 'canary(1)', msg: null }],
        budgetMs: Math.max(resolved.timeoutMs, 10_000),
        needsAssert: false,
      });
      const report = canary.reports[0];
      if (
        canary.end.kind !== 'done' ||
        report?.k !== 'v' ||
        report.v !== '["a",3,[["0",["d","1"]],["1",["d","-0"]],["2",["s","é"]]],0]'
      ) {
        throw new Error(`the canary job came back as ${JSON.stringify(canary).slice(0, 300)}`);
      }
      return { engine };
    } catch (error) {
      await engine.close().catch(() => {});
      return { reason: (error as Error).message };
    }
  };

  let isolation: JsIsolation;
  let engine: Engine;
  let fallbackReason: string | undefined;
  if (resolved.isolation === 'rlimit') {
    const started = await tryStart('rlimit');
    if ('reason' in started) {
      throw new OracleError(
        'server-start-failed',
        `@execret/oracle createJsRunner: the engine did not start: ${started.reason}`,
      );
    }
    engine = started.engine;
    isolation = 'rlimit';
  } else {
    const started = await tryStart('bwrap');
    if ('engine' in started) {
      engine = started.engine;
      isolation = 'bwrap';
    } else if (resolved.isolation === 'bwrap') {
      throw new OracleError(
        'bwrap-unavailable',
        `@execret/oracle createJsRunner: isolation 'bwrap' was required and bubblewrap failed its self-test: ${started.reason}`,
      );
    } else {
      fallbackReason = started.reason;
      const fallback = await tryStart('rlimit');
      if ('reason' in fallback) {
        throw new OracleError(
          'server-start-failed',
          `@execret/oracle createJsRunner: the engine did not start under bwrap (${started.reason}) nor rlimit (${fallback.reason})`,
        );
      }
      engine = fallback.engine;
      isolation = 'rlimit';
    }
  }
  if (signal?.aborted) {
    await engine.close();
    throw abortError('createJsRunner', signal);
  }

  const warnings: string[] = [];
  if (isolation === 'rlimit') {
    warnings.push(
      resolved.engine === 'node'
        ? 'isolation rlimit with the node engine: snippets have all of Node and can use the network and read every file the sandbox uid can read'
        : 'isolation rlimit: the QuickJS host is not in a namespace sandbox (snippets still have no I/O inside QuickJS)',
    );
  }
  if (!root) {
    warnings.push(
      'not running as root: engine processes keep your uid (no RLIMIT_NPROC; under rlimit a node-engine snippet can signal your processes)',
    );
  }
  const info: JsRunnerInfo = {
    engine: resolved.engine,
    isolation,
    ...(fallbackReason === undefined ? {} : { fallbackReason }),
    warnings,
    node: { path: nodePath, version: nodeVersion },
    ...(resolved.engine === 'quickjs'
      ? { quickjs: { variant: QUICKJS_VARIANT, version: files.quickjs.variant.version } }
      : {}),
    visiblePaths: isolation === 'bwrap' ? visiblePaths(nodePath, files, resolved.engine) : ['/'],
    timeoutMs: resolved.timeoutMs,
    memoryMb: resolved.memoryMb,
    concurrency: resolved.concurrency,
    uidDrop: root,
  };

  const planCache = new Map<string, TestPlan>();
  const plan = (source: string): TestPlan => {
    const known = planCache.get(source);
    if (known) return known;
    const made = planTest(source);
    if (planCache.size >= PLAN_CACHE_SIZE) planCache.clear();
    planCache.set(source, made);
    return made;
  };

  const prepare = (job: JsJob): Prepared => {
    const { code, tests } = job;
    const language = job.language ?? 'javascript';
    const count = tests.length;
    const limit = (why: string): Prepared => ({
      plans: [],
      decided: new Array<string>(count).fill(`ERROR:OracleLimit: ${why}; not executed`),
    });
    const codeBytes = Buffer.byteLength(code, 'utf8');
    if (codeBytes > resolved.maxCodeBytes) {
      return limit(`snippet is ${codeBytes} bytes, more than maxCodeBytes ${resolved.maxCodeBytes}`);
    }
    if (count > resolved.maxTests) return limit(`the job has ${count} tests, more than maxTests ${resolved.maxTests}`);
    let suiteBytes = 0;
    for (const test of tests) suiteBytes += Buffer.byteLength(test, 'utf8');
    if (suiteBytes > resolved.maxSuiteBytes) {
      return limit(`the tests are ${suiteBytes} bytes, more than maxSuiteBytes ${resolved.maxSuiteBytes}`);
    }
    let script = code;
    let testSources: readonly string[] = tests;
    if (language === 'typescript') {
      const stripped = stripTypes(code);
      if (!stripped.ok) {
        const plans = tests.map((test) => plan(test));
        return { plans, decided: new Array<string>(count).fill(`ERROR:SyntaxError: ${stripped.message}`) };
      }
      script = stripped.code;
      testSources = tests.map((test) => {
        const strippedTest = stripTypes(test);
        return strippedTest.ok ? strippedTest.code : `\u0000${strippedTest.message}`;
      });
    }
    const plans = testSources.map(
      (source): TestPlan =>
        source.startsWith('\u0000')
          ? { kind: 'invalid', outcome: `ERROR:SyntaxError: ${source.slice(1)}` }
          : plan(source),
    );
    if (plans.every((p) => p.kind === 'invalid'))
      return { plans, decided: plans.map((p) => (p as { outcome: string }).outcome) };
    const wire = plans.map((p): WireTest => {
      switch (p.kind) {
        case 'split':
          return { k: 'p', src: p.probe, msg: p.message.kind === 'expression' ? p.message.source : null };
        case 'literal':
          return { k: 'r' };
        case 'child':
          return { k: 'w', src: p.source };
        default:
          return { k: 's' };
      }
    });
    const needsAssert = plans.some((p) => p.kind === 'child' || (p.kind === 'split' && p.usesAssert));
    return { plans, engineJob: { code: script, tests: wire, budgetMs: resolved.timeoutMs, needsAssert } };
  };

  const assemble = (prepared: Prepared, outcome: EngineOutcome | undefined): JsResult => {
    const { plans } = prepared;
    const judgedOf = (p: TestPlan | undefined): Judged =>
      p?.kind === 'split' || p?.kind === 'literal' ? 'split' : 'child';
    if (prepared.decided) {
      const tests = prepared.decided;
      return {
        status: suiteStatus(tests),
        tests,
        judged: tests.map((_, i) => judgedOf(plans[i])),
        durationMs: 0,
        isolation,
        engine: resolved.engine,
      };
    }
    const out = outcome as EngineOutcome;
    const count = plans.length;
    const tests: string[] = [];
    const judged: Judged[] = plans.map(judgedOf);
    const fillAll = (text: string): string[] => new Array<string>(count).fill(text);
    let final: string[];
    if (out.end.kind === 'lost') {
      final = fillAll(`ERROR:OracleServerLost: ${out.end.detail.slice(0, 200)}`);
    } else if (out.end.kind === 'tampered') {
      final = fillAll(`ERROR:ReportTampered: ${out.end.detail.slice(0, 200)}`);
    } else {
      let tampered: string | undefined;
      let timedOut = false;
      for (let i = 0; i < count; i++) {
        const p = plans[i] as TestPlan;
        const report = out.reports[i];
        if (p.kind === 'invalid') {
          tests.push(p.outcome);
          continue;
        }
        if (timedOut) {
          tests.push('TIMEOUT');
          continue;
        }
        if (report === undefined) {
          tests.push(unfinished(out));
          if (out.end.kind === 'timeout') timedOut = true;
          continue;
        }
        const verdict = judgeTest(p, report, resolved.maxMessageBytes);
        if ('tampered' in verdict) {
          tampered = verdict.tampered;
          break;
        }
        tests.push(verdict.outcome);
        if (verdict.outcome === 'TIMEOUT') timedOut = true;
      }
      final = tampered === undefined ? tests : fillAll(`ERROR:ReportTampered: ${tampered}`);
    }
    return {
      status: suiteStatus(final),
      tests: final,
      judged,
      durationMs: out.durationMs,
      isolation,
      engine: resolved.engine,
    };
  };

  let closed = false;
  let jobs = 0;

  const validate = (job: JsJob): void => {
    if (typeof job !== 'object' || job === null)
      throw new TypeError('@execret/oracle JsRunner.run: a job must be an object');
    if (typeof job.code !== 'string') throw new TypeError('@execret/oracle JsRunner.run: job.code must be a string');
    if (!Array.isArray(job.tests) || job.tests.length === 0) {
      throw new TypeError('@execret/oracle JsRunner.run: job.tests must be a non-empty array of strings');
    }
    for (const test of job.tests) {
      if (typeof test !== 'string') throw new TypeError('@execret/oracle JsRunner.run: every test must be a string');
    }
    if (job.language !== undefined && job.language !== 'javascript' && job.language !== 'typescript') {
      throw new RangeError(
        `@execret/oracle JsRunner.run: language must be 'javascript' or 'typescript', received ${String(job.language)}`,
      );
    }
  };

  const run = async (job: JsJob, runOptions: JsRunOptions = {}): Promise<JsResult> => {
    validate(job);
    if (closed) throw new OracleError('closed', '@execret/oracle JsRunner.run: the runner was closed');
    const runSignal = runOptions.signal;
    if (runSignal?.aborted) throw abortError('JsRunner.run', runSignal);
    const prepared = prepare(job);
    jobs++;
    if (!prepared.engineJob) return assemble(prepared, undefined);
    const submitted = engine.submit(prepared.engineJob);
    let outcome: EngineOutcome;
    try {
      outcome = runSignal
        ? await new Promise<EngineOutcome>((resolve, reject) => {
            const onAbort = () => reject(abortError('JsRunner.run', runSignal));
            runSignal.addEventListener('abort', onAbort, { once: true });
            submitted.then(
              (value) => {
                runSignal.removeEventListener('abort', onAbort);
                resolve(value);
              },
              (error) => {
                runSignal.removeEventListener('abort', onAbort);
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
    return assemble(prepared, outcome);
  };

  return {
    info,
    run,
    async runMany(list, manyOptions: JsRunManyOptions = {}) {
      if (!Array.isArray(list)) throw new TypeError('@execret/oracle JsRunner.runMany: jobs must be an array');
      for (const job of list) validate(job);
      const results = new Array<JsResult>(list.length);
      const started = performance.now();
      let done = 0;
      const { onProgress, signal: manySignal } = manyOptions;
      await runConcurrently(
        list.length,
        resolved.concurrency * 4,
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
    },
    stats() {
      const counts = engine.stats();
      return { jobs, processesStarted: counts.started, processesKilled: counts.killed, engineCpuMs: counts.cpuMs };
    },
    async close() {
      if (closed) return;
      closed = true;
      await engine.close();
    },
  };
}

/** Outcome of a test an engine process never reported. */
function unfinished(outcome: EngineOutcome): string {
  const { end } = outcome;
  if (end.kind === 'timeout') return 'TIMEOUT';
  if (end.kind === 'crashed') {
    return end.signal !== null
      ? `ERROR:ChildKilled: killed by ${end.signal} before reporting`
      : `ERROR:ChildExited: exit status ${end.code ?? 'unknown'} before reporting`;
  }
  return 'ERROR:OracleServerLost: the engine process did not report this test';
}

/** The host paths a sandboxed engine process can read. */
function visiblePaths(nodePath: string, files: RunnerFiles, engine: JsEngine): string[] {
  const paths = systemMounts()
    .filter((m) => m.kind === 'bind')
    .map((m) => m.path);
  paths.push(nodePath, files.jsDir);
  if (engine === 'quickjs')
    paths.push(files.quickjs.core.root, files.quickjs.ffiTypes.root, files.quickjs.variant.root);
  return paths.sort();
}
