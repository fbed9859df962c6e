import { PassTable } from '@execret/analyses';
import { formatVerifyReport, verifyDataset } from '@execret/pipeline';
import { type Command, intOption } from '../command.js';
import { stageEvents } from '../progress.js';
import { startCommandOracle } from '../sandbox.js';
import { openShardedCommand } from '../shard-place.js';
import { loadCommandDataset } from '../stage-context.js';
import { DATASET_OPTIONS, datasetOption, ORACLE_OPTIONS, SHARD_OPTION } from './options.js';

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'execute every canonical and distractor against its query’s tests and check the labels',
  usage: 'execret verify [--dataset mini] [--shard i/n]',
  options: {
    ...DATASET_OPTIONS,
    ...ORACLE_OPTIONS,
    ...SHARD_OPTION,
    show: { type: 'string', placeholder: 'n', default: '20', description: 'contradictions to print' },
  },
  examples: ['execret verify', 'execret verify --dataset ./release --shard 1/4'],
  async run(context) {
    const { values, io } = context;
    const sharded = await openShardedCommand(context, 'verify');
    const dataset = await loadCommandDataset(context, datasetOption(values));
    const oracle = await startCommandOracle(context);
    try {
      const table = new PassTable(dataset.pool.docIds.length);
      const report = await verifyDataset(dataset, oracle, table, {
        ...stageEvents(context),
        ...(sharded ? { shard: sharded.shard } : {}),
      });
      await sharded?.finished();
      const { isolation } = oracle.info;
      io.result({ isolation, ...report }, () =>
        formatVerifyReport(report, { isolation, show: intOption(values, 'show', 20) }),
      );
      return report.contradictions.length === 0 && report.releaseDisagreements === 0 ? 0 : 1;
    } finally {
      await oracle.close();
    }
  },
};
