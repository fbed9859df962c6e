import { join } from 'node:path';
import { OracleError } from '../errors.js';
import {
  DEFAULT_JS_PROCESS_OVERHEAD_MB,
  DEFAULT_JS_STACK_BYTES,
  DEFAULT_JS_WASM_HEADROOM_MB,
  JS_VALUE_LIMITS,
} from './defaults.js';
import type { Engine } from './engine-job.js';
import { startNodeEngine } from './node-engine.js';
import { startQuickJsEngine } from './quickjs-engine.js';
import type { RunnerFiles } from './runner-files.js';
import type { ResolvedJsRunnerOptions } from './runner-options.js';
import { type EngineCommandConfig, engineCommand, SANDBOX_ROOT, systemMounts } from './sandbox-command.js';
import type { JsIsolation } from './types.js';

const MIB = 1024 * 1024;
/** RLIMIT_STACK of a QuickJS host, which runs node with a 64 MiB native stack (deep QuickJS recursion). */
const HOST_STACK_BYTES = 80 * MIB;
const HOST_NODE_STACK_KB = 65_000;
/**
 * A host whose WebAssembly memory grew past this is replaced after the job: a memory never shrinks, and restoring it
 * before every job costs its size (the host holds one memory for all its instances; js/quickjs-host.mjs).
 */
const RECYCLE_WASM_BYTES = 64 * MIB;
/** Runs of js/warmup.js a QuickJS host makes before it says hello (WebAssembly compiles on first call). */
const HOST_WARMUP_RUNS = 2;

/** What every engine process of a runner is started from. */
export interface EngineSetting {
  resolved: ResolvedJsRunnerOptions;
  files: RunnerFiles;
  /** The real path of the node binary engine processes run. */
  nodePath: string;
  /** Whether the runner runs as root (engine processes then drop to a uid per slot). */
  root: boolean;
  /** The leased uid of each slot when root ({@link engineSlots} of them), else `null`. */
  uids: readonly number[] | null;
}

/** A started engine that passed its canary job, and the isolation it runs under. */
export interface StartedEngine {
  engine: Engine;
  isolation: JsIsolation;
  /** Why bwrap failed when `isolation: 'auto'` fell back to rlimit; undefined otherwise. */
  fallbackReason: string | undefined;
}

/**
 * The uid an engine process of slot `slot` runs as when the runner is root: the slot's own uid of the
 * runner's host-wide lease (see `sandbox-uids.ts`), or `null` when not root. (The one place that maps slots
 * to uids.)
 */
function slotUid(uids: readonly number[] | null, slot: number): number | null {
  if (uids === null) return null;
  const uid = uids[slot];
  if (uid === undefined) throw new RangeError(`@execret/oracle createJsRunner: no sandbox uid leased for slot ${slot}`);
  return uid;
}

/** How many engine slots (and so sandbox uids, as root) a runner has: two per process slot for the node engine (a job process and its spare), one per QuickJS host. */
export function engineSlots(resolved: Pick<ResolvedJsRunnerOptions, 'engine' | 'concurrency'>): number {
  return resolved.engine === 'node' ? 2 * resolved.concurrency : resolved.concurrency;
}

