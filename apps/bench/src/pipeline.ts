import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  ablationPools,
  type PoolView,
  poolFromBenchmark,
  rankSystem,
  type Scorer,
  type SystemRanking,
} from '@execret/analyses';
import {
  type Benchmark,
  HUB_PARTS,
  type HubLoadInfo,
  type HubPart,
  loadExecRetrieval,
  lookupExecution,
  retentionOrder,
} from '@execret/dataset';
import { codeSha256, testsSha256 } from '@execret/formats';
import type { TieMode } from '@execret/metrics';
import { createOracle, type Oracle } from '@execret/oracle';
import { type CommandContext, type Io, listOption, UsageError } from './command.js';
import type { Config } from './config.js';
import { executePairs, inShard, PairSet, type PassTable } from './execution.js';
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

/** The manifest's record of a Hub load (`dataset_hub`): commit, how it was found, parts, checks. */
export function datasetHubManifest(hub: HubLoadInfo | undefined): Record<string, unknown> | null {
  if (hub === undefined) return null;
  return {
    repository: hub.repository,
    revision: hub.revision,
    commit: hub.commit,
    resolution: hub.resolution,
    offline: hub.offline,
    ...(hub.offlineReason !== undefined ? { offline_reason: hub.offlineReason } : {}),
    sha256sums: hub.checksums,
    parts: Object.keys(hub.parts),
    files: hub.files.map((f) => ({ file: f.file, status: f.status, bytes: f.bytes, integrity: f.integrity })),
    refused: hub.refused.map((r) => ({ path: r.path, reason: r.reason })),
  };
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

export interface VerifyReport {
  readonly pairs: number;
  readonly executed: number;
  readonly cached: number;
  readonly canonicalsPassing: number;
  readonly canonicals: number;
  readonly distractorsFailing: number;
  readonly distractors: number;
  /** Own-group pairs whose outcome contradicts the label: a failing canonical or a passing distractor. */
  readonly contradictions: {
    query_id: string;
    corpus_id: string;
    label: string;
    status: string;
    tests: readonly string[];
  }[];
  /** Pairs where the release's execution cache disagrees with the oracle on pass/fail. */
  readonly releaseDisagreements: number;
  /** Own-group pairs the release's execution cache knows. */
  readonly releaseKnown: number;
  readonly seconds: number;
}

/** Executes every query's own group (canonicals and paired distractors) and checks the labels. */
export async function verifyGroups(
  dataset: LoadedDataset,
  oracle: Oracle,
  table: PassTable,
  io: Io,
  signal: AbortSignal,
  shard?: { index: number; count: number },
): Promise<VerifyReport> {
  const { pool, benchmark } = dataset;
  const started = performance.now();
  const pairs = new PairSet(pool.docIds.length);
  let index = 0;
  pool.queryIds.forEach((_, q) => {
    for (const d of [...pool.canonicals[q]!, ...pool.distractors[q]!]) {
      if (inShard(index++, shard)) pairs.add(q, d);
    }
  });
  const bar = createProgressBar('verify', pairs.pairs.length, { enabled: io.progress });
  const { executed, cached } = await executePairs(oracle, pool, pairs.pairs, table, {
    signal,
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.finish(`${pairs.pairs.length} pairs (${cached} cached)`);
  let canonicals = 0;
  let canonicalsPassing = 0;
  let distractors = 0;
  let distractorsFailing = 0;
  let releaseKnown = 0;
  let releaseDisagreements = 0;
  const contradictions: VerifyReport['contradictions'][number][] = [];
  const release = benchmark.executionCache;
  for (const [q, d] of pairs.pairs) {
    const outcome = table.get(q, d)!;
    const isCanonical = pool.canonicals[q]!.includes(d);
    if (isCanonical) {
      canonicals++;
      if (outcome.passes) canonicalsPassing++;
    } else {
      distractors++;
      if (!outcome.passes) distractorsFailing++;
    }
    if (isCanonical !== outcome.passes) {
      contradictions.push({
        query_id: pool.queryIds[q]!,
        corpus_id: pool.docIds[d]!,
        label: isCanonical ? 'correct' : 'incorrect',
        status: outcome.status,
        tests: outcome.tests,
      });
    }
    if (release) {
      const known = lookupRelease(release, pool.code[d]!, pool.tests[q]!);
      if (known !== undefined) {
        releaseKnown++;
        if (known !== outcome.passes) releaseDisagreements++;
      }
    }
  }
  return {
    pairs: pairs.pairs.length,
    executed,
    cached,
    canonicals,
    canonicalsPassing,
    distractors,
    distractorsFailing,
    contradictions,
    releaseDisagreements,
    releaseKnown,
    seconds: (performance.now() - started) / 1000,
  };
}

function lookupRelease(
  cache: NonNullable<Benchmark['executionCache']>,
  code: string,
  tests: readonly string[],
): boolean | undefined {
  return lookupExecution(cache, codeSha256(code), testsSha256(tests))?.passesAllTests ?? undefined;
}

/** The seeded retention order of each query's distractors, as document indices. */
function retentionOrders(pool: PoolView, seed: number): (q: number) => Int32Array {
  return (q) => {
    const ids = Array.from(pool.distractors[q]!, (d) => pool.docIds[d]!);
    const order = retentionOrder(ids, pool.queryIds[q]!, seed);
    const byId = new Map(Array.from(pool.distractors[q]!, (d) => [pool.docIds[d]!, d]));
    return Int32Array.from(order, (id) => byId.get(id)!);
  };
}

/** Ranks every system over the full pool and the ablation pools. */
export async function rankSystems(
  scorers: readonly Scorer[],
  pool: PoolView,
  seed: number,
  io: Io,
): Promise<SystemRanking[]> {
  const pools = ablationPools(pool, retentionOrders(pool, seed));
  const out: SystemRanking[] = [];
  const bar = createProgressBar('rank', scorers.length, { enabled: io.progress });
  for (const [i, scorer] of scorers.entries()) {
    out.push(await rankSystem(scorer, pool, pools));
    bar.update(i + 1);
  }
  bar.finish(`${scorers.length} systems`);
  return out;
}

/** Executes every retrieved pair (runs and ablation top-10s) that the table does not know yet. */
export async function executeRetrieved(
  rankings: readonly Pick<SystemRanking, 'runDocs' | 'ablation'>[],
  pool: PoolView,
  oracle: Oracle,
  table: PassTable,
  io: Io,
  signal: AbortSignal,
  shard?: { index: number; count: number },
): Promise<{ pairs: number; executed: number; cached: number }> {
  const pairs = new PairSet(pool.docIds.length);
  for (const ranking of rankings) {
    ranking.runDocs.forEach((docs, q) => {
      docs.forEach((d) => {
        pairs.add(q, d);
      });
    });
    for (const { top } of ranking.ablation)
      top.forEach((docs, q) => {
        docs.forEach((d) => {
          pairs.add(q, d);
        });
      });
  }
  const todo = pairs.pairs.filter(([q, d], i) => !table.has(q, d) && inShard(i, shard));
  const bar = createProgressBar('execute retrieved', todo.length, { enabled: io.progress });
  const result = await executePairs(oracle, pool, todo, table, {
    signal,
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.finish(`${todo.length} pairs (${result.cached} cached)`);
  return { pairs: pairs.pairs.length, ...result };
}

/** Ties mode names accepted by `--ties`. */
export const TIE_MODES: readonly TieMode[] = ['trec', 'expected'];
