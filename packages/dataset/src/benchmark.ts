/**
 * The in-memory model of an ExecRetrieval release: rows as released plus typed-array indices built once in O(n).
 */

import { compareCodePoints, type Language } from '@execret/formats';
import type { DistractorMetadata } from './distractor-metadata.js';
import type { DatasetIssue } from './errors.js';
import type { ReleaseExecutionCache } from './execution-cache.js';
import type { HubCommitResolution } from './hub/commit.js';
import type { HubPart } from './hub/parts.js';
import type { RefusedRemoteFile } from './hub/safe-path.js';
import type { HubFileResult } from './hub/types.js';
import type { JsonlLayout } from './jsonl.js';
import { deriveFunctionName } from './python-syntax.js';
import { type CorpusRow, normalizeBugType, type QueryRow, rowLanguage } from './schemas.js';

/** The ten domains of the paper, in alphabetical order (other domains are accepted). */
export const DOCUMENTED_DOMAINS = [
  'bit_manipulation',
  'collections',
  'data_transformation',
  'date_time',
  'geometry',
  'math_numerical',
  'sorting_searching',
  'state_machines',
  'string_processing',
  'validation',
] as const;

/** Where a benchmark came from. */
export interface BenchmarkSource {
  /**
   * `'local'` directory, Hugging Face `'hub'`, a bundled set (`'mini'`, for both `'mini'` and `'mini-js'`; the
   * location says which), built in `'memory'`, or `'derived'` by a pool helper.
   */
  kind: 'local' | 'hub' | 'mini' | 'memory' | 'derived';
  /** Directory, `hf:` reference, or a description. */
  location: string;
  /** Hub revision, when `kind` is `'hub'`. */
  revision?: string;
  /** The commit the Hub files are from (40 hex digits), when `kind` is `'hub'`. */
  commit?: string;
  /** Local directories of the optional folders loaded on request (`with`), e.g. `parts.embeddings`. */
  parts?: Partial<Record<HubPart, string>>;
  /** For `'derived'`: the operations applied, in order, each with its parameters (seeds included). */
  derivation?: readonly BenchmarkDerivation[];
}

/** One pool operation applied to a benchmark (recorded so results can state how the pool was built). */
export type BenchmarkDerivation =
  | { kind: 'retain-distractors'; r: number; seed: number }
  | { kind: 'filter-domains'; domains: readonly string[] }
  | { kind: 'filter-bug-types'; bugTypes: readonly string[]; dropQueriesWithoutDistractors: boolean };

/** The layouts of the four data files as read (used by `writeExecRetrieval` to reproduce the bytes). */
export interface ReleaseFormat {
  corpus?: JsonlLayout;
  queries?: JsonlLayout;
  distractorMetadata?: JsonlLayout;
  executionCache?: JsonlLayout;
}

/** How one file was read. */
export interface LoadedFileInfo {
  /** Path relative to the release root, e.g. `data/corpus.jsonl`. */
  file: string;
  /** Physical lines. */
  lines: number;
  /** Records parsed. */
  records: number;
  /** Size in bytes. */
  bytes: number;
  /** Lowercase hex SHA-256 of the file's bytes. */
  sha256: string;
  /** `'verified'` against `SHA256SUMS`, `'not-listed'` there, `'no-sums'` (no `SHA256SUMS`), or `'skipped'`. */
  checksum: 'verified' | 'not-listed' | 'no-sums' | 'skipped';
}

/** What loading found besides the data: unknown fields, tolerant-reader reports, warnings. */
export interface LoadReport {
  /** Files read, in reading order. */
  files: LoadedFileInfo[];
  /** Per file, fields the schemas do not know → number of rows holding them (kept on the rows). */
  unknownFields: Record<string, Record<string, number>>;
  /** Warnings and information (never errors: errors make loading throw). */
  issues: DatasetIssue[];
  /** For a Hub source: the commit, how it was found, and what was downloaded or taken from the cache. */
  hub?: HubLoadInfo;
}

/** What loading from the Hub did (`benchmark.loadReport.hub`). */
export interface HubLoadInfo {
  /** `owner/name`. */
  repository: string;
  /** The revision asked for. */
  revision: string;
  /** The commit the files are from. */
  commit: string;
  /** `hub` (resolved now), `pinned` (the revision is a commit) or `cached-ref` (offline: the last resolved commit). */
  resolution: HubCommitResolution;
  /** Whether the network was not used; `offlineReason` says why. */
  offline: boolean;
  offlineReason?: string;
  /** Whether the commit has a `SHA256SUMS`. */
  checksums: boolean;
  /** Every file: downloaded or cached, and what it was checked against. */
  files: HubFileResult[];
  /** Optional folders → local directories. */
  parts: Partial<Record<HubPart, string>>;
  /** Listed names that were refused and skipped. */
  refused: RefusedRemoteFile[];
}

