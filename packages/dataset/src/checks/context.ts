/**
 * What every validation check reads: the benchmark, the resolved options, where issues point to, and the derived
 * data several checks share (snippet roles, lexical scans, execution lookups), each computed once on first use.
 */

import { codeSha256, testsSha256 } from '@execret/formats';
import type { Benchmark } from '../benchmark.js';
import type { DatasetIssue } from '../errors.js';
import { lookupExecution, type ReleaseExecutionCache, type ReleaseExecutionEntry } from '../execution-cache.js';
import { type PythonScan, scanPython, topLevelFunctionNames } from '../python-syntax.js';
import type { CorpusRow, QueryRow } from '../schemas.js';
import {
  DEFAULT_DISTRACTOR_COUNT,
  DEFAULT_TEST_SUITE_SIZE,
  type PythonParseCheck,
  type ValidateBenchmarkOptions,
} from '../validate-options.js';

/** Where an issue points: file, line, field path and the query or snippet it is about. */
export type IssueLocation = Partial<Pick<DatasetIssue, 'file' | 'line' | 'path' | 'queryId' | 'corpusId'>>;

/** How often each snippet is listed as correct and as a distractor, over all queries. */
interface SnippetRoles {
  correctOwners: Int32Array;
  distractorOwners: Int32Array;
}

/** The execution verdict of a snippet against its query's suite, as the cache records it. */
export type ExecutionVerdict = 'pass' | 'fail' | 'missing';

/** The shared input of every check (see {@link createValidationContext}). */
export interface ValidationContext {
  readonly benchmark: Benchmark;
  readonly testSuiteSize: { readonly min: number; readonly max: number };
  readonly distractorCount: { readonly min: number; readonly max: number };
  readonly parsePython: PythonParseCheck | undefined;
  /** The cache the execution checks use (`null`: they are skipped). */
  readonly executionCache: ReleaseExecutionCache | null;
  /** Release-relative paths of the files issues point to. */
  readonly files: { corpus: string; queries: string; distractorMetadata: string; executionCache: string };
  queryId(q: number): string;
  corpusId(c: number): string;
  /** Location of query `q` (its file and line), with an optional field path. */
  atQuery(q: number, path?: (string | number)[]): IssueLocation;
  /** Location of snippet `c` (its file and line), with an optional field path. */
  atSnippet(c: number, path?: (string | number)[]): IssueLocation;
  /** Whether snippet `c` is the first occurrence of its corpus_id (repeats are reported once, by their own check). */
  isFirstOfId(c: number): boolean;
  roles(): SnippetRoles;
  /** The lexical scan of snippet `c`'s code. */
  snippetScan(c: number): PythonScan;
  /** Top-level function names defined by snippet `c`. */
  definedFunctions(c: number): string[];
  /** The lexical scan of test `j` of query `q`. */
  testScan(q: number, j: number): PythonScan;
  /** The cache entry of snippet `c` against query `q`'s suite, in the query's language (requires an execution cache). */
  cacheEntry(q: number, c: number): ReleaseExecutionEntry | undefined;
}

/** Reads a verdict off a cache entry: no entry or no all-pass flag is `missing`. */
export function verdictOf(entry: ReleaseExecutionEntry | undefined): ExecutionVerdict {
  if (entry === undefined || entry.passesAllTests === null) return 'missing';
  return entry.passesAllTests ? 'pass' : 'fail';
}

/** Builds the context of one validation run; nothing is computed until a check asks for it. */
export function createValidationContext(
  benchmark: Benchmark,
  options: ValidateBenchmarkOptions = {},
): ValidationContext {
  const b = benchmark;
  const fileOf = (name: string) => b.loadReport.files.find((f) => f.file.endsWith(name))?.file ?? `data/${name}`;
  const files = {
    corpus: fileOf('corpus.jsonl'),
    queries: fileOf('queries.jsonl'),
    distractorMetadata: fileOf('distractor_metadata.jsonl'),
    executionCache: fileOf('execution_cache.jsonl'),
  };
  const queryId = (q: number) => (b.queries[q] as QueryRow).query_id;
  const corpusId = (c: number) => (b.corpus[c] as CorpusRow).corpus_id;
  const located = (where: IssueLocation, line: number | undefined, path?: (string | number)[]): IssueLocation => {
    if (line !== undefined && line > 0) where.line = line;
    if (path) where.path = path;
    return where;
  };

  let roles: SnippetRoles | undefined;
  let snippetScans: (PythonScan | undefined)[] | undefined;
  let testScans: (PythonScan[] | undefined)[] | undefined;
  const codeHashes = new Map<number, string>();
  const testsHashes = new Map<number, string>();
  const cache = options.executionCache === undefined ? b.executionCache : options.executionCache;

  const context: ValidationContext = {
    benchmark: b,
    testSuiteSize: options.testSuiteSize ?? DEFAULT_TEST_SUITE_SIZE,
    distractorCount: options.distractorCount ?? DEFAULT_DISTRACTOR_COUNT,
    parsePython: options.parsePython,
    executionCache: cache,
    files,
    queryId,
    corpusId,
    atQuery: (q, path) => located({ file: files.queries, queryId: queryId(q) }, b.queryLine[q], path),
    atSnippet: (c, path) => located({ file: files.corpus, corpusId: corpusId(c) }, b.corpusLine[c], path),
    isFirstOfId: (c) => b.corpusIndexById.get(corpusId(c)) === c,
    roles() {
      if (roles === undefined) roles = snippetRoles(b);
      return roles;
    },
    snippetScan(c) {
      snippetScans ??= new Array<PythonScan | undefined>(b.corpus.length);
      let scan = snippetScans[c];
      if (scan === undefined) {
        scan = scanPython((b.corpus[c] as CorpusRow).code);
        snippetScans[c] = scan;
      }
      return scan;
    },
    definedFunctions: (c) => topLevelFunctionNames((b.corpus[c] as CorpusRow).code, context.snippetScan(c)),
    testScan(q, j) {
      testScans ??= new Array<PythonScan[] | undefined>(b.queries.length);
      let scans = testScans[q];
      if (scans === undefined) {
        scans = (b.queries[q] as QueryRow).test_suite.map((test) => scanPython(test));
        testScans[q] = scans;
      }
      return scans[j] as PythonScan;
    },
    cacheEntry(q, c) {
      if (cache === null) throw new Error('@execret/dataset validate: cacheEntry needs an execution cache');
      let code = codeHashes.get(c);
      if (code === undefined) {
        code = codeSha256((b.corpus[c] as CorpusRow).code);
        codeHashes.set(c, code);
      }
      let tests = testsHashes.get(q);
      if (tests === undefined) {
        tests = testsSha256((b.queries[q] as QueryRow).test_suite);
        testsHashes.set(q, tests);
      }
      return lookupExecution(cache, code, tests, b.queryLanguage[q]);
    },
  };
  return context;
}

function snippetRoles(b: Benchmark): SnippetRoles {
  const correctOwners = new Int32Array(b.corpus.length);
  const distractorOwners = new Int32Array(b.corpus.length);
  for (const row of b.queries) {
    for (const id of row.correct_corpus_ids) {
      const c = b.corpusIndexById.get(id);
      if (c !== undefined) correctOwners[c] = (correctOwners[c] as number) + 1;
    }
    for (const id of row.paired_distractor_corpus_ids) {
      const c = b.corpusIndexById.get(id);
      if (c !== undefined) distractorOwners[c] = (distractorOwners[c] as number) + 1;
    }
  }
  return { correctOwners, distractorOwners };
}
