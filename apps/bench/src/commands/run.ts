import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBm25Scorer, languageCounts, PassTable, type Scorer, type VerifyReport } from '@execret/analyses';
import {
  type ManifestEmbedding,
  manifestEmbedding,
  manifestHub,
  manifestJavascriptRunner,
  RESULTS_LAYOUT,
  type RunManifest,
} from '@execret/dataset';
import type { ModelConfig } from '@execret/embedders';
import { DEFAULT_TIES, type TieMode } from '@execret/metrics';
import type { Oracle } from '@execret/oracle';
import { twoStageSummary } from '@execret/rerankers';
import { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from '@execret/stats';
import { type Command, type CommandContext, intOption, listOption, stringOption, UsageError } from '../command.js';
import { datasetPartsOption, type LoadedDataset, loadDataset, startOracle, verifyDataset } from '../pipeline.js';
import { leaderboardMarkdown, leaderboardRows } from '../report/leaderboard.js';
import { RERANK_OPTIONS, type RerankPlan, rerankPlan } from '../rerank-options.js';
import { writeJson } from '../results-io.js';
import { isolationChoice } from '../sandbox.js';
import { compareStage, reportStage, scoreStage } from '../stages.js';
import { embedModel, readModelConfigs, scorerForEmbedded, selectModels } from '../systems.js';
import { packageVersions } from '../versions.js';
import {
  CUSTOM_MODEL_OPTIONS,
  DATASET_OPTIONS,
  MODELS_OPTION,
  ORACLE_OPTIONS,
  OUT_OPTION,
  STATS_OPTIONS,
  TIES_OPTION,
} from './options.js';

/** Ties mode names accepted by `--ties` (`@execret/metrics`' modes). */
const TIE_MODES: readonly TieMode[] = ['trec', 'expected'];

export function tiesOption(values: CommandContext['values']): TieMode {
  const ties = stringOption(values, 'ties') ?? DEFAULT_TIES;
  if (!(TIE_MODES as readonly string[]).includes(ties)) {
    throw new UsageError(`--ties must be one of ${TIE_MODES.join(', ')}, got ${JSON.stringify(ties)}`);
  }
  return ties as TieMode;
}

export function oracleSettings(values: CommandContext['values']): {
  timeoutMs?: number;
  concurrency?: number;
  isolation?: string;
} {
  const timeoutMs = intOption(values, 'timeout-ms', 0);
  const concurrency = intOption(values, 'concurrency', 0);
  if (timeoutMs < 0 || concurrency < 0) throw new UsageError('--timeout-ms and --concurrency must be positive');
  const isolation = stringOption(values, 'isolation');
  return {
    ...(timeoutMs > 0 ? { timeoutMs } : {}),
    ...(concurrency > 0 ? { concurrency } : {}),
    ...(isolation !== undefined ? { isolation } : {}),
  };
}

/**
 * Builds the scorers of a run: BM25 and every embedding model that can be used (embedded through the
 * cache). Skipped defaults are reported, not fatal.
 */
export async function buildScorers(
  context: CommandContext,
  dataset: LoadedDataset,
  requested: readonly string[],
): Promise<{
  scorers: Scorer[];
  skipped: { model: string; reason: string }[];
  embedding: Record<string, ManifestEmbedding>;
}> {
  const { config, io, signal } = context;
  const custom = await readModelConfigs(listOption(context.values, 'model-config'));
  const selection = selectModels(requested, config);
  const explicit = selection.explicit || custom.length > 0;
  const models: (string | ModelConfig)[] = [
    ...(requested.length === 0 && custom.length > 0 ? ['bm25'] : selection.models),
    ...custom,
  ];
  const localModels = stringOption(context.values, 'local-models');
  const scorers: Scorer[] = [];
  const skipped: { model: string; reason: string }[] = [];
  const embedding: Record<string, ManifestEmbedding> = {};
  for (const entry of models) {
    if (entry === 'bm25') {
      scorers.push(createBm25Scorer(dataset.pool));
      continue;
    }
    const model = typeof entry === 'string' ? entry : entry.id;
    const started = performance.now();
    const outcome = await embedModel(entry, dataset.pool, {
      config,
      io,
      signal,
      explicit,
      ...(localModels ? { localModels: resolve(localModels) } : {}),
    });
    if (outcome.status === 'skipped' || outcome.system === undefined) {
      const reason = outcome.reason ?? 'not available';
      skipped.push({ model, reason });
      io.warn(`skipping ${model}: ${reason}`);
      continue;
    }
    scorers.push(scorerForEmbedded(dataset.pool, model, outcome.system));
    const { info, usage, cacheHits } = outcome.system;
    embedding[model] = manifestEmbedding(info, { cacheHits, usage, seconds: (performance.now() - started) / 1000 });
  }
  return { scorers, skipped, embedding };
}

export const runCommand: Command = {
  name: 'run',
  summary: 'the whole benchmark: verify, embed, rank, execute, score, compare, report',
  usage: 'execret run [--dataset mini] [--models bm25,local/all-minilm-l6-v2] [--out execret-results]',
  options: {
    ...DATASET_OPTIONS,
    ...MODELS_OPTION,
    ...CUSTOM_MODEL_OPTIONS,
    ...OUT_OPTION,
    ...TIES_OPTION,
    ...STATS_OPTIONS,
    ...ORACLE_OPTIONS,
    ...RERANK_OPTIONS,
    'skip-verify': { type: 'boolean', description: 'do not execute the dataset’s own groups first' },
    'no-execute': {
      type: 'boolean',
      description: 'execute nothing (no oracle): retrieved pairs unknown to the cache count as not passing',
    },
  },
  examples: [
    'execret run                                   # bundled mini set, offline',
    'execret run --dataset hf:anonpapersubmission01/execretrieval --models bm25,openai/text-embedding-3-large',
    'execret run --ties expected --json > run.json',
    'COHERE_API_KEY=... execret run --models bm25 --rerank cohere/rerank-v3.5,exec/consensus --rerank-depth 20',
  ],
  async run(context) {
    const { values, config, io, signal } = context;
    const started = performance.now();
    const out = resolve(stringOption(values, 'out') ?? 'execret-results');
    const ties = tiesOption(values);
    const seed = intOption(values, 'seed', DEFAULT_SEED);
    const resamples = intOption(values, 'resamples', DEFAULT_RESAMPLES);
    if (resamples < 1) throw new UsageError('--resamples must be at least 1');
    const execute = values['no-execute'] !== true;
    const source = stringOption(values, 'dataset') ?? 'mini';

    const timings: Record<string, number> = {};
    let t = performance.now();
    const dataset = await loadDataset(source, config, io, signal, datasetPartsOption(values));
    timings.load = (performance.now() - t) / 1000;
    io.log(`dataset ${source}: ${dataset.pool.queryIds.length} queries, ${dataset.pool.docIds.length} snippets`);

    const table = new PassTable(dataset.pool.docIds.length);
    let oracle: Oracle | undefined;
    let verify: (VerifyReport & { seconds: number }) | undefined;
    let rerank: RerankPlan | undefined;
    try {
      if (execute) oracle = await startOracle(config, io, { ...oracleSettings(values), signal });
      if (oracle)
        io.log(
          `oracle: ${oracle.info.isolation} isolation, ${oracle.info.concurrency} fork servers, Python ${oracle.info.python.version}`,
        );
      // Second stages are created before any work, so a bad --rerank or a missing key fails at once.
      const defaultRun = listOption(values, 'models').length === 0 && listOption(values, 'model-config').length === 0;
      rerank = await rerankPlan(context, { defaultRun, oracle, languages: dataset.pool.languages });
      if (oracle && values['skip-verify'] !== true) {
        t = performance.now();
        verify = await verifyDataset(dataset, oracle, table, io, signal);
        timings.verify = (performance.now() - t) / 1000;
        io.log(
          `verify: ${verify.canonicalsPassing}/${verify.canonicals} canonicals pass, ${verify.distractorsFailing}/${verify.distractors} distractors fail` +
            (verify.contradictions.length > 0 ? ` — ${verify.contradictions.length} contradict their label` : ''),
        );
        if (verify.contradictions.length > 0)
          io.warn(`${verify.contradictions.length} snippets contradict their label; see manifest.json`);
      }
      const js = oracle?.info.javascript;
      if (js)
        io.log(
          `javascript runner: ${js.engine}${js.quickjs ? ` (${js.quickjs.variant} ${js.quickjs.version})` : ''}, node ${js.node.version}, ${js.isolation} isolation`,
        );

      t = performance.now();
      const { scorers, skipped, embedding } = await buildScorers(context, dataset, listOption(values, 'models'));
      timings.embed = (performance.now() - t) / 1000;

      const scored = await scoreStage(
        dataset,
        scorers,
        oracle,
        table,
        out,
        { ties, seed, execute, ...(rerank ? { rerank } : {}) },
        io,
        signal,
      );
      Object.assign(timings, {
        rank: scored.seconds.rank,
        ...(scored.seconds.rerank === undefined ? {} : { rerank: scored.seconds.rerank }),
        execute: scored.seconds.execute,
        evaluate: scored.seconds.evaluate,
      });

      t = performance.now();
      const comparison = await compareStage(out, { seed, resamples, confidence: DEFAULT_CONFIDENCE });
      timings.compare = (performance.now() - t) / 1000;

      const manifest: RunManifest = {
        tool: 'execret',
        // The sandbox first: every number below rests on it (null: nothing was executed).
        isolation: oracle?.info.isolation ?? null,
        isolation_requested: oracle ? isolationChoice(stringOption(values, 'isolation'), config) : null,
        isolation_fallback_reason: oracle?.info.fallbackReason ?? null,
        created_at: new Date().toISOString(),
        node: process.version,
        packages: packageVersions(),
        python: oracle?.info.python ?? null,
        dataset: source,
        dataset_commit: dataset.commit,
        dataset_hub: manifestHub(dataset.benchmark.loadReport.hub),
        dataset_queries: dataset.pool.queryIds.length,
        dataset_snippets: dataset.pool.docIds.length,
        dataset_languages: languageCounts(dataset.pool.languages),
        dataset_sha256: dataset.checksums,
        seed,
        bootstrap_resamples: resamples,
        ties,
        systems: scorers.map((s) => ({
          model: s.id,
          config_hash: s.configHash,
          provider: s.provider,
          similarity: s.similarity,
        })),
        skipped_systems: skipped,
        ...(scored.twoStage.length > 0 ? { two_stage_systems: scored.twoStage.map(twoStageSummary) } : {}),
        embedding,
        verify: verify ?? null,
        retrieved_pairs: scored.retrieved,
        ties_decided: Object.fromEntries(scored.results.map((r) => [r.model, r.execret?.ties_decided ?? {}])),
        unexecuted_pairs: Object.fromEntries(scored.results.map((r) => [r.model, r.execret?.unexecuted_pairs ?? 0])),
        truncated_tie_groups: Object.fromEntries(
          scored.results.map((r) => [r.model, r.execret?.truncated_tie_groups ?? 0]),
        ),
        oracle_stats: oracle?.stats() ?? null,
        javascript_runner: manifestJavascriptRunner(oracle?.info.javascript ?? null),
        timings_seconds: { ...timings, total: (performance.now() - started) / 1000 },
      };
      await writeJson(join(out, RESULTS_LAYOUT.manifest), manifest);
      t = performance.now();
      const report = await reportStage(out, `execret — ${source}`);
      timings.report = (performance.now() - t) / 1000;

      const rows = leaderboardRows(scored.results, comparison.intervals);
      if (io.json) {
        io.stdout.write(`${JSON.stringify({ out, leaderboard: rows, manifest, files: report.files }, null, 2)}\n`);
      } else {
        io.stdout.write(`\n${leaderboardMarkdown(rows)}\n`);
        io.log(
          `results in ${out} (report.html, leaderboard.md, results/, tests/, analyses/) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      return 0;
    } finally {
      await rerank?.secondStages.close();
      await oracle?.close();
    }
  },
};
