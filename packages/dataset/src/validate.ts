/**
 * `validateBenchmark`: the integrity checks a careful release runs before publishing.
 */

import { codeSha256, compareCodePoints, isBugType, testsSha256 } from '@execret/formats';
import { type Benchmark, DOCUMENTED_DOMAINS } from './benchmark.js';
import { DatasetError, type DatasetIssue, formatIssues, IssueCollector, type IssueSeverity } from './errors.js';
import { type ExecutionCache, lookupExecution } from './execution-cache.js';
import { checkAssertStatement, scanPython, topLevelFunctionNames } from './python-syntax.js';
import type { CorpusRow, QueryRow } from './schemas.js';

/** One integrity check: its id (used as the `code` of its issues) and what it verifies. */
export interface ValidationCheck {
  id: string;
  description: string;
}

/** Every check `validateBenchmark` runs, in report order. */
export const VALIDATION_CHECKS: readonly ValidationCheck[] = [
  { id: 'unique-corpus-ids', description: 'every corpus_id occurs once' },
  { id: 'unique-query-ids', description: 'every query_id occurs once' },
  { id: 'query-text', description: 'every query has a non-empty description' },
  { id: 'correct-ids-exist', description: 'every correct_corpus_ids entry is a corpus_id' },
  { id: 'distractor-ids-exist', description: 'every paired_distractor_corpus_ids entry is a corpus_id' },
  { id: 'one-canonical-per-query', description: 'every query lists exactly one correct snippet' },
  {
    id: 'canonical-single-owner',
    description: 'every canonical belongs to exactly one query and is not also a distractor',
  },
  { id: 'distractor-single-owner', description: 'every distractor is listed exactly once, by exactly one query' },
  { id: 'no-orphan-snippets', description: 'every snippet belongs to some query' },
  { id: 'labels-match-roles', description: 'canonicals are labelled "correct", distractors "incorrect"' },
  { id: 'bug-type-only-on-distractors', description: 'canonicals have no bug_type (absent, null or "")' },
  { id: 'distractor-has-bug-type', description: 'every distractor has a bug_type' },
  { id: 'distractor-count', description: 'every query has 1 to 4 paired distractors' },
  { id: 'distractor-differs', description: "no distractor's code equals its canonical's" },
  { id: 'unique-code', description: 'no two snippets have identical code' },
  { id: 'source-entry-id', description: "every snippet's source_entry_id equals its query's entry_id" },
  { id: 'domain', description: 'every entry_id has the form exec_<domain>_<n> with a documented domain' },
  { id: 'test-suite-size', description: 'every test suite has 7 to 10 asserts' },
  { id: 'tests-are-asserts', description: 'every test is a single assert statement that parses' },
  { id: 'tests-unique', description: 'no test occurs twice in a suite' },
  { id: 'function-defined', description: 'a top-level def of the canonical is the function the tests call' },
  { id: 'tests-call-function', description: 'every test calls the function' },
  { id: 'distractors-define-function', description: 'every distractor defines the function at top level' },
  { id: 'snippets-parse', description: 'every snippet is lexically valid Python (and parses, given a parser)' },
  {
    id: 'metadata-coverage',
    description: 'distractor metadata has one row per distractor, agreeing on bug type and canonical',
  },
  { id: 'canonicals-pass', description: 'every canonical passes its suite in the execution cache' },
  { id: 'distractors-fail', description: 'every distractor fails its suite in the execution cache' },
  { id: 'cache-outcome-count', description: 'cached outcome lists have one outcome per assert' },
];

/** Outcome of one check. */
export interface CheckResult {
  id: string;
  description: string;
  /** `fail`: error issues; `warn`: warnings only; `pass`: none; `skipped`: its input is missing. */
  status: 'pass' | 'warn' | 'fail' | 'skipped';
  /** Items examined. */
  checked: number;
  /** Issues raised (all counted, even beyond the storage limit). */
  errors: number;
  warnings: number;
}

/** Counts per domain. */
export interface DomainSummary {
  /** Domain, or `null` for queries whose entry_id has no domain. */
  domain: string | null;
  queries: number;
  canonicals: number;
  distractors: number;
}

/** Counts per bug type (over distractors). */
export interface BugTypeSummary {
  /** Bug type, or `null` for distractors without one. */
  bugType: string | null;
  distractors: number;
  /** Whether it is one of the six documented bug types. */
  documented: boolean;
}

