import { readFile, stat } from 'node:fs/promises';
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

/** Largest run file {@link readRunFileScorers} reads (a TREC run of 939 queries × 1,000 documents is about 50 MB). */
const MAX_RUN_FILE_BYTES = 512 * 1024 * 1024;

/**
 * One scorer per run file, read in order ({@link runFileScorer} on each file's bytes, every id new).
 *
 * @throws AnalysesError `invalid-run` (with `details.file`) for a file larger than 512 MiB, and as {@link runFileScorer}
 * @example
 * const scorers = await readRunFileScorers(pool, ['mine.trec', 'bm25-pyserini.trec']);
 */
export async function readRunFileScorers(pool: PoolView, files: readonly string[]): Promise<Scorer[]> {
  const scorers: Scorer[] = [];
  for (const file of files) {
    const { size } = await stat(file);
    if (size > MAX_RUN_FILE_BYTES) {
      throw new AnalysesError(
        'invalid-run',
        `${file}: ${size} bytes, more than the ${MAX_RUN_FILE_BYTES} a run file may have`,
        { details: { file } },
      );
    }
    scorers.push(
      runFileScorer(
        pool,
        file,
        await readFile(file),
        scorers.map((s) => s.id),
      ),
    );
  }
  return scorers;
}
