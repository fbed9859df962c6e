import { QUICKJS_VARIANT, type RunnerFiles } from './runner-files.js';
import type { ResolvedJsRunnerOptions } from './runner-options.js';
import { systemMounts } from './sandbox-command.js';
import type { JsEngine, JsIsolation, JsRunnerInfo } from './types.js';

/** What a started runner's `info` is made from. */
export interface RunnerInfoSetting {
  resolved: ResolvedJsRunnerOptions;
  files: RunnerFiles;
  node: { path: string; version: string };
  /** Whether the runner runs as root (engine processes then drop to a uid per slot). */
  root: boolean;
  isolation: JsIsolation;
  /** Why bwrap failed when `isolation: 'auto'` fell back to rlimit; undefined otherwise. */
  fallbackReason: string | undefined;
  /** The leased uid of each engine slot when root, else `null`. */
  uids: readonly number[] | null;
}

/**
 * A started runner's {@link JsRunnerInfo}: engine and isolation, the warnings that weaken the sandbox
 * (rlimit isolation, not running as root), versions, the host paths a sandboxed snippet can see, limits.
 */
export function runnerInfo(setting: RunnerInfoSetting): JsRunnerInfo {
  const { resolved, files, node, root, isolation, fallbackReason } = setting;
  return {
    engine: resolved.engine,
    isolation,
    ...(fallbackReason === undefined ? {} : { fallbackReason }),
    warnings: runnerWarnings(resolved.engine, isolation, root),
    node,
    ...(resolved.engine === 'quickjs'
      ? { quickjs: { variant: QUICKJS_VARIANT, version: files.quickjs.variant.version } }
      : {}),
    visiblePaths: isolation === 'bwrap' ? visiblePaths(node.path, files, resolved.engine) : ['/'],
    timeoutMs: resolved.timeoutMs,
    memoryMb: resolved.memoryMb,
    concurrency: resolved.concurrency,
    uidDrop: root,
    sandboxUids: setting.uids === null ? null : [...setting.uids],
  };
}

/** The warnings of a runner of `engine` under `isolation`, as root or not, in this order. */
function runnerWarnings(engine: JsEngine, isolation: JsIsolation, root: boolean): string[] {
  const warnings: string[] = [];
  if (isolation === 'rlimit') {
    warnings.push(
      engine === 'node'
        ? 'isolation rlimit with the node engine: snippets have all of Node and can use the network and read every file the sandbox uid can read'
        : 'isolation rlimit: the QuickJS host is not in a namespace sandbox (snippets still have no I/O inside QuickJS)',
    );
  }
  if (!root) {
    warnings.push(
      'not running as root: engine processes keep your uid (no RLIMIT_NPROC; under rlimit a node-engine snippet can signal your processes)',
    );
  }
  return warnings;
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