/** Execution verdicts of the queries' own snippets. */
export interface ExecutionSummary {
  canonicalsPass: number;
  canonicalsFail: number;
  canonicalsMissing: number;
  distractorsFail: number;
  distractorsPass: number;
  distractorsMissing: number;
}

/** The summary table of a validation. */
export interface ValidationSummary {
  queries: number;
  snippets: number;
  canonicals: number;
  distractors: number;
  /** Number of queries with 0, 1, 2, ... paired distractors (index = count). */
  distractorsPerQuery: number[];
  /** Number of queries with 0, 1, 2, ... tests (index = count). */
  testsPerQuery: number[];
  perDomain: DomainSummary[];
  perBugType: BugTypeSummary[];
  /** Present when an execution cache was available. */
  execution: ExecutionSummary | null;
}

/** What {@link validateBenchmark} reports besides the issue list itself. */
export interface ValidationDetails {
  /** No error-level issue was found. */
  ok: boolean;
  /** Issues in check order, at most `maxIssues` (the same elements as the report array). */
  issues: DatasetIssue[];
  /** Issues beyond `maxIssues` (counted in `checks`). */
  omittedIssues: number;
  checks: CheckResult[];
  summary: ValidationSummary;
}

/**
 * Result of {@link validateBenchmark}: the list of issues (an array, as the public API contract says), carrying the
 * check table and summary as properties. `JSON.stringify` keeps only the array; serialise `report.checks` and
 * `report.summary` explicitly (or use {@link formatValidationReport}).
 */
export type ValidationReport = DatasetIssue[] & ValidationDetails;

/**
 * A deeper syntax check: returns `null` when `source` parses, otherwise the parser's message. `kind` says whether
 * it is a test (one statement) or a snippet (a module). Must be synchronous; a parser that needs IO can be run
 * beforehand and its answers looked up here.
 */
export type PythonParseCheck = (source: string, kind: 'test' | 'snippet') => string | null;

/** Options of {@link validateBenchmark}. */
export interface ValidateBenchmarkOptions {
  /** Execution cache to check verdicts against (default: the benchmark's own, if loaded). */
  executionCache?: ExecutionCache | null;
  /** Optional full parser, run in addition to the lexical checks. */
  parsePython?: PythonParseCheck;
  /** Maximum stored issues (default {@link DEFAULT_MAX_VALIDATION_ISSUES}). */
  maxIssues?: number;
  /** Allowed test-suite sizes, inclusive (default {@link DEFAULT_TEST_SUITE_SIZE}). */
  testSuiteSize?: { min: number; max: number };
  /** Allowed paired-distractor counts, inclusive (default {@link DEFAULT_DISTRACTOR_COUNT}). */
  distractorCount?: { min: number; max: number };
}

/** Default cap on stored validation issues. */
export const DEFAULT_MAX_VALIDATION_ISSUES = 1000;
/** Default allowed test-suite size (SPEC: 7–10 asserts). */
export const DEFAULT_TEST_SUITE_SIZE = Object.freeze({ min: 7, max: 10 });
/** Default allowed number of paired distractors (SPEC: up to four). */
export const DEFAULT_DISTRACTOR_COUNT = Object.freeze({ min: 1, max: 4 });

/**
 * Runs every check of {@link VALIDATION_CHECKS} and returns the list of issues (with file, line and field path where
 * the benchmark was read from files), carrying the check table and a summary as properties. Never throws for bad data; see
 * {@link assertValidBenchmark} for a throwing variant. Execution checks run when an execution cache is available:
 * each query's canonical must pass its suite and each paired distractor must fail it (a pair missing from the
 * cache is a warning).
 *
 * @example
 * const report = validateBenchmark(await loadExecRetrieval('mini'));
 * console.log(formatValidationReport(report));
 * if (!report.ok) process.exitCode = 1;
 */
