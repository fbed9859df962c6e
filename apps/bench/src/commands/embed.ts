import { resolve } from 'node:path';
import { cacheLayout, embedModel, exportPoolMatrices } from '@execret/pipeline';
import { type Command, stringOption } from '../command.js';
import { stageEvents } from '../progress.js';
import { openShardedCommand } from '../shard-place.js';
import { embedSettings, loadCommandDataset } from '../stage-context.js';
import { commandSystems } from '../systems.js';
import { CUSTOM_MODEL_OPTIONS, DATASET_OPTIONS, datasetOption, MODELS_OPTION, SHARD_OPTION } from './options.js';

export const embedCommand: Command = {
  name: 'embed',
  summary: 'embed queries and snippets into the embedding cache (and optionally export .npz matrices)',
  usage: 'execret embed [--dataset mini] [--models ids] [--shard i/n] [--export dir]',
  options: {
    ...DATASET_OPTIONS,
    ...MODELS_OPTION,
    ...CUSTOM_MODEL_OPTIONS,
    ...SHARD_OPTION,
    export: {
      type: 'string',
      placeholder: 'dir',
      description: 'write <model>.npz (queries, documents, query_ids, corpus_ids) per model',
    },
  },
  examples: [
    'execret embed --models openai/text-embedding-3-large --shard 1/2',
    'execret embed --models local/bge-base-en-v1.5 --export ./matrices',
  ],
  async run(context) {
    const { values, config, io } = context;
    const sharded = await openShardedCommand(context, 'embed');
    const shard = sharded?.shard;
    const exportDir = stringOption(values, 'export');
    const dataset = await loadCommandDataset(context, datasetOption(values));
    const { entries, explicit } = await commandSystems(context);
    const settings = { ...embedSettings(context, !explicit), ...stageEvents(context) };
    const report: { model: string; status: string; reason?: string; exported?: string }[] = [];
    for (const entry of entries.filter((e) => e !== 'bm25')) {
      const outcome = await embedModel(entry, dataset.pool, { ...settings, ...(shard ? { shard } : {}) });
      const { model } = outcome;
      const row: (typeof report)[number] = {
        model,
        status: outcome.status,
        ...(outcome.status === 'skipped' ? { reason: outcome.reason } : {}),
      };
      if (outcome.status === 'embedded' && shard === undefined && exportDir !== undefined) {
        const embeddingCacheDir = cacheLayout(config.cacheDir).embeddings;
        row.exported = await exportPoolMatrices(outcome, dataset.pool, { embeddingCacheDir, dir: resolve(exportDir) });
      } else if (outcome.status === 'skipped') io.warn(`skipping ${model}: ${outcome.reason}`);
      report.push(row);
    }
    await sharded?.finished();
    io.result(report, () =>
      report
        .map(
          (r) => `${r.model}: ${r.status}${r.reason ? ` (${r.reason})` : ''}${r.exported ? ` → ${r.exported}` : ''}\n`,
        )
        .join(''),
    );
    return 0;
  },
};
