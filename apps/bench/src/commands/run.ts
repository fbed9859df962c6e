import { performance } from 'node:perf_hooks';
import { languageCounts, PassTable, type VerifyReport } from '@execret/analyses';
import { createRunManifest, formatResultsJson, RESULTS_LAYOUT, writeResultsFiles } from '@execret/dataset';
import { describeJsRunner, describeOracle, type Oracle } from '@execret/oracle';
import { leaderboardMarkdown, leaderboardRows } from '@execret/report';
import { twoStageSummary } from '@execret/rerankers';
import { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES } from '@execret/stats';
import { type Command, intOption, listOption, stringOption, UsageError } from '../command.js';
import { RERANK_OPTIONS, type RerankPlan, rerankPlan } from '../rerank-options.js';
import { isolationChoice, startCommandOracle } from '../sandbox.js';
import { openShardedCommand } from '../shard-place.js';
import { compareStage, loadDataset, reportStage, scoreStage, verifyDataset } from '../stages.js';
import { buildScorers } from '../systems.js';
import { packageVersions } from '../versions.js';
import {
  datasetOption,
  NO_EXECUTE_OPTION,
  ORACLE_OPTIONS,
  SCORED_SYSTEMS_OPTIONS,
  SHARD_OPTION,
  STATS_OPTIONS,
  scoringOptions,
} from './options.js';