export function validateBenchmark(benchmark: Benchmark, options: ValidateBenchmarkOptions = {}): ValidationReport {
  const b = benchmark;
  const nq = b.queries.length;
  const nc = b.corpus.length;
  const collector = new IssueCollector(options.maxIssues ?? DEFAULT_MAX_VALIDATION_ISSUES);
  const checks = new Map<string, CheckResult>();
  for (const c of VALIDATION_CHECKS) checks.set(c.id, { ...c, status: 'pass', checked: 0, errors: 0, warnings: 0 });
  const corpusFile = b.loadReport.files.find((f) => f.file.endsWith('corpus.jsonl'))?.file ?? 'data/corpus.jsonl';
  const queriesFile = b.loadReport.files.find((f) => f.file.endsWith('queries.jsonl'))?.file ?? 'data/queries.jsonl';
  const metadataFile =
    b.loadReport.files.find((f) => f.file.endsWith('distractor_metadata.jsonl'))?.file ??
    'data/distractor_metadata.jsonl';
  const check = (id: string) => checks.get(id) as CheckResult;
  const counted = (id: string, n = 1) => {
    check(id).checked += n;
  };
  const report = (id: string, severity: IssueSeverity, message: string, where: Partial<DatasetIssue>) => {
    const c = check(id);
    if (severity === 'error') c.errors++;
    else if (severity === 'warning') c.warnings++;
    collector.add({ severity, code: id, message, ...where });
  };
  const atQuery = (q: number, path?: (string | number)[]): Partial<DatasetIssue> => {
    const where: Partial<DatasetIssue> = { file: queriesFile, queryId: (b.queries[q] as QueryRow).query_id };
    const line = b.queryLine[q];
    if (line !== undefined && line > 0) where.line = line;
    if (path) where.path = path;
    return where;
  };
  const atSnippet = (c: number, path?: (string | number)[]): Partial<DatasetIssue> => {
    const where: Partial<DatasetIssue> = { file: corpusFile, corpusId: (b.corpus[c] as CorpusRow).corpus_id };
    const line = b.corpusLine[c];
    if (line !== undefined && line > 0) where.line = line;
    if (path) where.path = path;
    return where;
  };
  const qid = (q: number) => (b.queries[q] as QueryRow).query_id;
  const cid = (c: number) => (b.corpus[c] as CorpusRow).corpus_id;

  // ids
  counted('unique-corpus-ids', nc);
  for (let c = 0; c < nc; c++) {
    const first = b.corpusIndexById.get(cid(c));
    if (first !== c)
      report(
        'unique-corpus-ids',
        'error',
        `corpus_id ${JSON.stringify(cid(c))} already used on line ${b.corpusLine[first as number]}`,
        atSnippet(c, ['corpus_id']),
      );
  }
  counted('unique-query-ids', nq);
  counted('query-text', nq);
  for (let q = 0; q < nq; q++) {
    const first = b.queryIndexById.get(qid(q));
    if (first !== q)
      report(
        'unique-query-ids',
        'error',
        `query_id ${JSON.stringify(qid(q))} already used on line ${b.queryLine[first as number]}`,
        atQuery(q, ['query_id']),
      );
    if ((b.queries[q] as QueryRow).query.trim() === '')
      report('query-text', 'error', 'the query description is empty', atQuery(q, ['query']));
  }

  // roles
  const correctOwners = new Int32Array(nc);
  const distractorOwners = new Int32Array(nc);
  const distractorCount = [0];
  const testsCount = [0];
  for (let q = 0; q < nq; q++) {
    const row = b.queries[q] as QueryRow;
    row.correct_corpus_ids.forEach((id, j) => {
      counted('correct-ids-exist');
      const c = b.corpusIndexById.get(id);
      if (c === undefined)
        report(
          'correct-ids-exist',
          'error',
          `correct id ${JSON.stringify(id)} is not in the corpus`,
          atQuery(q, ['correct_corpus_ids', j]),
        );
      else correctOwners[c] = (correctOwners[c] as number) + 1;
    });
    row.paired_distractor_corpus_ids.forEach((id, j) => {
      counted('distractor-ids-exist');
      const c = b.corpusIndexById.get(id);
      if (c === undefined)
        report(
          'distractor-ids-exist',
          'error',
          `distractor id ${JSON.stringify(id)} is not in the corpus`,
          atQuery(q, ['paired_distractor_corpus_ids', j]),
        );
      else distractorOwners[c] = (distractorOwners[c] as number) + 1;
    });
    counted('one-canonical-per-query');
    const k = row.correct_corpus_ids.length;
    if (k === 0)
      report('one-canonical-per-query', 'error', 'correct_corpus_ids is empty', atQuery(q, ['correct_corpus_ids']));
    else if (k > 1)
      report(
        'one-canonical-per-query',
        'warning',
        `correct_corpus_ids lists ${k} snippets; the release has exactly one per query`,
        atQuery(q, ['correct_corpus_ids']),
      );
    const nd = row.paired_distractor_corpus_ids.length;
    distractorCount[nd] = (distractorCount[nd] ?? 0) + 1;
    const nt = row.test_suite.length;
    testsCount[nt] = (testsCount[nt] ?? 0) + 1;
    counted('distractor-count');
    const dc = options.distractorCount ?? DEFAULT_DISTRACTOR_COUNT;
    if (nd < dc.min || nd > dc.max)
      report(
        'distractor-count',
        'warning',
        `${nd} paired distractors; expected ${dc.min} to ${dc.max}`,
        atQuery(q, ['paired_distractor_corpus_ids']),
      );
  }
  for (let c = 0; c < nc; c++) {
    if (b.corpusIndexById.get(cid(c)) !== c) continue; // duplicates already reported
    const row = b.corpus[c] as CorpusRow;
    const asCorrect = correctOwners[c] as number;
    const asDistractor = distractorOwners[c] as number;
    counted('no-orphan-snippets');
    if (asCorrect + asDistractor === 0)
      report('no-orphan-snippets', 'error', `snippet (label ${row.label}) is listed by no query`, atSnippet(c));
    if (asCorrect > 0) {
      counted('canonical-single-owner');
      if (asCorrect > 1 || asDistractor > 0) {
        report(
          'canonical-single-owner',
          'error',
          `canonical is listed as correct by ${asCorrect} quer${asCorrect === 1 ? 'y' : 'ies'} and as distractor ${asDistractor} time${asDistractor === 1 ? '' : 's'}`,
          atSnippet(c),
        );
      }
      counted('labels-match-roles');
      if (row.label !== 'correct')
        report(
          'labels-match-roles',
          'error',
          `listed as a correct snippet but labelled ${JSON.stringify(row.label)}`,
          atSnippet(c, ['label']),
        );
      counted('bug-type-only-on-distractors');
      if (b.snippetBugType[c] !== null)
        report(
          'bug-type-only-on-distractors',
          'error',
          `canonical has bug_type ${JSON.stringify(b.snippetBugType[c])}`,
          atSnippet(c, ['bug_type']),
        );
    } else if (asDistractor > 0) {
      counted('distractor-single-owner');
      if (asDistractor > 1)
        report(
          'distractor-single-owner',
          'error',
          `distractor is listed ${asDistractor} times (it must belong to exactly one query)`,
          atSnippet(c),
        );
      counted('labels-match-roles');
      if (row.label !== 'incorrect')
        report(
          'labels-match-roles',
          'error',
          `listed as a distractor but labelled ${JSON.stringify(row.label)}`,
          atSnippet(c, ['label']),
        );
      counted('distractor-has-bug-type');
      if (b.snippetBugType[c] === null)
        report('distractor-has-bug-type', 'warning', 'distractor has no bug_type', atSnippet(c, ['bug_type']));
    }
  }

  // code identity
  const codeOwner = new Map<string, number>();
  counted('unique-code', nc);
  for (let c = 0; c < nc; c++) {
    const code = (b.corpus[c] as CorpusRow).code;
    const first = codeOwner.get(code);
    if (first === undefined) codeOwner.set(code, c);
    else report('unique-code', 'warning', `same code as ${cid(first)}`, atSnippet(c, ['code']));
  }
  for (let q = 0; q < nq; q++) {
    const canonical = b.queryCanonicalIndex[q] as number;
    const row = b.queries[q] as QueryRow;
    for (let k = b.distractorOffsets[q] as number; k < (b.distractorOffsets[q + 1] as number); k++) {
      const d = b.distractorIndices[k] as number;
      if (canonical !== -1) {
        counted('distractor-differs');
        if ((b.corpus[d] as CorpusRow).code === (b.corpus[canonical] as CorpusRow).code) {
          report(
            'distractor-differs',
            'error',
            `distractor ${cid(d)} has exactly the canonical's code`,
            atQuery(q, ['paired_distractor_corpus_ids', row.paired_distractor_corpus_ids.indexOf(cid(d))]),
          );
        }
      }
    }
    // source_entry_id of the query's snippets
    const own = [
      ...b.correctIndices.subarray(b.correctOffsets[q], b.correctOffsets[q + 1]),
      ...b.distractorIndices.subarray(b.distractorOffsets[q], b.distractorOffsets[q + 1]),
    ];
    for (const c of own) {
      counted('source-entry-id');
      const s = (b.corpus[c] as CorpusRow).source_entry_id;
      if (s !== row.entry_id)
        report(
          'source-entry-id',
          'warning',
          `source_entry_id ${JSON.stringify(s)} differs from query ${row.query_id}'s entry_id ${JSON.stringify(row.entry_id)}`,
          atSnippet(c, ['source_entry_id']),
        );
    }
    counted('domain');
    const domain = b.queryDomain[q];
    if (domain === null || domain === undefined)
      report(
        'domain',
        'error',
        `entry_id ${JSON.stringify(row.entry_id)} does not have the form exec_<domain>_<n>`,
        atQuery(q, ['entry_id']),
      );
    else if (!(DOCUMENTED_DOMAINS as readonly string[]).includes(domain))
      report(
        'domain',
        'warning',
        `domain ${JSON.stringify(domain)} is not one of the ten documented domains`,
        atQuery(q, ['entry_id']),
      );
  }

  // one lexical scan per snippet, shared by the function and parse checks
  const scans = b.corpus.map((row) => scanPython(row.code));
  const defsOf = (c: number) => topLevelFunctionNames((b.corpus[c] as CorpusRow).code, scans[c]);

  // tests and function names
  const suiteSize = options.testSuiteSize ?? DEFAULT_TEST_SUITE_SIZE;
  for (let q = 0; q < nq; q++) {
    const row = b.queries[q] as QueryRow;
    const tests = row.test_suite;
    counted('test-suite-size');
    if (tests.length === 0) report('test-suite-size', 'error', 'test_suite is empty', atQuery(q, ['test_suite']));
    else if (tests.length < suiteSize.min || tests.length > suiteSize.max) {
      report(
        'test-suite-size',
        'warning',
        `${tests.length} tests; expected ${suiteSize.min} to ${suiteSize.max}`,
        atQuery(q, ['test_suite']),
      );
    }
    const seen = new Map<string, number>();
    const fn = b.functionName[q] ?? null;
    tests.forEach((test, j) => {
      counted('tests-are-asserts');
      const scan = scanPython(test);
      const problem = checkAssertStatement(test, scan) ?? options.parsePython?.(test, 'test') ?? null;
      if (problem !== null)
        report(
          'tests-are-asserts',
          'error',
          `test is not a single assert statement: ${problem}`,
          atQuery(q, ['test_suite', j]),
        );
      counted('tests-unique');
      const prev = seen.get(test);
      if (prev !== undefined)
        report('tests-unique', 'warning', `same test as test_suite[${prev}]`, atQuery(q, ['test_suite', j]));
      else seen.set(test, j);
      if (fn !== null) {
        counted('tests-call-function');
        if (!scan.calls.includes(fn))
          report('tests-call-function', 'warning', `test does not call ${fn}()`, atQuery(q, ['test_suite', j]));
      }
    });
    const canonical = b.queryCanonicalIndex[q] as number;
    if (canonical === -1) continue; // reported by the id checks
    counted('function-defined');
    if (fn === null) {
      const defs = defsOf(canonical);
      report(
        'function-defined',
        'error',
        defs.length === 0
          ? `canonical ${cid(canonical)} defines no top-level function`
          : `no top-level function of canonical ${cid(canonical)} (${defs.join(', ')}) is called by the tests`,
        atQuery(q, ['test_suite']),
      );
      continue;
    }
    for (let k = b.distractorOffsets[q] as number; k < (b.distractorOffsets[q + 1] as number); k++) {
      const d = b.distractorIndices[k] as number;
      counted('distractors-define-function');
      if (!defsOf(d).includes(fn)) {
        report(
          'distractors-define-function',
          'warning',
          `distractor does not define ${fn}() at top level`,
          atSnippet(d, ['code']),
        );
      }
    }
  }
  for (let c = 0; c < nc; c++) {
    counted('snippets-parse');
    const code = (b.corpus[c] as CorpusRow).code;
    const lexical = (scans[c] as ReturnType<typeof scanPython>).error;
    const problem =
      lexical !== null
        ? `line ${lexical.line} of the code: ${lexical.message}`
        : (options.parsePython?.(code, 'snippet') ?? null);
    if (problem !== null)
      report('snippets-parse', 'error', `snippet does not parse: ${problem}`, atSnippet(c, ['code']));
  }

  // distractor metadata
  const meta = b.distractorMetadata;
  if (meta === null) check('metadata-coverage').status = 'skipped';
  else {
    for (let c = 0; c < nc; c++) {
      if ((distractorOwners[c] as number) === 0 || (correctOwners[c] as number) > 0) continue;
      counted('metadata-coverage');
      const m = meta.byDistractorId.get(cid(c));
      if (m === undefined) {
        report('metadata-coverage', 'warning', 'distractor has no metadata row', atSnippet(c));
        continue;
      }
      const mrow = meta.rows[m];
      if (mrow === undefined) continue;
      const where = { file: metadataFile, line: mrow.line, corpusId: cid(c) };
      if (mrow.bugType !== null && mrow.bugType !== b.snippetBugType[c]) {
        report(
          'metadata-coverage',
          'warning',
          `metadata bug type ${JSON.stringify(mrow.bugType)} differs from the corpus's ${JSON.stringify(b.snippetBugType[c])}`,
          where,
        );
      }
      const owner = b.snippetQueryIndex[c] as number;
      const canonical = owner === -1 ? -1 : (b.queryCanonicalIndex[owner] as number);
      if (mrow.canonicalId !== null && canonical !== -1 && mrow.canonicalId !== cid(canonical)) {
        report(
          'metadata-coverage',
          'warning',
          `metadata names canonical ${mrow.canonicalId}, but the query's canonical is ${cid(canonical)}`,
          where,
        );
      }
      if (mrow.queryId !== null && owner !== -1 && mrow.queryId !== qid(owner)) {
        report(
          'metadata-coverage',
          'warning',
          `metadata names query ${mrow.queryId}, but the distractor belongs to ${qid(owner)}`,
          where,
        );
      }
    }
    for (const mrow of meta.rows) {
      if (mrow.distractorId === null) continue;
      const c = b.corpusIndexById.get(mrow.distractorId);
      if (c === undefined || (distractorOwners[c] as number) === 0) {
        counted('metadata-coverage');
        report(
          'metadata-coverage',
          'warning',
          `metadata row for ${mrow.distractorId}, which is not a paired distractor`,
          { file: metadataFile, line: mrow.line, corpusId: mrow.distractorId },
        );
      }
    }
  }

  // execution
  const cache = options.executionCache === undefined ? b.executionCache : options.executionCache;
  let execution: ExecutionSummary | null = null;
  if (cache === null) {
    for (const id of ['canonicals-pass', 'distractors-fail', 'cache-outcome-count']) check(id).status = 'skipped';
  } else {
    execution = {
      canonicalsPass: 0,
      canonicalsFail: 0,
      canonicalsMissing: 0,
      distractorsFail: 0,
      distractorsPass: 0,
      distractorsMissing: 0,
    };
    const codeHashes = new Map<number, string>();
    const hashOf = (c: number) => {
      let h = codeHashes.get(c);
      if (h === undefined) {
        h = codeSha256((b.corpus[c] as CorpusRow).code);
        codeHashes.set(c, h);
      }
      return h;
    };
    for (let q = 0; q < nq; q++) {
      const row = b.queries[q] as QueryRow;
      const th = testsSha256(row.test_suite);
      const verdictOf = (c: number) => {
        const entry = lookupExecution(cache, hashOf(c), th);
        if (entry !== undefined && entry.testResults !== null) {
          counted('cache-outcome-count');
          if (entry.testResults.length !== row.test_suite.length) {
            report(
              'cache-outcome-count',
              'warning',
              `cached run of ${cid(c)} against ${row.query_id} has ${entry.testResults.length} outcomes for ${row.test_suite.length} tests`,
              {
                file:
                  b.loadReport.files.find((f) => f.file.endsWith('execution_cache.jsonl'))?.file ??
                  'data/execution_cache.jsonl',
                line: entry.line,
                queryId: row.query_id,
                corpusId: cid(c),
              },
            );
          }
        }
        return entry;
      };
      for (let k = b.correctOffsets[q] as number; k < (b.correctOffsets[q + 1] as number); k++) {
        const c = b.correctIndices[k] as number;
        counted('canonicals-pass');
        const entry = verdictOf(c);
        if (entry === undefined || entry.passesAllTests === null) {
          execution.canonicalsMissing++;
          report(
            'canonicals-pass',
            'warning',
            `no cached verdict for canonical ${cid(c)} against the suite`,
            atQuery(q),
          );
        } else if (entry.passesAllTests) execution.canonicalsPass++;
        else {
          execution.canonicalsFail++;
          const firstBad = entry.testResults?.findIndex((r) => r !== 'pass') ?? -1;
          const detail =
            firstBad >= 0 ? `: test_suite[${firstBad}] gave ${JSON.stringify(entry.testResults?.[firstBad])}` : '';
          report('canonicals-pass', 'error', `canonical ${cid(c)} does not pass its suite${detail}`, atQuery(q));
        }
      }
      for (let k = b.distractorOffsets[q] as number; k < (b.distractorOffsets[q + 1] as number); k++) {
        const d = b.distractorIndices[k] as number;
        counted('distractors-fail');
        const entry = verdictOf(d);
        if (entry === undefined || entry.passesAllTests === null) {
          execution.distractorsMissing++;
          report(
            'distractors-fail',
            'warning',
            `no cached verdict for distractor ${cid(d)} against the suite`,
            atQuery(q),
          );
        } else if (!entry.passesAllTests) execution.distractorsFail++;
        else {
          execution.distractorsPass++;
          report(
            'distractors-fail',
            'error',
            `distractor ${cid(d)} passes every test of the suite (it must fail at least one)`,
            atQuery(q),
          );
        }
      }
    }
  }

  for (const c of checks.values()) {
    if (c.status === 'skipped') continue;
    c.status = c.errors > 0 ? 'fail' : c.warnings > 0 ? 'warn' : 'pass';
  }
  // Sort stored issues by check order (they were produced check-interleaved in a few places).
  const order = new Map(VALIDATION_CHECKS.map((c, i) => [c.id, i]));
  const issues = [...collector.issues].sort((x, y) => (order.get(x.code) ?? 0) - (order.get(y.code) ?? 0));
  const details: ValidationDetails = {
    ok: [...checks.values()].every((c) => c.errors === 0),
    issues,
    omittedIssues: collector.omitted,
    checks: [...checks.values()],
    summary: summarize(b, distractorCount, testsCount, execution),
  };
  return Object.assign([...issues], details);
}