/**
 * An ExecRetrieval benchmark: the released rows (unknown fields kept) plus indices for analyses.
 *
 * Index conventions: queries and snippets are numbered by their position in `queries` and `corpus` (file order);
 * per-query lists use CSR layout — the distractors of query q are
 * `distractorIndices.subarray(distractorOffsets[q], distractorOffsets[q + 1])` in the order the query lists them.
 * An id that does not resolve is left out of these lists (and reported by `validateBenchmark`); a snippet is a
 * canonical when some query lists it in `correct_corpus_ids`, whatever its label says.
 */
export interface Benchmark {
  /** Where it came from. */
  source: BenchmarkSource;
  /** `data/queries.jsonl` rows in file order. */
  queries: readonly QueryRow[];
  /** `data/corpus.jsonl` rows in file order: the search pool. */
  corpus: readonly CorpusRow[];
  /** `query_id` → query index (first occurrence of a repeated id). */
  queryIndexById: ReadonlyMap<string, number>;
  /** `corpus_id` → snippet index (first occurrence of a repeated id). */
  corpusIndexById: ReadonlyMap<string, number>;
  /** Snippet index of each query's first resolvable correct id, `-1` when none resolves. */
  queryCanonicalIndex: Int32Array;
  /** CSR offsets (length `queries.length + 1`) into `correctIndices`. */
  correctOffsets: Int32Array;
  /** Snippet indices of each query's resolvable `correct_corpus_ids`. */
  correctIndices: Int32Array;
  /** CSR offsets (length `queries.length + 1`) into `distractorIndices`. */
  distractorOffsets: Int32Array;
  /** Snippet indices of each query's resolvable `paired_distractor_corpus_ids`. */
  distractorIndices: Int32Array;
  /** Each query's domain, the middle of `entry_id` = `exec_<domain>_<n>`; `null` when `entry_id` has another shape. */
  queryDomain: readonly (string | null)[];
  /** Distinct domains, sorted by code point. */
  domains: readonly string[];
  /** Index into `domains` per query, `-1` when the domain is `null`. */
  queryDomainIndex: Int32Array;
  /**
   * Each query's function name, derived from its canonical (see `deriveFunctionName`); `null` when none, and for
   * queries that are not Python (the derivation reads Python syntax).
   */
  functionName: readonly (string | null)[];
  /** Each query's language (its `language` field; `'python'` when absent). */
  queryLanguage: readonly Language[];
  /** Each snippet's language (its `language` field; `'python'` when absent). */
  snippetLanguage: readonly Language[];
  /** Each query's test suite (the row's `test_suite`). */
  testSuites: readonly (readonly string[])[];
  /** 1 when the snippet is listed in some query's `correct_corpus_ids`. */
  isCanonical: Uint8Array;
  /** Query index that lists the snippet (as correct or distractor), `-1` for none; the first when several do. */
  snippetQueryIndex: Int32Array;
  /** Each snippet's bug type, `null` for "no bug" (absent, `null` or `""`). */
  snippetBugType: readonly (string | null)[];
  /** Distinct bug types, sorted by code point. */
  bugTypes: readonly string[];
  /** Index into `bugTypes` per snippet, `-1` for "no bug". */
  snippetBugTypeIndex: Int32Array;
  /** 1-based line of each query in its file (0 when not read from a file). */
  queryLine: Int32Array;
  /** 1-based line of each snippet in its file (0 when not read from a file). */
  corpusLine: Int32Array;
  /** The distractor metadata, when loaded. */
  distractorMetadata: DistractorMetadata | null;
  /** The execution cache, when loaded. */
  executionCache: ReleaseExecutionCache | null;
  /** Layouts of the files as read (empty for benchmarks built in memory). */
  format: ReleaseFormat;
  /** What loading found besides the data. */
  loadReport: LoadReport;
}

/**
 * The domain encoded in an `entry_id`: `exec_<domain>_<n>` → `<domain>`; `null` for any other shape.
 *
 * @example
 * domainFromEntryId('exec_string_processing_5'); // 'string_processing'
 * domainFromEntryId('batch_7');                  // null
 */