export const runCommand: Command = {
  name: 'run',
  summary: 'the whole benchmark: verify, embed, rank, execute, score, compare, report',
  usage: 'execret run [--dataset mini] [--models bm25,local/all-minilm-l6-v2] [--out execret-results]',
  options: {
    ...SCORED_SYSTEMS_OPTIONS,
    ...STATS_OPTIONS,
    ...ORACLE_OPTIONS,
    ...RERANK_OPTIONS,
    'skip-verify': { type: 'boolean', description: 'do not execute the dataset’s own groups first' },
    ...NO_EXECUTE_OPTION,
    ...SHARD_OPTION,
  },
  examples: [
    'execret run                                   # bundled mini set, offline',
    '# shard i of 4 of the same run, into its own cache; then merge the caches and run again without --shard',
    'EXECRET_CACHE_DIR=shard-2 execret run --shard 2/4 && execret merge shard-* --into merged',
    'execret run --dataset hf:anonpapersubmission01/execretrieval --models bm25,openai/text-embedding-3-large',
    'execret run --ties expected --json > run.json',
    'COHERE_API_KEY=... execret run --models bm25 --rerank cohere/rerank-v3.5,exec/consensus --rerank-depth 20',
  ],
  async run(context) {
    const { values, config, io } = context;
    const started = performance.now();
    const { out, ties, seed, execute } = scoringOptions(values, 'the run');
    const resamples = intOption(values, 'resamples', DEFAULT_RESAMPLES);
    if (resamples < 1) throw new UsageError('--resamples must be at least 1');
    const given = datasetOption(values);
    const { source } = given;
    const sharded = await openShardedCommand(context, 'run');
    const shard = sharded?.shard;

    const timings: Record<string, number> = {};
    /** Runs one stage and records its seconds under `name`. */
    const timed = async <T>(name: string, stage: () => Promise<T>): Promise<T> => {
      const t = performance.now();
      const result = await stage();
      timings[name] = (performance.now() - t) / 1000;
      return result;
    };
    const dataset = await timed('load', () => loadDataset(context, given));
    io.log(`dataset ${source}: ${dataset.pool.queryIds.length} queries, ${dataset.pool.docIds.length} snippets`);

    const table = new PassTable(dataset.pool.docIds.length);
    let oracle: Oracle | undefined;
    let verify: (VerifyReport & { seconds: number }) | undefined;
    let rerank: RerankPlan | undefined;
    try {
      if (execute) oracle = await startCommandOracle(context);
      if (oracle) io.log(`oracle: ${describeOracle(oracle.info)}`);
      // Second stages are created before any work, so a bad --rerank or a missing key fails at once.
      const defaultRun = listOption(values, 'models').length === 0 && listOption(values, 'model-config').length === 0;
      rerank = await rerankPlan(context, { defaultRun, oracle, languages: dataset.pool.languages });
      if (oracle && values['skip-verify'] !== true) {
        const runner = oracle;
        verify = await timed('verify', () => verifyDataset(context, dataset, runner, table, shard));
        io.log(
          `verify: ${verify.canonicalsPassing}/${verify.canonicals} canonicals pass, ${verify.distractorsFailing}/${verify.distractors} distractors fail` +
            (verify.contradictions.length > 0 ? ` — ${verify.contradictions.length} contradict their label` : ''),
        );
        if (verify.contradictions.length > 0)
          io.warn(`${verify.contradictions.length} snippets contradict their label; see manifest.json`);
      }
      const js = oracle?.info.javascript;
      if (js) io.log(`javascript runner: ${describeJsRunner(js)}`);

      const { scorers, skipped, embedding } = await timed('embed', () => buildScorers(context, dataset.pool));
      const scoring = { table, out, ties, seed, ...(oracle ? { oracle } : {}), ...(shard ? { shard } : {}) };
      const scored = await scoreStage(context, dataset.pool, scorers, { ...scoring, ...(rerank ? { rerank } : {}) });
      Object.assign(timings, scored.seconds);
      if (sharded !== undefined) {
        await sharded.finished();
        const embedded = Object.entries(embedding).filter(
          ([, e]) => e.usage.query.requests + e.usage.document.requests > 0,
        );
        for (const [model] of embedded)
          io.warn(
            `shard ${sharded.shard.index}/${sharded.shard.count} embedded texts of ${model} beyond its share: run \`execret embed --shard\` for every shard and merge those caches into this one first (docs/clusters)`,
          );
        const summary = {
          shard: sharded.shard,
          placed: sharded.placed,
          verify: verify ? { pairs: verify.pairs, executed: verify.executed, cached: verify.cached } : null,
          two_stage_systems: scored.shardWork,
          // what each execution reranker ran for this shard (the oracle's work, not counting what its cache held)
          second_stages: (rerank?.secondStages.stages ?? []).map((stage) => {
            const costs = stage.costs();
            return { id: stage.info.id, executions: costs?.executions ?? 0, cached: costs?.cachedExecutions ?? 0 };
          }),
          retrieved: scored.retrieved,
          seconds: (performance.now() - started) / 1000,
        };
        io.result(
          summary,
          () =>
            `shard ${sharded.shard.index}/${sharded.shard.count}: ` +
            (verify ? `verify executed ${verify.executed} (${verify.cached} cached); ` : '') +
            summary.second_stages.map((w) => `${w.id} executed ${w.executions} (${w.cached} cached); `).join('') +
            `retrieved executed ${scored.retrieved.executed} (${scored.retrieved.cached} cached) into the cache in ${summary.seconds.toFixed(1)} s; merge the caches, then run without --shard\n`,
        );
        return 0;
      }
      const confidence = DEFAULT_CONFIDENCE;
      const comparison = await timed('compare', () => compareStage(out, { seed, resamples, confidence }));

      const manifest = createRunManifest({
        createdAt: new Date().toISOString(),
        node: process.version,
        packages: packageVersions(),
        oracle: oracle
          ? {
              requested: isolationChoice(stringOption(values, 'isolation'), config),
              info: oracle.info,
              stats: oracle.stats(),
            }
          : null,
        dataset: {
          source,
          benchmark: dataset.benchmark,
          queries: dataset.pool.queryIds.length,
          snippets: dataset.pool.docIds.length,
          languages: languageCounts(dataset.pool.languages),
        },
        seed,
        resamples,
        ties,
        systems: scorers,
        skipped,
        twoStage: scored.derived.map(twoStageSummary),
        embedding,
        verify: verify ?? null,
        retrieved: scored.retrieved,
        results: scored.results,
        timings: { ...timings, total: (performance.now() - started) / 1000 },
      });
      await writeResultsFiles(out, [[RESULTS_LAYOUT.manifest, formatResultsJson(manifest)]]);
      const report = await timed('report', () => reportStage(out, `execret — ${source}`));

      const rows = leaderboardRows(scored.results, comparison.intervals);
      io.result({ out, leaderboard: rows, manifest, files: report.files }, () => `\n${leaderboardMarkdown(rows)}\n`);
      io.log(
        `results in ${out} (report.html, leaderboard.md, results/, tests/, analyses/) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return 0;
    } finally {
      await rerank?.secondStages.close();
      await oracle?.close();
    }
  },
};
