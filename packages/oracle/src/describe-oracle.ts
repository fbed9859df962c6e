import type { JsRunnerInfo } from './js/types.js';
import type { OracleInfo } from './types.js';

/**
 * How an oracle runs, in one line for logs: its isolation, fork servers and interpreter.
 *
 * @example
 * describeOracle(oracle.info); // 'bwrap isolation, 2 fork servers, Python 3.11.7'
 */
export function describeOracle(info: Pick<OracleInfo, 'isolation' | 'concurrency' | 'python'>): string {
  return `${info.isolation} isolation, ${info.concurrency} fork servers, Python ${info.python.version}`;
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