export function domainFromEntryId(entryId: string): string | null {
  const m = /^exec_(.+)_(\d+)$/.exec(entryId);
  return m === null ? null : (m[1] as string);
}

/** Input of {@link createBenchmark}. */
export interface BenchmarkInput {
  corpus: readonly CorpusRow[];
  queries: readonly QueryRow[];
  distractorMetadata?: DistractorMetadata | null;
  executionCache?: ReleaseExecutionCache | null;
  format?: ReleaseFormat;
  source?: BenchmarkSource;
  loadReport?: LoadReport;
  /** 1-based lines of the corpus rows (default: all 0). */
  corpusLine?: Int32Array;
  /** 1-based lines of the query rows (default: all 0). */
  queryLine?: Int32Array;
}

/**
 * Builds the {@link Benchmark} indices from rows in O(total ids). Never throws for inconsistent data: ids that
 * do not resolve are left out of the index lists and repeated ids map to their first occurrence;
 * `validateBenchmark` reports all of it. Rows are used as they are (not copied).
 *
 * @example
 * const b = createBenchmark({ corpus, queries });
 * const q = b.queryIndexById.get('q_0001')!;
 * const distractors = b.distractorIndices.subarray(b.distractorOffsets[q], b.distractorOffsets[q + 1]);
 */
export function createBenchmark(input: BenchmarkInput): Benchmark {
  const { corpus, queries } = input;
  const nq = queries.length;
  const nc = corpus.length;
  const corpusIndexById = new Map<string, number>();
  for (let i = 0; i < nc; i++) {
    const id = (corpus[i] as CorpusRow).corpus_id;
    if (!corpusIndexById.has(id)) corpusIndexById.set(id, i);
  }
  const queryIndexById = new Map<string, number>();
  let correctTotal = 0;
  let distractorTotal = 0;
  for (let q = 0; q < nq; q++) {
    const row = queries[q] as QueryRow;
    if (!queryIndexById.has(row.query_id)) queryIndexById.set(row.query_id, q);
    correctTotal += row.correct_corpus_ids.length;
    distractorTotal += row.paired_distractor_corpus_ids.length;
  }
  const queryCanonicalIndex = new Int32Array(nq).fill(-1);
  const correctOffsets = new Int32Array(nq + 1);
  const distractorOffsets = new Int32Array(nq + 1);
  const correctAll = new Int32Array(correctTotal);
  const distractorAll = new Int32Array(distractorTotal);
  const isCanonical = new Uint8Array(nc);
  const snippetQueryIndex = new Int32Array(nc).fill(-1);
  const queryDomain: (string | null)[] = new Array(nq);
  const functionName: (string | null)[] = new Array(nq);
  const testSuites: (readonly string[])[] = new Array(nq);
  const queryLanguage: Language[] = new Array(nq);
  let nCorrect = 0;
  let nDistractor = 0;
  for (let q = 0; q < nq; q++) {
    const row = queries[q] as QueryRow;
    correctOffsets[q] = nCorrect;
    for (const id of row.correct_corpus_ids) {
      const c = corpusIndexById.get(id);
      if (c === undefined) continue;
      correctAll[nCorrect++] = c;
      isCanonical[c] = 1;
      if (snippetQueryIndex[c] === -1) snippetQueryIndex[c] = q;
    }
    if (nCorrect > (correctOffsets[q] as number))
      queryCanonicalIndex[q] = correctAll[correctOffsets[q] as number] as number;
    distractorOffsets[q] = nDistractor;
    for (const id of row.paired_distractor_corpus_ids) {
      const c = corpusIndexById.get(id);
      if (c === undefined) continue;
      distractorAll[nDistractor++] = c;
      if (snippetQueryIndex[c] === -1) snippetQueryIndex[c] = q;
    }
    queryDomain[q] = domainFromEntryId(row.entry_id);
    testSuites[q] = row.test_suite;
    queryLanguage[q] = rowLanguage(row);
    const canonical = queryCanonicalIndex[q] as number;
    functionName[q] =
      canonical === -1 || queryLanguage[q] !== 'python'
        ? null
        : deriveFunctionName((corpus[canonical] as CorpusRow).code, row.test_suite);
  }
  correctOffsets[nq] = nCorrect;
  distractorOffsets[nq] = nDistractor;
  const domains = [...new Set(queryDomain.filter((d): d is string => d !== null))].sort(compareCodePoints);
  const domainIndex = new Map(domains.map((d, i) => [d, i]));
  const queryDomainIndex = new Int32Array(nq);
  for (let q = 0; q < nq; q++) {
    const d = queryDomain[q];
    queryDomainIndex[q] = d === null || d === undefined ? -1 : (domainIndex.get(d) as number);
  }
  const snippetBugType: (string | null)[] = new Array(nc);
  const snippetLanguage: Language[] = new Array(nc);
  for (let i = 0; i < nc; i++) {
    snippetBugType[i] = normalizeBugType((corpus[i] as CorpusRow).bug_type);
    snippetLanguage[i] = rowLanguage(corpus[i] as CorpusRow);
  }
  const bugTypes = [...new Set(snippetBugType.filter((b): b is string => b !== null))].sort(compareCodePoints);
  const bugIndex = new Map(bugTypes.map((b, i) => [b, i]));
  const snippetBugTypeIndex = new Int32Array(nc);
  for (let i = 0; i < nc; i++) {
    const b = snippetBugType[i];
    snippetBugTypeIndex[i] = b === null || b === undefined ? -1 : (bugIndex.get(b) as number);
  }
  return {
    source: input.source ?? { kind: 'memory', location: '(in memory)' },
    queries,
    corpus,
    queryIndexById,
    corpusIndexById,
    queryCanonicalIndex,
    correctOffsets,
    correctIndices: nCorrect === correctTotal ? correctAll : correctAll.slice(0, nCorrect),
    distractorOffsets,
    distractorIndices: nDistractor === distractorTotal ? distractorAll : distractorAll.slice(0, nDistractor),
    queryDomain,
    domains,
    queryDomainIndex,
    functionName,
    queryLanguage,
    snippetLanguage,
    testSuites,
    isCanonical,
    snippetQueryIndex,
    snippetBugType,
    bugTypes,
    snippetBugTypeIndex,
    queryLine: input.queryLine ?? new Int32Array(nq),
    corpusLine: input.corpusLine ?? new Int32Array(nc),
    distractorMetadata: input.distractorMetadata ?? null,
    executionCache: input.executionCache ?? null,
    format: input.format ?? {},
    loadReport: input.loadReport ?? { files: [], unknownFields: {}, issues: [] },
  };
}

