import type { OracleInfo } from './types.js';

/** What `createOracle`'s `isolation` option accepts: `auto` (bubblewrap when usable, else rlimits), `bwrap`, `rlimit`. */
export const ISOLATION_REQUESTS = ['auto', 'bwrap', 'rlimit'] as const;
/** One of {@link ISOLATION_REQUESTS}. */
export type IsolationRequest = (typeof ISOLATION_REQUESTS)[number];

/**
 * What a snippet can do under the isolation in force, beyond what its tests see, one sentence per line: nothing
 * under bubblewrap; under rlimits, read the files its uid may read (so forge passes from a test suite on disk),
 * reach the network, and either write the host's world-writable folders (as root, where it runs as an unprivileged
 * uid) or read the caller's environment, signal its processes and write its files (not as root).
 *
 * @example
 * isolationRisks(oracle.info, process.getuid?.() === 0); // [] under bubblewrap
 */
export function isolationRisks(info: Pick<OracleInfo, 'isolation'>, root: boolean): string[] {
  if (info.isolation !== 'rlimit') return [];
  return [
    'Under rlimit a snippet can read every file its uid may read (a test suite on disk gives it the expected values, so it can forge passes), reach the network,',
    root
      ? 'and write to the host’s world-writable directories other than its private /tmp, /var/tmp and /dev/shm.'
      : 'and, not running as root, read your environment (API keys) from /proc, signal your processes and write your files, the execution cache included.',
  ];
}
