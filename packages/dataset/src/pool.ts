/**
 * Pool helpers for the paper's analyses: fewer distractors per query, one domain, one bug type.
 *
 * Each helper returns a new {@link Benchmark} (source kind `'derived'`, the operation and its parameters appended
 * to `source.derivation`) whose corpus is the canonicals of the kept queries plus their kept distractors, in the
 * original corpus order. Query rows whose distractor list changes are shallow copies with a filtered
 * `paired_distractor_corpus_ids`; all other rows are shared, not copied. Line numbers keep pointing at the
 * source files. The execution cache is shared; distractor metadata keeps the rows of kept distractors and the rows
 * it could not attribute.
 */

import { fnv1a32, mulberry32 } from '@execret/formats';
import { type Benchmark, type BenchmarkDerivation, createBenchmark } from './benchmark.js';
import type { DistractorMetadata } from './distractor-metadata.js';
import type { CorpusRow, QueryRow } from './schemas.js';

/** Default seed of {@link retainDistractors} (the release's bootstrap seed). */
export const DEFAULT_POOL_SEED = 20260510;

/**
 * The order in which a query's distractors are retained: a Fisher–Yates shuffle of `ids` driven by mulberry32
 * seeded with `seed XOR fnv1a32(queryId)` (the seed taken as a 32-bit integer). Depends only on the seed, the query
 * id and the listed ids, so it is the same whatever other queries the benchmark holds.
 *
 * @example
 * retentionOrder(['c_2', 'c_3', 'c_4'], 'q_0001', 20260510); // a fixed permutation of the three ids
 */
export function retentionOrder(ids: readonly string[], queryId: string, seed: number): string[] {
  const out = [...ids];
  const random = mulberry32((seed ^ fnv1a32(queryId)) >>> 0);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = out[i] as string;
    out[i] = out[j] as string;
    out[j] = t;
  }
  return out;
}

function derive(
  b: Benchmark,
  keepQuery: (q: number) => boolean,
  keepDistractors: (q: number, ids: readonly string[]) => readonly string[],
  derivation: BenchmarkDerivation,
): Benchmark {
  const queries: QueryRow[] = [];
  const queryLine: number[] = [];
  const keepSnippet = new Uint8Array(b.corpus.length);
  const keptDistractorIds = new Set<string>();
  for (let q = 0; q < b.queries.length; q++) {
    if (!keepQuery(q)) continue;
    const row = b.queries[q] as QueryRow;
    const kept = keepDistractors(q, row.paired_distractor_corpus_ids);
    const same = kept.length === row.paired_distractor_corpus_ids.length;
    queries.push(same ? row : { ...row, paired_distractor_corpus_ids: [...kept] });
    queryLine.push(b.queryLine[q] as number);
    for (const id of row.correct_corpus_ids) {
      const c = b.corpusIndexById.get(id);
      if (c !== undefined) keepSnippet[c] = 1;
    }
    for (const id of kept) {
      const c = b.corpusIndexById.get(id);
      if (c !== undefined) keepSnippet[c] = 1;
      keptDistractorIds.add(id);
    }
  }
  const corpus: CorpusRow[] = [];
  const corpusLine: number[] = [];
  for (let c = 0; c < b.corpus.length; c++) {
    if (keepSnippet[c] === 1) {
      corpus.push(b.corpus[c] as CorpusRow);
      corpusLine.push(b.corpusLine[c] as number);
    }
  }
  let metadata: DistractorMetadata | null = null;
  if (b.distractorMetadata !== null) {
    const rows = b.distractorMetadata.rows.filter(
      (r) => r.distractorId === null || keptDistractorIds.has(r.distractorId),
    );
    const byDistractorId = new Map<string, number>();
    rows.forEach((r, i) => {
      if (r.distractorId !== null && !byDistractorId.has(r.distractorId)) byDistractorId.set(r.distractorId, i);
    });
    metadata = { ...b.distractorMetadata, rows, byDistractorId };
  }
  return createBenchmark({
    corpus,
    queries,
    distractorMetadata: metadata,
    executionCache: b.executionCache,
    format: b.format,
    source: {
      kind: 'derived',
      location: b.source.location,
      ...(b.source.revision !== undefined ? { revision: b.source.revision } : {}),
      derivation: [...(b.source.derivation ?? []), derivation],
    },
    loadReport: b.loadReport,
    corpusLine: Int32Array.from(corpusLine),
    queryLine: Int32Array.from(queryLine),
  });
}

