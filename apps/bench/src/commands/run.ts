import { performance } from 'node:perf_hooks';
import { describeOracle, type Oracle } from '@execret/oracle';
import { formatShardRunWork, type RerankPlan, runBenchmark } from '@execret/pipeline';
import { leaderboardMarkdown } from '@execret/report';
import { DEFAULT_RESAMPLES } from '@execret/stats';
import { type Command, intOption, listOption, stringOption, UsageError } from '../command.js';
import { stageEvents } from '../progress.js';
import { RERANK_OPTIONS, rerankPlan } from '../rerank-options.js';
import { isolationChoice, startCommandOracle } from '../sandbox.js';
import { openShardedCommand } from '../shard-place.js';
import { embedSettings, loadCommandDataset } from '../stage-context.js';
import { commandSystems } from '../systems.js';
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
    const loading = performance.now();
    const dataset = await loadCommandDataset(context, given);
    const load = (performance.now() - loading) / 1000;
    io.log(`dataset ${source}: ${dataset.pool.queryIds.length} queries, ${dataset.pool.docIds.length} snippets`);

    let oracle: Oracle | undefined;
    let rerank: RerankPlan | undefined;
    try {
      if (execute) oracle = await startCommandOracle(context);
      if (oracle) io.log(`oracle: ${describeOracle(oracle.info)}`);
      // Second stages are created before any work, so a bad --rerank or a missing key fails at once.
      const defaultRun = listOption(values, 'models').length === 0 && listOption(values, 'model-config').length === 0;
      rerank = await rerankPlan(context, { defaultRun, oracle, languages: dataset.pool.languages });
      const { entries, explicit } = await commandSystems(context);
      const run = await runBenchmark(dataset, {
        ...stageEvents(context),
        log: (line) => io.log(line),
        source,
        out,
        ties,
        seed,
        resamples,
        systems: entries,
        embed: embedSettings(context, !explicit),
        ...(oracle ? { oracle, requestedIsolation: isolationChoice(stringOption(values, 'isolation'), config) } : {}),
        verify: values['skip-verify'] !== true,
        ...(rerank ? { rerank } : {}),
        ...(sharded ? { shard: sharded.shard } : {}),
        packages: packageVersions(),
        timings: { load },
        startedAt: started,
      });
      if (run.kind === 'shard') {
        const { shard, placed } = sharded!;
        await sharded!.finished();
        for (const model of run.embedded)
          io.warn(
            `shard ${shard.index}/${shard.count} embedded texts of ${model} beyond its share: run \`execret embed --shard\` for every shard and merge those caches into this one first (docs/clusters)`,
          );
        io.result({ shard, placed, ...run.work }, () => formatShardRunWork(shard, run.work));
        return 0;
      }
      const { manifest, leaderboard: rows, files } = run;
      io.result({ out, leaderboard: rows, manifest, files }, () => `\n${leaderboardMarkdown(rows)}\n`);
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
