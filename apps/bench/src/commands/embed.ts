import { join, resolve } from 'node:path';
import { resultFileName } from '@execret/dataset';
import { type Command, listOption, shardOption, stringOption } from '../command.js';
import { exportMatrices } from '../matrices.js';
import { datasetPartsOption, loadDataset } from '../pipeline.js';
import { embeddingCacheDir, embedModel, readModelConfigs, selectModels } from '../systems.js';
import { CUSTOM_MODEL_OPTIONS, DATASET_OPTIONS, MODELS_OPTION, SHARD_OPTION } from './options.js';

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
    const { values, config, io, signal } = context;
    const shard = shardOption(values, config.scheduler);
    const exportDir = stringOption(values, 'export');
    const dataset = await loadDataset(String(values.dataset ?? 'mini'), config, io, signal, datasetPartsOption(values));
    const custom = await readModelConfigs(listOption(values, 'model-config'));
    const selection = selectModels(listOption(values, 'models'), config);
    const explicit = selection.explicit || custom.length > 0;
    const requested = listOption(values, 'models');
    const entries = [
      ...(requested.length === 0 && custom.length > 0 ? [] : selection.models.filter((m) => m !== 'bm25')),
      ...custom,
    ];
    const localModels = stringOption(values, 'local-models');
    const report: { model: string; status: string; reason?: string; exported?: string }[] = [];
    for (const entry of entries) {
      const model = typeof entry === 'string' ? entry : entry.id;
      const outcome = await embedModel(entry, dataset.pool, {
        config,
        io,
        signal,
        explicit,
        ...(shard ? { shard } : {}),
        ...(localModels ? { localModels: resolve(localModels) } : {}),
      });
      const row: (typeof report)[number] = {
        model,
        status: outcome.status,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
      };
      if (outcome.system && exportDir !== undefined) {
        const path = join(resolve(exportDir), resultFileName(model, '.npz'));
        await exportMatrices(embeddingCacheDir(config), path, dataset.pool, outcome.system.info);
        row.exported = path;
      }
      if (outcome.status === 'skipped') io.warn(`skipping ${model}: ${outcome.reason}`);
      report.push(row);
    }
    if (io.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else
      for (const r of report)
        io.stdout.write(
          `${r.model}: ${r.status}${r.reason ? ` (${r.reason})` : ''}${r.exported ? ` → ${r.exported}` : ''}\n`,
        );
    return 0;
  },
};
