import type { JsRunnerInfo } from './js/types.js';
import type { OracleInfo } from './types.js';

/**
 * How an oracle runs, in one line for logs: its isolation, fork servers, interpreter, and how a job's memory is
 * limited (a control group per server, or per process only).
 *
 * @example
 * describeOracle(oracle.info); // 'bwrap isolation, 2 fork servers, Python 3.11.7, a cgroup v1 per server (1152 MiB)'
 */
export function describeOracle(
  info: Pick<OracleInfo, 'isolation' | 'concurrency' | 'python'> & Partial<Pick<OracleInfo, 'cgroup'>>,
): string {
  const base = `${info.isolation} isolation, ${info.concurrency} fork servers, Python ${info.python.version}`;
  if (info.cgroup === undefined) return base;
  const memory =
    info.cgroup.kind === 'per-server'
      ? `a cgroup ${info.cgroup.version} per server (${Math.round(info.cgroup.memoryBytes / 2 ** 20)} MiB)`
      : 'memory limited per process (no cgroup)';
  return `${base}, ${memory}`;
}

/**
 * How the JavaScript runner runs (`oracle.info.javascript`, once a JavaScript job has started it), in one line.
 *
 * @example
 * describeJsRunner(oracle.info.javascript!); // 'quickjs (release-sync 0.31.0), node v20.20.2, bwrap isolation'
 */
export function describeJsRunner(js: Pick<JsRunnerInfo, 'engine' | 'quickjs' | 'node' | 'isolation'>): string {
  const build = js.quickjs ? ` (${js.quickjs.variant} ${js.quickjs.version})` : '';
  return `${js.engine}${build}, node ${js.node.version}, ${js.isolation} isolation`;
}