/** The command line of one engine process of `resolved.engine` in slot `slot`, under `isolation`. */
function commandFor(
  resolved: ResolvedJsRunnerOptions,
  files: RunnerFiles,
  isolation: JsIsolation,
  nodePath: string,
  root: boolean,
  uids: readonly number[] | null,
  slot: number,
) {
  const inSandbox = isolation === 'bwrap';
  const jsDir = inSandbox ? `${SANDBOX_ROOT}/js` : files.jsDir;
  const binds: { source: string; dest: string }[] = [{ source: files.jsDir, dest: `${SANDBOX_ROOT}/js` }];
  const uid = slotUid(uids, slot);
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
    };
    return engineCommand({
      ...base,
      nodeArgs: [`--stack-size=${HOST_NODE_STACK_KB}`, '--max-old-space-size=256', '--no-warnings'],
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

/** Starts the engine of `setting.resolved.engine` with its processes under `isolation` (not yet checked). */
function startEngine(setting: EngineSetting, isolation: JsIsolation): Engine & { ready: Promise<void> } {
  const { resolved, files, nodePath, root, uids } = setting;
  const command = (slot: number) => commandFor(resolved, files, isolation, nodePath, root, uids, slot);
  if (resolved.engine === 'quickjs') {
    return startQuickJsEngine({
      concurrency: resolved.concurrency,
      command,
      startTimeoutMs: resolved.startTimeoutMs,
      graceMs: resolved.watchdogGraceMs,
      recycleRssBytes: (resolved.memoryMb + DEFAULT_JS_WASM_HEADROOM_MB + DEFAULT_JS_PROCESS_OVERHEAD_MB / 2) * MIB,
      recycleWasmBytes: Math.min(RECYCLE_WASM_BYTES, (resolved.memoryMb + DEFAULT_JS_WASM_HEADROOM_MB) * MIB),
    });
  }
  return startNodeEngine({
    concurrency: resolved.concurrency,
    command,
    startTimeoutMs: resolved.startTimeoutMs,
    graceMs: resolved.watchdogGraceMs,
    sweepUid: (slot) => (isolation === 'rlimit' ? slotUid(uids, slot) : null),
  });
}

/**
 * Starts the engine under `isolation` and checks it with a canary job; the engine when it passes, else
 * the reason (the engine is then closed). Never rejects.
 */
async function tryStart(
  setting: EngineSetting,
  isolation: JsIsolation,
): Promise<{ engine: Engine } | { reason: string }> {
  const engine = startEngine(setting, isolation);
  try {
    await engine.ready;
    // Both phases: a split test's value, then (once sealed) its message and a child test.
    const canary = await engine.submit({
      code: 'function canary(a) { return [a, -0, "\\u00e9"]; }',
      tests: [{ k: 'p', src: 'canary(1)', m: true, a: false }, { k: 'w' }],
      budgetMs: Math.max(setting.resolved.timeoutMs, 10_000),
      withheld: [
        { i: 0, msg: '"canary"' },
        { i: 1, src: 'assert.strictEqual(canary(2)[0], 2)' },
      ],
    });
    const [report, child] = canary.reports;
    if (
      canary.end.kind !== 'done' ||
      report?.k !== 'v' ||
      report.v !== '["a",3,[["0",["d","1"]],["1",["d","-0"]],["2",["s","é"]]],0]' ||
      typeof report.m !== 'string' ||
      child?.k !== 'ok'
    ) {
      throw new Error(`the canary job came back as ${JSON.stringify(canary).slice(0, 300)}`);
    }
    return { engine };
  } catch (error) {
    await engine.close().catch(() => {});
    return { reason: (error as Error).message };
  }
}

/**
 * Starts a checked engine under the isolation `setting.resolved.isolation` asks for: `rlimit` only
 * rlimit; `bwrap` only bwrap; `auto` bwrap, else rlimit with the reason bwrap failed.
 *
 * Rejects with `OracleError` `bwrap-unavailable` when bwrap was required and failed, and
 * `server-start-failed` when no allowed isolation started.
 */
export async function startCheckedEngine(setting: EngineSetting): Promise<StartedEngine> {
  const wanted = setting.resolved.isolation;
  if (wanted === 'rlimit') {
    const started = await tryStart(setting, 'rlimit');
    if ('reason' in started) {
      throw new OracleError(
        'server-start-failed',
        `@execret/oracle createJsRunner: the engine did not start: ${started.reason}`,
      );
    }
    return { engine: started.engine, isolation: 'rlimit', fallbackReason: undefined };
  }
  const started = await tryStart(setting, 'bwrap');
  if ('engine' in started) return { engine: started.engine, isolation: 'bwrap', fallbackReason: undefined };
  if (wanted === 'bwrap') {
    throw new OracleError(
      'bwrap-unavailable',
      `@execret/oracle createJsRunner: isolation 'bwrap' was required and bubblewrap failed its self-test: ${started.reason}`,
    );
  }
  const fallback = await tryStart(setting, 'rlimit');
  if ('reason' in fallback) {
    throw new OracleError(
      'server-start-failed',
      `@execret/oracle createJsRunner: the engine did not start under bwrap (${started.reason}) nor rlimit (${fallback.reason})`,
    );
  }
  return { engine: fallback.engine, isolation: 'rlimit', fallbackReason: started.reason };
}
