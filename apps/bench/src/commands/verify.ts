import { PassTable } from '@execret/analyses';
import { type Command, intOption } from '../command.js';
import { startCommandOracle } from '../sandbox.js';
import { openShardedCommand } from '../shard-place.js';
import { loadDataset, verifyDataset } from '../stages.js';
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
    const dataset = await loadDataset(context, datasetOption(values));
    const oracle = await startCommandOracle(context);
    try {
      const table = new PassTable(dataset.pool.docIds.length);
      const report = await verifyDataset(context, dataset, oracle, table, sharded?.shard);
      await sharded?.finished();
      io.result(
        { isolation: oracle.info.isolation, ...report },
        () =>
          `isolation: ${oracle.info.isolation}\n` +
          `pairs: ${report.pairs} (${report.executed} executed, ${report.cached} from the execution cache) in ${report.seconds.toFixed(1)} s\n` +
          `canonicals passing: ${report.canonicalsPassing}/${report.canonicals}\n` +
          `distractors failing: ${report.distractorsFailing}/${report.distractors}\n` +
          (report.releaseKnown > 0
            ? `release execution cache: ${report.releaseKnown} pairs known, ${report.releaseDisagreements} disagree\n`
            : '') +
          report.contradictions
            .slice(0, intOption(values, 'show', 20))
            .map((c) => `  ${c.query_id} ${c.corpus_id} (${c.label}): ${c.status} ${JSON.stringify(c.tests)}\n`)
            .join(''),
      );
      return report.contradictions.length === 0 && report.releaseDisagreements === 0 ? 0 : 1;
    } finally {
      await oracle.close();
    }
  },
};