/**
 * Snippet indices of a query's paired distractors (a view, not a copy), in the order the query lists them.
 *
 * @example
 * queryDistractors(b, b.queryIndexById.get('q_0001')!); // Int32Array [1, 2, 3, 4]
 */
export function queryDistractors(benchmark: Benchmark, queryIndex: number): Int32Array {
  checkQueryIndex(benchmark, queryIndex);
  return benchmark.distractorIndices.subarray(
    benchmark.distractorOffsets[queryIndex],
    benchmark.distractorOffsets[queryIndex + 1],
  );
}

/**
 * Snippet indices of a query's resolvable correct ids (a view, not a copy); normally exactly one.
 *
 * @example
 * queryCorrect(b, 0); // Int32Array [0]
 */
export function queryCorrect(benchmark: Benchmark, queryIndex: number): Int32Array {
  checkQueryIndex(benchmark, queryIndex);
  return benchmark.correctIndices.subarray(
    benchmark.correctOffsets[queryIndex],
    benchmark.correctOffsets[queryIndex + 1],
  );
}

function checkQueryIndex(benchmark: Benchmark, q: number): void {
  if (!Number.isInteger(q) || q < 0 || q >= benchmark.queries.length) {
    throw new RangeError(
      `@execret/dataset: query index must be an integer in [0, ${benchmark.queries.length}), received ${q}`,
    );
  }
}

/**
 * The query row with a given id, or `undefined`.
 *
 * @example
 * getQuery(b, 'q_0001')?.test_suite.length; // 8
 */
export function getQuery(benchmark: Benchmark, queryId: string): QueryRow | undefined {
  const i = benchmark.queryIndexById.get(queryId);
  return i === undefined ? undefined : benchmark.queries[i];
}

/**
 * The corpus row with a given id, or `undefined`.
 *
 * @example
 * getSnippet(b, 'c_0001')?.label; // 'correct'
 */
export function getSnippet(benchmark: Benchmark, corpusId: string): CorpusRow | undefined {
  const i = benchmark.corpusIndexById.get(corpusId);
  return i === undefined ? undefined : benchmark.corpus[i];
}