/** Options of {@link retainDistractors}. */
export interface RetainDistractorsOptions {
  /** Seed of the choice (default {@link DEFAULT_POOL_SEED}). */
  seed?: number;
}

/**
 * The pool with at most `r` of each query's paired distractors retained (all of them when a query has `r` or
 * fewer), chosen by {@link retentionOrder}: the first `r` ids of a seeded shuffle. Choices are nested: the
 * distractors retained for `r` are among those retained for `r + 1` with the same seed. Retained distractors keep
 * the order the query lists them in. `r = 0` leaves only the canonicals.
 *
 * @throws {RangeError} when `r` is not a non-negative integer or the seed is not an integer.
 * @example
 * const pool2 = retainDistractors(benchmark, 2, { seed: 7 });
 * pool2.source.derivation; // [{ kind: 'retain-distractors', r: 2, seed: 7 }]
 */
export function retainDistractors(benchmark: Benchmark, r: number, options: RetainDistractorsOptions = {}): Benchmark {
  if (!Number.isInteger(r) || r < 0)
    throw new RangeError(
      `@execret/dataset: retainDistractors: r must be a non-negative integer (0..4 in the paper), received ${r}`,
    );
  const seed = options.seed ?? DEFAULT_POOL_SEED;
  if (!Number.isInteger(seed))
    throw new RangeError(`@execret/dataset: retainDistractors: seed must be an integer, received ${seed}`);
  return derive(
    benchmark,
    () => true,
    (q, ids) => {
      if (ids.length <= r) return ids;
      const chosen = new Set(retentionOrder(ids, (benchmark.queries[q] as QueryRow).query_id, seed).slice(0, r));
      return ids.filter((id) => chosen.has(id));
    },
    { kind: 'retain-distractors', r, seed },
  );
}

/**
 * The benchmark restricted to the queries of some domains (with their canonicals and distractors).
 *
 * @throws {RangeError} when a domain does not occur in the benchmark (the message lists the ones that do).
 * @example
 * const geometry = filterByDomain(benchmark, ['geometry']);
 */
export function filterByDomain(benchmark: Benchmark, domains: Iterable<string>): Benchmark {
  const wanted = [...new Set(domains)];
  for (const d of wanted) {
    if (!benchmark.domains.includes(d)) {
      throw new RangeError(
        `@execret/dataset: filterByDomain: unknown domain ${JSON.stringify(d)}; the benchmark has ${benchmark.domains.join(', ') || 'none'}`,
      );
    }
  }
  const set = new Set(wanted);
  return derive(
    benchmark,
    (q) => set.has(benchmark.queryDomain[q] ?? ''),
    (_, ids) => ids,
    { kind: 'filter-domains', domains: wanted },
  );
}

/** Options of {@link filterByBugType}. */
export interface FilterByBugTypeOptions {
  /** Leave out queries that keep no distractor (default `false`: they stay, with only their canonical). */
  dropQueriesWithoutDistractors?: boolean;
}

/**
 * The pool with only the distractors of some bug types (all canonicals stay).
 *
 * @throws {RangeError} when a bug type does not occur in the benchmark (the message lists the ones that do).
 * @example
 * const offByOne = filterByBugType(benchmark, ['off_by_one', 'off_by_one_boundary'], { dropQueriesWithoutDistractors: true });
 */
export function filterByBugType(
  benchmark: Benchmark,
  bugTypes: Iterable<string>,
  options: FilterByBugTypeOptions = {},
): Benchmark {
  const wanted = [...new Set(bugTypes)];
  for (const t of wanted) {
    if (!benchmark.bugTypes.includes(t)) {
      throw new RangeError(
        `@execret/dataset: filterByBugType: unknown bug type ${JSON.stringify(t)}; the benchmark has ${benchmark.bugTypes.join(', ') || 'none'}`,
      );
    }
  }
  const set = new Set(wanted);
  const drop = options.dropQueriesWithoutDistractors ?? false;
  const keepIds = (ids: readonly string[]) =>
    ids.filter((id) => {
      const c = benchmark.corpusIndexById.get(id);
      return c !== undefined && set.has(benchmark.snippetBugType[c] ?? '');
    });
  return derive(
    benchmark,
    (q) => !drop || keepIds((benchmark.queries[q] as QueryRow).paired_distractor_corpus_ids).length > 0,
    (_, ids) => keepIds(ids),
    { kind: 'filter-bug-types', bugTypes: wanted, dropQueriesWithoutDistractors: drop },
  );
}