function summarize(
  b: Benchmark,
  distractorCount: number[],
  testsCount: number[],
  execution: ExecutionSummary | null,
): ValidationSummary {
  const nq = b.queries.length;
  const perDomain = new Map<string | null, DomainSummary>();
  const perBug = new Map<string | null, number>();
  for (let q = 0; q < nq; q++) {
    const d = b.queryDomain[q] ?? null;
    let s = perDomain.get(d);
    if (s === undefined) {
      s = { domain: d, queries: 0, canonicals: 0, distractors: 0 };
      perDomain.set(d, s);
    }
    s.queries++;
    s.canonicals += (b.correctOffsets[q + 1] as number) - (b.correctOffsets[q] as number);
    s.distractors += (b.distractorOffsets[q + 1] as number) - (b.distractorOffsets[q] as number);
    for (let k = b.distractorOffsets[q] as number; k < (b.distractorOffsets[q + 1] as number); k++) {
      const bug = b.snippetBugType[b.distractorIndices[k] as number] ?? null;
      perBug.set(bug, (perBug.get(bug) ?? 0) + 1);
    }
  }
  const byName = (x: string | null, y: string | null) => (x === null ? 1 : y === null ? -1 : compareCodePoints(x, y));
  let canonicals = 0;
  for (let c = 0; c < b.corpus.length; c++) canonicals += b.isCanonical[c] as number;
  return {
    queries: nq,
    snippets: b.corpus.length,
    canonicals,
    distractors: b.distractorIndices.length,
    distractorsPerQuery: Array.from(distractorCount, (x) => x ?? 0),
    testsPerQuery: Array.from(testsCount, (x) => x ?? 0),
    perDomain: [...perDomain.values()].sort((x, y) => byName(x.domain, y.domain)),
    perBugType: [...perBug]
      .map(([bugType, distractors]) => ({
        bugType,
        distractors,
        documented: bugType !== null && isBugType(bugType),
      }))
      .sort((x, y) => byName(x.bugType, y.bugType)),
    execution,
  };
}

