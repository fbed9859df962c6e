import { basename } from 'node:path';
import { parseResultsFile } from '@execret/dataset';
import { parseTrecRun } from '@execret/formats';
import { AnalysesError } from './analyses-error.js';
import type { RunEntry } from './run-scorer.js';

/** A ranking made outside execret, read by {@link runFromFile}: the input of `createRunScorer`. */
export interface RunFile {
  /** The system id: a TREC run's tag (else the file name without extension), a results file's `model`. */
  readonly id: string;
  /** `trec` or `results-json`. */
  readonly provider: 'trec' | 'results-json';
  /** Every scored (query, document) pair, with its origin (file, row or query and rank) for messages. */
  readonly entries: RunEntry[];
}

/** Problems listed in a TREC run's error message (all are counted). */
const MAX_LISTED_ISSUES = 10;

/**
 * Reads a ranking made outside execret from a file's text: a results file in the release's JSON shape when `file`
 * ends in `.json` (`results/<model>.json`: the id is its `model`, the scores its `similarity` values), otherwise a
 * TREC run (`qid Q0 docno rank score tag`; the id is the run's tag, or the file name without its extension).
 *
 * @throws AnalysesError `invalid-run` naming the file, line and field of each problem of a TREC run (up to ten), or
 *   when it lists no document; `@execret/dataset`'s `DatasetError` for a results file that is not one
 * @example
 * const run = runFromFile('mine.trec', await readFile('mine.trec', 'utf8'));
 * createRunScorer(pool, { id: run.id, configHash, provider: run.provider }, run.entries);
 */
export function runFromFile(file: string, text: string): RunFile {
  if (file.endsWith('.json')) {
    const parsed = parseResultsFile(text, { file }).data;
    return {
      id: parsed.model,
      provider: 'results-json',
      entries: parsed.per_query.flatMap((row) =>
        row.top_results.map((r) => ({
          queryId: row.query_id,
          docId: r.corpus_id,
          score: r.similarity,
          origin: `${file} query ${row.query_id} rank ${r.rank}`,
        })),
      ),
    };
  }
  const parsed = parseTrecRun(text, { file });
  if (parsed.issues.length > 0) {
    const listed = parsed.issues
      .slice(0, MAX_LISTED_ISSUES)
      .map((i) => `  ${i.file}:${i.line} ${i.field}: ${i.message}`)
      .join('\n');
    throw new AnalysesError(
      'invalid-run',
      `${file} is not a valid TREC run (${parsed.issues.length} problem${parsed.issues.length === 1 ? '' : 's'}):\n${listed}`,
      { details: { file } },
    );
  }
  if (parsed.rows.length === 0) {
    throw new AnalysesError('invalid-run', `${file}: the run lists no documents`, { details: { file } });
  }
  return {
    id: parsed.tag ?? basename(file).replace(/\.[^.]*$/, ''),
    provider: 'trec',
    entries: parsed.rows.map((r, i) => ({ ...r, origin: `${file}: row ${i + 1} (${r.queryId} ${r.docId})` })),
  };
}
