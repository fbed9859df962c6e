import { performance } from 'node:perf_hooks';
import { type PairRunner, type PassTable, type Shard, verifyGroups } from '@execret/analyses';
import type { ManifestVerify } from '@execret/dataset';
import type { LoadedDataset } from './load-dataset.js';
import { SILENT_PROGRESS, type StageEvents } from './stage-progress.js';

/**
 * `@execret/analyses`' `verifyGroups` over a loaded dataset: every group's canonical and distractors executed against
 * its tests (a shard's share with `shard`; answers of the release's own execution cache taken as they are), reported
 * as `verify`, with the seconds it took — the manifest's `verify` record.
 *
 * @example
 * const verify = await verifyDataset(dataset, oracle, new PassTable(dataset.pool.docIds.length));
 * console.log(`${verify.canonicalsPassing}/${verify.canonicals} canonicals pass`);
 */
export async function verifyDataset(
  dataset: LoadedDataset,
  runner: PairRunner,
  table: PassTable,
  options: StageEvents & { readonly shard?: Shard } = {},
): Promise<ManifestVerify> {
  const started = performance.now();
  const progress = options.progress ?? SILENT_PROGRESS;
  const { shard, signal } = options;
  const { executionCache } = dataset.benchmark;
  const report = await verifyGroups(dataset.pool, runner, table, {
    ...(signal ? { signal } : {}),
    ...(shard ? { shard } : {}),
    ...(executionCache ? { releaseCache: executionCache } : {}),
    onProgress: (done, total) => progress.update('verify', done, total),
  });
  progress.finish('verify', `${report.pairs} pairs (${report.cached} cached)`);
  return { ...report, seconds: (performance.now() - started) / 1000 };
}

/**
 * A verify report as the lines `execret verify` prints: the isolation, the pairs (executed, cached) and seconds, the
 * canonicals passing and distractors failing, the release execution cache's disagreements when it knew any pair, and
 * the first `show` contradicted labels.
 *
 * @example
 * process.stdout.write(formatVerifyReport(report, { isolation: oracle.info.isolation, show: 20 }));
 */
export function formatVerifyReport(report: ManifestVerify, options: { isolation: string; show: number }): string {
  return (
    `isolation: ${options.isolation}\n` +
    `pairs: ${report.pairs} (${report.executed} executed, ${report.cached} from the execution cache) in ${report.seconds.toFixed(1)} s\n` +
    `canonicals passing: ${report.canonicalsPassing}/${report.canonicals}\n` +
    `distractors failing: ${report.distractorsFailing}/${report.distractors}\n` +
    (report.releaseKnown > 0
      ? `release execution cache: ${report.releaseKnown} pairs known, ${report.releaseDisagreements} disagree\n`
      : '') +
    report.contradictions
      .slice(0, options.show)
      .map((c) => `  ${c.query_id} ${c.corpus_id} (${c.label}): ${c.status} ${JSON.stringify(c.tests)}\n`)
      .join('')
  );
}
