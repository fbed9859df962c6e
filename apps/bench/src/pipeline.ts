import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  ablationPools,
  distractorRetentionOrders,
  executeRetrieved,
  type PassTable,
  type PoolView,
  poolFromBenchmark,
  rankSystem,
  type Scorer,
  type Shard,
  type SystemRanking,
  type VerifyReport,
  verifyGroups,
} from '@execret/analyses';
import { type Benchmark, HUB_PARTS, type HubPart, loadExecRetrieval } from '@execret/dataset';
import { createOracle, type Oracle } from '@execret/oracle';
import { type CommandContext, type Io, listOption, UsageError } from './command.js';
import type { Config } from './config.js';
import { createProgressBar } from './progress.js';
import { isolationChoice, warnIfUnsandboxed } from './sandbox.js';

/** Where the oracle's execution cache lives. */
export function executionCacheFile(config: Pick<Config, 'cacheDir'>): string {
  return join(config.cacheDir, 'executions', 'execution_cache.jsonl');
}

export interface LoadedDataset {
  readonly source: string;
  readonly benchmark: Benchmark;
  readonly pool: PoolView;
  /** SHA-256 of each data file as read. */
  readonly checksums: Record<string, string>;
  /** The Hub commit the files are from, `null` for other sources. */
  readonly commit: string | null;
  /** Local directories of the optional parts loaded with `--with`. */
  readonly parts: Partial<Record<HubPart, string>>;
}

/** The `--with` option: optional parts of the release (`embeddings,results,tests`). */
export function datasetPartsOption(values: CommandContext['values']): HubPart[] {
  const parts: HubPart[] = [];
  for (const name of listOption(values, 'with')) {
    if (!(HUB_PARTS as readonly string[]).includes(name))
      throw new UsageError(`--with takes ${HUB_PARTS.join(', ')}; got ${JSON.stringify(name)}`);
    if (!parts.includes(name as HubPart)) parts.push(name as HubPart);
  }
  return parts;
}

/** Loads a dataset (`mini`, a directory, or `hf:owner/name[@rev]`) with download progress. */
export async function loadDataset(
  source: string,
  config: Config,
  io: Io,
  signal: AbortSignal,
  parts: readonly HubPart[] = [],
): Promise<LoadedDataset> {
  const bar = createProgressBar(`download ${source}`, 0, { enabled: io.progress });
  let drew = false;
  const benchmark = await loadExecRetrieval(source, {
    cacheDir: join(config.cacheDir, 'datasets'),
    endpoint: config.hfEndpoint,
    ...(config.keys.huggingface ? { token: config.keys.huggingface.reveal() } : {}),
    offline: config.offline,
    ...(parts.length > 0 ? { with: parts } : {}),
    signal,
    onProgress: (event) => {
      if (event.phase !== 'progress') return;
      drew = true;
      bar.update(event.receivedBytes, event.totalBytes ?? undefined);
    },
  });
  if (drew) bar.finish('done');
  const checksums = Object.fromEntries(benchmark.loadReport.files.map((f) => [f.file, f.sha256]));
  for (const r of benchmark.loadReport.hub?.refused ?? []) io.warn(`${source}: ${r.message}`);
  return {
    source,
    benchmark,
    pool: poolFromBenchmark(benchmark),
    checksums,
    commit: benchmark.source.commit ?? null,
    parts: benchmark.source.parts ?? {},
  };
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
    cacheFile: executionCacheFile(config),
    isolation,
    ...(config.python ? { python: config.python } : {}),
    ...(config.bwrap ? { bwrap: config.bwrap } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  warnIfUnsandboxed(io, isolation, oracle);
  return oracle;
}

/** `@execret/analyses`' `verifyGroups` over a loaded dataset, with a progress bar and the time it took. */
export async function verifyDataset(
  dataset: LoadedDataset,
  oracle: Oracle,
  table: PassTable,
  io: Io,
  signal: AbortSignal,
  shard?: Shard,
): Promise<VerifyReport & { seconds: number }> {
  const started = performance.now();
  const bar = createProgressBar('verify', 0, { enabled: io.progress });
  const report = await verifyGroups(dataset.pool, oracle, table, {
    signal,
    ...(shard ? { shard } : {}),
    ...(dataset.benchmark.executionCache ? { releaseCache: dataset.benchmark.executionCache } : {}),
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.finish(`${report.pairs} pairs (${report.cached} cached)`);
  return { ...report, seconds: (performance.now() - started) / 1000 };
}

/** Ranks every system over the full pool and the seeded ablation pools. */
export async function rankSystems(
  scorers: readonly Scorer[],
  pool: PoolView,
  seed: number,
  io: Io,
): Promise<SystemRanking[]> {
  const pools = ablationPools(pool, distractorRetentionOrders(pool, seed));
  const out: SystemRanking[] = [];
  const bar = createProgressBar('rank', scorers.length, { enabled: io.progress });
  for (const [i, scorer] of scorers.entries()) {
    out.push(await rankSystem(scorer, pool, pools));
    bar.update(i + 1);
  }
  bar.finish(`${scorers.length} systems`);
  return out;
}

/** `@execret/analyses`' `executeRetrieved` with a progress bar. */
export async function executeRetrievedPairs(
  rankings: readonly Pick<SystemRanking, 'runDocs' | 'ablation'>[],
  pool: PoolView,
  oracle: Oracle,
  table: PassTable,
  io: Io,
  signal: AbortSignal,
  shard?: Shard,
): Promise<{ pairs: number; executed: number; cached: number }> {
  const bar = createProgressBar('execute retrieved', 0, { enabled: io.progress });
  const result = await executeRetrieved(rankings, pool, oracle, table, {
    signal,
    ...(shard ? { shard } : {}),
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.finish(`${result.executed + result.cached} pairs (${result.cached} cached)`);
  return result;
}
