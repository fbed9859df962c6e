import { performance } from 'node:perf_hooks';
import { type ComparedResults, comparisonFiles } from '@execret/analyses';
import { readResultFiles, writeResultsFiles } from '@execret/dataset';
import { PipelineError } from './pipeline-error.js';

/**
 * `@execret/analyses`' `comparisonFiles` over the results files of a folder, written: the release's `tests/` files,
 * `analyses/solved_by.json` and the second stages' lift over `exec/consensus`.
 *
 * @throws {PipelineError} `no-results` when the folder holds no results files
 * @example
 * const { intervals, pairwise } = await compareStage('execret-results', { seed: 42, resamples: 1000, confidence: 0.95 });
 */
export async function compareStage(
  out: string,
  options: { seed: number; resamples: number; confidence: number },
): Promise<Pick<ComparedResults, 'intervals' | 'pairwise'> & { systems: number; seconds: number }> {
  const started = performance.now();
  const results = await readResultFiles(out);
  if (results.length === 0) throw new PipelineError('no-results', `${out}/results has no result files to compare`);
  const { intervals, pairwise, files } = comparisonFiles(results, options);
  await writeResultsFiles(out, files);
  return { intervals, pairwise, systems: results.length, seconds: (performance.now() - started) / 1000 };
}
