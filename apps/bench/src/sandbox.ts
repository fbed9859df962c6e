import {
  createOracle,
  DEFAULT_ISOLATION,
  ISOLATION_REQUESTS,
  type IsolationRequest,
  isolationRisks,
  type Oracle,
  type OracleIsolation,
} from '@execret/oracle';
import { cacheLayout } from '@execret/pipeline';
import { type CommandContext, type Io, intOption, stringOption, UsageError } from './command.js';
import type { Config } from './config.js';

/**
 * The isolation a command asks the oracle for: `--isolation`, else `EXECRET_ISOLATION`, else the oracle's
 * default (`auto`).
 *
 * @throws {UsageError} naming the flag or the variable when the value is not one of auto, bwrap, rlimit
 */
export function isolationChoice(flag: string | undefined, config: Pick<Config, 'isolation'>): IsolationRequest {
  const [value, source] =
    flag !== undefined ? [flag, '--isolation'] : [config.isolation ?? DEFAULT_ISOLATION, 'EXECRET_ISOLATION'];
  if (!(ISOLATION_REQUESTS as readonly string[]).includes(value))
    throw new UsageError(`${source} must be one of ${ISOLATION_REQUESTS.join(', ')}, got ${JSON.stringify(value)}`);
  return value as IsolationRequest;
}

/**
 * The one warning a run prints when `auto` isolation fell back to rlimits: what a snippet can then do and
 * how to get bubblewrap; `undefined` under bubblewrap or when rlimit was asked for.
 */
export function fallbackWarning(
  requested: IsolationRequest,
  info: Pick<Oracle['info'], 'isolation' | 'fallbackReason'>,
): string | undefined {
  if (requested !== 'auto' || info.isolation !== 'rlimit') return undefined;
  return [
    `oracle: bubblewrap is not usable here${info.fallbackReason ? ` (${info.fallbackReason.split('\n')[0]?.slice(0, 200)})` : ''}, so snippets run with rlimits only (rlimit isolation).`,
    ...isolationRisks(info, process.getuid?.() === 0),
    'Install bubblewrap (apt-get install bubblewrap) to sandbox it, pass --isolation bwrap to require it, or --isolation rlimit to accept this without the warning.',
  ].join('\n  ');
}

/**
 * Refuses to run code or tests written by a language model (`execret generate`, `exec/tests@…`,
 * `exec/probe@…`) outside bubblewrap unless the user said so with `--allow-unsandboxed`.
 *
 * @throws {UsageError} when `isolation` is rlimit and `allowed` is false
 */
export function requireSandbox(isolation: OracleIsolation, what: string, allowed: boolean): void {
  if (isolation !== 'rlimit' || allowed) return;
  throw new UsageError(
    `${what} runs code or tests written by a language model, and the oracle has no sandbox here (rlimit isolation: files, network and, without root, your environment are reachable). Install bubblewrap (apt-get install bubblewrap), or pass --allow-unsandboxed to run it anyway.`,
  );
}

/**
 * Starts the oracle with the persistent execution cache, in the isolation asked for (`--isolation`, else
 * `EXECRET_ISOLATION`, else auto); warns once when auto fell back to rlimits.
 */
export async function startOracle(
  config: Config,
  io: Pick<Io, 'warn'>,
  options: { timeoutMs?: number; concurrency?: number; isolation?: string; signal?: AbortSignal } = {},
): Promise<Oracle> {
  const isolation = isolationChoice(options.isolation, config);
  const oracle = await createOracle({
    cacheFile: cacheLayout(config.cacheDir).executions,
    isolation,
    ...(config.python ? { python: config.python } : {}),
    ...(config.bwrap ? { bwrap: config.bwrap } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const warning = fallbackWarning(isolation, oracle.info);
  if (warning !== undefined) io.warn(warning);
  return oracle;
}

/** The oracle a command's `ORACLE_OPTIONS` ask for (`--timeout-ms`, `--concurrency`, `--isolation`; see {@link startOracle}). */
export function startCommandOracle({ values, config, io, signal }: CommandContext): Promise<Oracle> {
  const timeoutMs = intOption(values, 'timeout-ms', 0);
  const concurrency = intOption(values, 'concurrency', 0);
  if (timeoutMs < 0 || concurrency < 0) throw new UsageError('--timeout-ms and --concurrency must be positive');
  const isolation = stringOption(values, 'isolation');
  return startOracle(config, io, {
    ...(timeoutMs > 0 ? { timeoutMs } : {}),
    ...(concurrency > 0 ? { concurrency } : {}),
    ...(isolation !== undefined ? { isolation } : {}),
    signal,
  });
}
