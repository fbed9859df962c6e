import { type Benchmark, createBenchmark } from '../src/benchmark.js';
import { type ReleaseExecutionCache, readExecutionCacheRecords } from '../src/execution-cache.js';
import { readReleaseDirectory } from '../src/read-release.js';
import type { CorpusRow, QueryRow } from '../src/schemas.js';
import { FIXTURE_DIR } from './helpers.js';

/** The release fixture as a benchmark, read from disk (lines, metadata and cache included). */
export function readFixtureBenchmark(): Promise<Benchmark> {
  return readReleaseDirectory(FIXTURE_DIR);
}

/** `base` with rows changed by `edit` (on deep copies); lines, metadata and cache are kept. */
export function variantOf(base: Benchmark, edit: (corpus: CorpusRow[], queries: QueryRow[]) => void): Benchmark {
  const corpus = structuredClone(base.corpus) as CorpusRow[];
  const queries = structuredClone(base.queries) as QueryRow[];
  edit(corpus, queries);
  return createBenchmark({
    corpus,
    queries,
    distractorMetadata: base.distractorMetadata,
    executionCache: base.executionCache,
    loadReport: base.loadReport,
    corpusLine: base.corpusLine,
    queryLine: base.queryLine,
  });
}

/** The row with this corpus_id. */
export const byId = (corpus: CorpusRow[], id: string) => corpus.find((r) => r.corpus_id === id) as CorpusRow;

/** `base`'s cache with extra rows appended at lines 1000, 1001, ... (later rows win). */
export function cacheWith(base: Benchmark, extra: Record<string, unknown>[]): ReleaseExecutionCache {
  const rows = (base.executionCache as ReleaseExecutionCache).rows.map((r) => ({ line: r.line, value: r.value }));
  return readExecutionCacheRecords([...rows, ...extra.map((value, i) => ({ line: 1000 + i, value }))]);
}