function table(header: string[], rows: (string | number)[][], rightAlign: boolean[]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells
    .map((r) =>
      r
        .map((cell, i) => (rightAlign[i] ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * Renders a validation report as plain text: a headline, the counts per domain and per bug type, execution
 * verdicts, the table of checks, and the first `maxIssues` issues.
 *
 * @example
 * console.log(formatValidationReport(validateBenchmark(benchmark)));
 * // ExecRetrieval validation: OK — 939 queries, 4694 snippets (939 canonicals, 3755 distractors)
 * // domain            queries  canonicals  distractors
 * // ...
 */
export function formatValidationReport(report: ValidationReport, maxIssues = 20): string {
  const s = report.summary;
  const errors = report.checks.reduce((n, c) => n + c.errors, 0);
  const warnings = report.checks.reduce((n, c) => n + c.warnings, 0);
  const out: string[] = [];
  out.push(
    `ExecRetrieval validation: ${report.ok ? 'OK' : 'FAILED'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}) — ${s.queries} queries, ${s.snippets} snippets (${s.canonicals} canonicals, ${s.distractors} distractors)`,
  );
  out.push('');
  out.push(
    table(
      ['domain', 'queries', 'canonicals', 'distractors'],
      [
        ...s.perDomain.map((d) => [d.domain ?? '(none)', d.queries, d.canonicals, d.distractors]),
        ['total', s.queries, s.perDomain.reduce((n, d) => n + d.canonicals, 0), s.distractors],
      ],
      [false, true, true, true],
    ),
  );
  out.push('');
  out.push(
    table(
      ['bug type', 'distractors', 'documented'],
      s.perBugType.map((t) => [t.bugType ?? '(none)', t.distractors, t.documented ? 'yes' : 'no']),
      [false, true, false],
    ),
  );
  out.push('');
  out.push(
    `distractors per query: ${
      s.distractorsPerQuery
        .map((n, k) => (n > 0 ? `${k}×${n}` : ''))
        .filter(Boolean)
        .join(', ') || '-'
    }`,
  );
  out.push(
    `tests per query: ${
      s.testsPerQuery
        .map((n, k) => (n > 0 ? `${k}×${n}` : ''))
        .filter(Boolean)
        .join(', ') || '-'
    }`,
  );
  if (s.execution) {
    const e = s.execution;
    out.push(
      `execution: canonicals pass ${e.canonicalsPass}, fail ${e.canonicalsFail}, not cached ${e.canonicalsMissing}; distractors fail ${e.distractorsFail}, pass ${e.distractorsPass}, not cached ${e.distractorsMissing}`,
    );
  } else out.push('execution: no execution cache, verdict checks skipped');
  out.push('');
  out.push(
    table(
      ['check', 'status', 'checked', 'errors', 'warnings'],
      report.checks.map((c) => [c.id, c.status, c.checked, c.errors, c.warnings]),
      [false, false, true, true, true],
    ),
  );
  if (report.issues.length > 0) {
    out.push('');
    out.push(formatIssues(report.issues, maxIssues));
    if (report.omittedIssues > 0) out.push(`(${report.omittedIssues} further issues not stored)`);
  }
  return out.join('\n');
}

/**
 * Validates and throws when any error-level issue is found.
 *
 * @throws {DatasetError} `validation`, carrying the error-level issues (its message lists them).
 * @example
 * assertValidBenchmark(await loadExecRetrieval('./release'));
 */
export function assertValidBenchmark(benchmark: Benchmark, options: ValidateBenchmarkOptions = {}): ValidationReport {
  const report = validateBenchmark(benchmark, options);
  if (!report.ok) {
    const errors = report.issues.filter((i) => i.severity === 'error');
    const total = report.checks.reduce((n, c) => n + c.errors, 0);
    throw new DatasetError(
      'validation',
      `the benchmark failed ${report.checks.filter((c) => c.status === 'fail').length} integrity check(s) with ${total} error(s):`,
      {
        issues: errors,
        omittedIssues: total - errors.length,
      },
    );
  }
  return report;
}
