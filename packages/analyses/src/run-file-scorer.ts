import { sha256Hex } from '@execret/formats';
import { AnalysesError } from './analyses-error.js';
import type { PoolView } from './pool-view.js';
import { runFromFile } from './run-file.js';
import { createRunScorer } from './run-scorer.js';
import type { Scorer } from './scorer.js';

/**
 * The scorer of a ranking made outside execret, from its file's bytes: read by {@link runFromFile} (a TREC run, or a
 * results file in the release's JSON shape), scored by {@link createRunScorer}; the config hash is the SHA-256 of the
 * bytes. `takenIds` are the system ids already in use (the run's id must be new).
 *
 * @throws AnalysesError `invalid-run`: from {@link runFromFile} and for a taken id (both with `details.file`), from
 *   {@link createRunScorer} (an entry the pool lacks; no `details.file`); `@execret/dataset`'s `DatasetError` for a
 *   `.json` file that is not a results file
 * @example
 * const scorer = runFileScorer(pool, 'mine.trec', await readFile('mine.trec'), []);
 */
export function runFileScorer(pool: PoolView, file: string, bytes: Uint8Array, takenIds: readonly string[]): Scorer {
  const run = runFromFile(file, new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
  if (takenIds.includes(run.id)) {
    throw new AnalysesError(
      'invalid-run',
      `${file}: system id ${JSON.stringify(run.id)} is already taken by another run file`,
      { details: { file } },
    );
  }
  return createRunScorer(pool, { id: run.id, configHash: sha256Hex(bytes), provider: run.provider }, run.entries);
}
