import { resolve } from 'node:path';
import { createBm25Scorer, PassTable, readMatrixFolderScorers, type Scorer } from '@execret/analyses';
import { type RerankPlan, scoreStage } from '@execret/pipeline';
import { resultsSummary } from '@execret/report';
import { TOPK_METRICS } from '@execret/search';
import { type Command, choiceOption, listOption, stringOption, UsageError } from '../command.js';
import { stageEvents } from '../progress.js';
import { RERANK_OPTIONS, rerankPlan } from '../rerank-options.js';
import { startCommandOracle } from '../sandbox.js';
import { openShardedCommand } from '../shard-place.js';
import { loadCommandDataset } from '../stage-context.js';
import { commandScorers, externalRunScorers } from '../systems.js';
import {
  datasetOption,
  NO_EXECUTE_OPTION,
  ORACLE_OPTIONS,
  SCORED_SYSTEMS_OPTIONS,
  SHARD_OPTION,
  STATS_OPTIONS,
  scoringOptions,
} from './options.js';

export const scoreCommand: Command = {
  name: 'score',
  summary: 'rank the pool, execute retrieved snippets and write results/ and analyses/',
  usage:
    'execret score [--dataset mini] [--models ids | --embeddings dir|release | --run file[,file]] [--out execret-results]',
  options: {
    ...SCORED_SYSTEMS_OPTIONS,
    seed: STATS_OPTIONS.seed!,
    ...ORACLE_OPTIONS,
    ...SHARD_OPTION,
    ...RERANK_OPTIONS,
    embeddings: {
      type: 'string',
      placeholder: 'dir|release',
      description:
        "score released/exported .npz matrices (one system per file) instead of embedding; no provider access; 'release' = the dataset's own embeddings/ (fetched with it from the Hub)",
    },
    run: {
      type: 'string',
      placeholder: 'file[,file]',
      description:
        'score rankings made outside execret: TREC run files (qid Q0 docno rank score tag) or results/*.json files; unknown pairs are executed',
    },
    similarity: {
      type: 'string',
      placeholder: 'metric',
      default: 'cosine',
      description: `with --embeddings: ${TOPK_METRICS.map((m) => `'${m}'`).join(' or ')}`,
    },
    ...NO_EXECUTE_OPTION,
  },
  examples: [
    'execret score --dataset hf:anonpapersubmission01/execretrieval --embeddings release',
    'execret score --dataset hf:anonpapersubmission01/execretrieval --embeddings ./execretrieval/embeddings',
    'execret score --models bm25 --ties expected',
    'execret score --dataset mini --run my-retriever.trec,bm25-pyserini.trec --out byo',
  ],
  async run(context) {
    const { values, io } = context;
    const { out, ties, seed, execute } = scoringOptions(values, 'the retrieved pairs');
    const sharded = await openShardedCommand(context, 'score');
    const shard = sharded?.shard;
    const embeddingsOption = stringOption(values, 'embeddings');
    const given = datasetOption(values);
    // `--embeddings release`: the release's own embeddings/ folder (downloaded from the Hub with the dataset).
    if (embeddingsOption === 'release' && !given.parts.includes('embeddings')) given.parts.push('embeddings');
    const dataset = await loadCommandDataset(context, given);
    const embeddingsDir =
      embeddingsOption === 'release' ? dataset.benchmark.source.parts?.embeddings : embeddingsOption;
    let scorers: Scorer[];
    const runFiles = listOption(values, 'run');
    if (runFiles.length > 0 && embeddingsDir !== undefined)
      throw new UsageError('--run and --embeddings exclude each other');
    if (runFiles.length > 0) {
      scorers = await externalRunScorers(runFiles, dataset.pool);
    } else if (embeddingsDir !== undefined) {
      const similarity = choiceOption(values, 'similarity', TOPK_METRICS);
      scorers = await readMatrixFolderScorers(resolve(embeddingsDir), dataset.pool, similarity);
    } else {
      scorers = await commandScorers(context, dataset.pool);
    }
    // Outside systems are scored alone unless --models asks for bm25 beside them.
    if ((runFiles.length > 0 || embeddingsDir !== undefined) && listOption(values, 'models').includes('bm25'))
      scorers.unshift(createBm25Scorer(dataset.pool));
    const oracle = execute ? await startCommandOracle(context) : undefined;
    let rerank: RerankPlan | undefined;
    try {
      rerank = await rerankPlan(context, { defaultRun: false, oracle, languages: dataset.pool.languages });
      const table = new PassTable(dataset.pool.docIds.length);
      const scoring = { table, out, ties, seed, ...(oracle ? { runner: oracle } : {}), ...(shard ? { shard } : {}) };
      const scored = await scoreStage(dataset.pool, scorers, {
        ...stageEvents(context),
        ...scoring,
        ...(rerank ? { rerank } : {}),
      });
      const { retrieved } = scored;
      if (shard !== undefined) {
        await sharded?.finished();
        io.result(
          { shard, retrieved },
          () =>
            `shard ${shard.index}/${shard.count}: executed ${retrieved.executed} retrieved pairs into the cache; merge the caches, then run score without --shard\n`,
        );
        return 0;
      }
      const metrics = Object.fromEntries(scored.results.map((r) => [r.model, r.metrics]));
      io.result(
        { out, retrieved, seconds: scored.seconds, metrics },
        () =>
          resultsSummary(scored.results) +
          `retrieved pairs: ${retrieved.pairs} (${retrieved.executed} executed now) → ${out}/results\n`,
      );
      return 0;
    } finally {
      await rerank?.secondStages.close();
      await oracle?.close();
    }
  },
};
