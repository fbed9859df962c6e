import { PassTable } from '@execret/analyses';
import { type Command, intOption } from '../command.js';
import { startCommandOracle } from '../sandbox.js';
import { openShardedCommand } from '../shard-place.js';
import { datasetPartsOption, loadDataset, verifyDataset } from '../stages.js';
import { DATASET_OPTIONS, ORACLE_OPTIONS, SHARD_OPTION } from './options.js';

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
    const dataset = await loadDataset(context, String(values.dataset ?? 'mini'), datasetPartsOption(values));
    const oracle = await startCommandOracle(context);
    try {
      const table = new PassTable(dataset.pool.docIds.length);
      const report = await verifyDataset(context, dataset, oracle, table, sharded?.shard);
      await sharded?.finished();
      if (io.json) {
        io.stdout.write(`${JSON.stringify({ isolation: oracle.info.isolation, ...report }, null, 2)}\n`);
      } else {
        io.stdout.write(
          `isolation: ${oracle.info.isolation}\n` +
            `pairs: ${report.pairs} (${report.executed} executed, ${report.cached} from the execution cache) in ${report.seconds.toFixed(1)} s\n` +
            `canonicals passing: ${report.canonicalsPassing}/${report.canonicals}\n` +
            `distractors failing: ${report.distractorsFailing}/${report.distractors}\n` +
            (report.releaseKnown > 0
              ? `release execution cache: ${report.releaseKnown} pairs known, ${report.releaseDisagreements} disagree\n`
              : ''),
        );
        const show = intOption(values, 'show', 20);
        for (const c of report.contradictions.slice(0, show)) {
          io.stdout.write(`  ${c.query_id} ${c.corpus_id} (${c.label}): ${c.status} ${JSON.stringify(c.tests)}\n`);
        }
      }
      return report.contradictions.length === 0 && report.releaseDisagreements === 0 ? 0 : 1;
    } finally {
      await oracle.close();
    }
  },
};
