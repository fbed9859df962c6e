import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { createRunScorer, type PoolView, type RunEntry, type Scorer } from '@execret/analyses';
import { readResultsFile } from '@execret/dataset';
import { parseTrecRun } from '@execret/formats';
import { UsageError } from './command.js';

/** Largest run file read (a TREC run of 939 queries × 1,000 documents is about 50 MB). */
const MAX_RUN_FILE_BYTES = 512 * 1024 * 1024;

/**
 * Systems from rankings made outside execret, one per file: a TREC run (`qid Q0 docno rank score tag`; the system
 * id is the run's tag) or a results file in the release's JSON shape (`results/<model>.json`; the id is its
 * `model`, the scores its `similarity` values). Documents a run does not list rank after the listed ones and are
 * left out of the system's run; the pairs it does list are executed like any retrieved snippet. Every problem is
 * reported with its file, line and field.
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
    const configHash = createHash('sha256').update(bytes).digest('hex');
    let id: string;
    let entries: RunEntry[];
    let provider: string;
    if (file.endsWith('.json')) {
      const parsed = (await readResultsFile(file)).data;
      id = parsed.model;
      provider = 'results-json';
      entries = parsed.per_query.flatMap((row) =>
        row.top_results.map((r) => ({
          queryId: row.query_id,
          docId: r.corpus_id,
          score: r.similarity,
          origin: `${file} query ${row.query_id} rank ${r.rank}`,
        })),
      );
    } else {
      const parsed = parseTrecRun(bytes.toString('utf8'), { file });
      if (parsed.issues.length > 0) {
        const listed = parsed.issues
          .slice(0, 10)
          .map((i) => `  ${i.file}:${i.line} ${i.field}: ${i.message}`)
          .join('\n');
        throw new UsageError(
          `--run ${file} is not a valid TREC run (${parsed.issues.length} problem${parsed.issues.length === 1 ? '' : 's'}):\n${listed}`,
        );
      }
      if (parsed.rows.length === 0) throw new UsageError(`--run ${file}: the run lists no documents`);
      id = parsed.tag ?? basename(file).replace(/\.[^.]*$/, '');
      provider = 'trec';
      entries = parsed.rows.map((r, i) => ({ ...r, origin: `${file}: row ${i + 1} (${r.queryId} ${r.docId})` }));
    }
    if (scorers.some((s) => s.id === id)) {
      throw new UsageError(`--run ${file}: system id ${JSON.stringify(id)} is already taken by another run file`);
    }
    try {
      scorers.push(createRunScorer(pool, { id, configHash, provider }, entries));
    } catch (error) {
      throw new UsageError(`--run: ${(error as Error).message}`);
    }
  }
  return scorers;
}
