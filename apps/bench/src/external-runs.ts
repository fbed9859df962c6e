import { readFile, stat } from 'node:fs/promises';
import { AnalysesError, createRunScorer, type PoolView, runFromFile, type Scorer } from '@execret/analyses';
import { sha256Hex } from '@execret/formats';
import { UsageError } from './command.js';

/** Largest run file read (a TREC run of 939 queries × 1,000 documents is about 50 MB). */
const MAX_RUN_FILE_BYTES = 512 * 1024 * 1024;

/** Runs `make`, turning an error into a usage error prefixed with `prefix` (only `invalid-run` ones when `only` is set). */
function asUsage<T>(prefix: string, make: () => T, only?: 'invalid-run'): T {
  try {
    return make();
  } catch (error) {
    if (only === undefined || (AnalysesError.is(error) && error.code === only))
      throw new UsageError(`${prefix}${(error as Error).message}`);
    throw error;
  }
}

/**
 * Systems from rankings made outside execret, one per file (`--run`): TREC runs or results files in the release's
 * JSON shape, read by `@execret/analyses`' `runFromFile`, scored by its `createRunScorer`. The config hash is the
 * SHA-256 of the file's bytes.
 *
 * @throws UsageError naming the file, line and field of each problem (up to ten), or a repeated system id
 */
export async function externalRunScorers(files: readonly string[], pool: PoolView): Promise<Scorer[]> {
  const scorers: Scorer[] = [];
  for (const file of files) {
    const { size } = await stat(file);
    if (size > MAX_RUN_FILE_BYTES) {
      throw new UsageError(`--run ${file}: ${size} bytes, more than the ${MAX_RUN_FILE_BYTES} a run file may have`);
    }
    const bytes = await readFile(file);
    const run = asUsage('--run ', () => runFromFile(file, bytes.toString('utf8')), 'invalid-run');
    if (scorers.some((s) => s.id === run.id)) {
      throw new UsageError(`--run ${file}: system id ${JSON.stringify(run.id)} is already taken by another run file`);
    }
    const info = { id: run.id, configHash: sha256Hex(bytes), provider: run.provider };
    scorers.push(asUsage('--run: ', () => createRunScorer(pool, info, run.entries)));
  }
  return scorers;
}
