import { abortError, OracleError } from './errors.js';
import {
  type ForkServer,
  type ServerConfig,
  type ServerIsolation,
  type ServerJob,
  startForkServer,
} from './fork-server.js';
import type { OracleIsolation } from './types.js';

/** Budget of the canary job every server runs before it is used. */
const CANARY_TIMEOUT_MS = 30_000;

function canaryJob(root: boolean): { job: ServerJob; expected: string[] } {
  return {
    job: {
      code: 'import os\ndef f(x):\n    return x + 1\n',
      tests: [
        'assert f(1) == 2',
        'assert f(1) == 3',
        root ? 'assert os.getuid() != 0 and os.getgid() != 0' : 'assert True',
        'import colorsys, json; assert colorsys.rgb_to_hls(0, 0, 0)[1] == 0 and json.loads("[1]") == [1]',
      ],
      timeoutMs: CANARY_TIMEOUT_MS,
      judging: 'split',
      workLimit: 0,
    },
    expected: ['pass', 'FAIL', 'pass', 'pass'],
  };
}

/**
 * Starts one server and checks it end to end: the hello must report the uid drop when running as root,
 * and a canary job must give exactly `pass`, `FAIL`, `pass`, `pass` (a passing and a failing assert, the
 * dropped uid, an on-demand standard-library import).
 *
 * @throws {Error} saying what failed (the server is killed)
 * @internal
 */
async function startChecked(
  config: ServerConfig,
  signal: AbortSignal | undefined,
  onExit: (server: ForkServer, reason: string) => void,
): Promise<ForkServer> {
  const server = await startForkServer(config, { ...(signal ? { signal } : {}), onExit });
  try {
    if (config.root && !server.hello.drop_uid)
      throw new Error('the server runs as root but cannot drop its children to the sandbox uid');
    const canary = canaryJob(config.root);
    const reply = await server.submit(canary.job);
    if (reply.kind !== 'result')
      throw new Error(`canary job: ${reply.kind === 'lost' ? reply.reason : 'server exited'}`);
    if (JSON.stringify(reply.tests) !== JSON.stringify(canary.expected)) {
      throw new Error(`canary job gave ${JSON.stringify(reply.tests)}, expected ${JSON.stringify(canary.expected)}`);
    }
    return server;
  } catch (error) {
    server.kill();
    throw error;
  }
}

/** What {@link startServers} needs. @internal */
export interface StartServersOptions {
  /** The isolation asked for. */
  requested: 'auto' | OracleIsolation;
  /** Number of servers. */
  concurrency: number;
  /** The configuration of server slot `index` under `isolation`. */
  config: (index: number, isolation: ServerIsolation) => ServerConfig;
  /** Why bwrap cannot be used at all (no sandbox view could be built), when that is known in advance. */
  bwrapUnusable: Error | undefined;
  /** The bubblewrap command, for messages. */
  bwrap: string;
  signal: AbortSignal | undefined;
  onExit: (server: ForkServer, reason: string) => void;
}

/**
 * Starts the pool's servers: the first decides the isolation (it is the self-test: under `'auto'` a bwrap
 * server that fails its start or canary makes the pool fall back to rlimit), then the rest in parallel.
 * Every server has passed its canary job when this resolves; on any failure every server is killed.
 *
 * @throws {OracleError} `bwrap-unavailable` (`requested: 'bwrap'` and bwrap failed), `server-start-failed`,
 *   `aborted`
 * @internal
 */
export async function startServers(
  options: StartServersOptions,
): Promise<{ isolation: ServerIsolation; fallbackReason: string | undefined; servers: ForkServer[] }> {
  const { requested, concurrency, config, signal, onExit } = options;
  let isolation: ServerIsolation = requested === 'rlimit' ? 'rlimit' : 'bwrap';
  let fallbackReason: string | undefined;
  let first: ForkServer;
  try {
    if (isolation === 'bwrap' && options.bwrapUnusable) throw options.bwrapUnusable;
    first = await startChecked(config(0, isolation), signal, onExit);
  } catch (error) {
    if (signal?.aborted) throw abortError('createOracle', signal);
    if (isolation === 'bwrap') {
      if (requested === 'bwrap') {
        throw new OracleError(
          'bwrap-unavailable',
          `@execret/oracle createOracle: isolation 'bwrap' requested but bubblewrap ("${options.bwrap}") failed its self-test: ${(error as Error).message}. Install bubblewrap (apt-get install bubblewrap) or pass isolation 'auto' or 'rlimit'`,
          { cause: error },
        );
      }
      fallbackReason = (error as Error).message;
      isolation = 'rlimit';
      try {
        first = await startChecked(config(0, isolation), signal, onExit);
      } catch (error2) {
        if (signal?.aborted) throw abortError('createOracle', signal);
        throw new OracleError(
          'server-start-failed',
          `@execret/oracle createOracle: no fork server could start (bwrap: ${fallbackReason}; rlimit: ${(error2 as Error).message})`,
          { cause: error2 },
        );
      }
    } else {
      throw new OracleError(
        'server-start-failed',
        `@execret/oracle createOracle: the fork server did not start: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  const rest = await Promise.allSettled(
    Array.from({ length: concurrency - 1 }, (_, i) => startChecked(config(i + 1, isolation), signal, onExit)),
  );
  const servers = [first, ...rest.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))];
  const failed = rest.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed || signal?.aborted) {
    for (const server of servers) server.kill();
    if (signal?.aborted) throw abortError('createOracle', signal);
    throw new OracleError(
      'server-start-failed',
      `@execret/oracle createOracle: a fork server did not start: ${(failed!.reason as Error).message}`,
      { cause: failed?.reason },
    );
  }
  return { isolation, fallbackReason, servers };
}
