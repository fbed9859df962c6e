/**
 * Readers of the released result files: `results/<model>.json`, `tests/pairwise_tests.json`,
 * `tests/confidence_intervals.json`. Unknown fields are kept and counted; structural problems throw with every
 * issue listed; internal inconsistencies (a rate that does not match its counts) are warnings.
 */
import { readFile } from 'node:fs/promises';
import type { ReleaseBinaryComparison } from '@execret/formats';
import { DatasetError, type DatasetIssue } from './errors.js';
import { locateJsonError } from './json-error.js';
import {
  type ConfidenceIntervals,
  confidenceIntervalsSchema,
  countUnknownFields,
  execComparisonSchema,
  intervalComparisonSchema,
  KNOWN_FIELDS,
  type PairwiseTests,
  pairwiseTestsSchema,
  type ResultsFile,
  resultsFileSchema,
  zodIssuesToDatasetIssues,
} from './schemas.js';

/** A parsed result file with what was found besides its data. */
export interface ParsedResultFile<T> {
  data: T;
  /** Warnings (inconsistencies that do not prevent use). */
  warnings: DatasetIssue[];
  /** Fields not in the documented format → number of occurrences (kept in `data`). */
  unknownFields: Record<string, number>;
}

/** Options of the result-file parsers. */
export interface ParseResultOptions {
  /** Name used in issues (default: the documented path of the file kind). */
  file?: string;
}

/** Tolerance for rate consistency checks. */
const RESULT_RATE_TOLERANCE = 1e-6;

/** Parses a JSON document (a leading BOM is skipped); a syntax error throws `parse` with its line. @internal */
export function parseJsonDocument(text: string, file: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const where = locateJsonError(body);
    const issue: DatasetIssue = {
      severity: 'error',
      code: 'invalid-json',
      message: `not valid JSON${where ? ` (column ${where.column})` : ''}: ${(error as Error).message}`,
      file,
    };
    if (where !== null) issue.line = where.line;
    throw new DatasetError('parse', `${file} is not valid JSON:`, { issues: [issue], cause: error });
  }
}

/** Throws `schema` with every issue of a document. @internal */
export function failSchema(file: string, issues: DatasetIssue[]): never {
  throw new DatasetError(
    'schema',
    `${file} does not have the documented shape (${issues.length} problem${issues.length === 1 ? '' : 's'}):`,
    { issues },
  );
}

/**
 * Parses `results/<model>.json`. Besides the schema it checks (as warnings) that `n_queries` equals the number
 * of `per_query` entries, that ranks are 1, 2, 3, ... in order, and that `passes_all_tests` agrees with
 * `test_results`.
 *
 * @throws {DatasetError} `parse` (not JSON; the line is given) or `schema` (every field problem listed).
 * @example
 * const { data } = parseResultsFile(await readFile('results/bm25.json', 'utf8'), { file: 'results/bm25.json' });
 * data.metrics['exec@1']; // 0.058
 */
export function parseResultsFile(text: string, options: ParseResultOptions = {}): ParsedResultFile<ResultsFile> {
  const file = options.file ?? 'results/<model>.json';
  const value = parseJsonDocument(text, file);
  const parsed = resultsFileSchema.safeParse(value);
  if (!parsed.success) failSchema(file, zodIssuesToDatasetIssues(parsed.error.issues, value, { file }));
  const data = value as ResultsFile;
  const warnings: DatasetIssue[] = [];
  const unknown = new Map<string, number>();
  countUnknownFields(data, KNOWN_FIELDS.results, unknown);
  if (data.n_queries !== data.per_query.length) {
    warnings.push({
      severity: 'warning',
      code: 'results-query-count',
      message: `n_queries is ${data.n_queries} but per_query has ${data.per_query.length} entries`,
      file,
      path: ['n_queries'],
    });
  }
  data.per_query.forEach((pq, i) => {
    countUnknownFields(pq, KNOWN_FIELDS.perQuery, unknown, 'per_query[].');
    pq.top_results.forEach((tr, j) => {
      countUnknownFields(tr, KNOWN_FIELDS.topResult, unknown, 'per_query[].top_results[].');
      if (tr.rank !== j + 1)
        warnings.push({
          severity: 'warning',
          code: 'results-rank-order',
          message: `expected rank ${j + 1}, received ${tr.rank}`,
          file,
          path: ['per_query', i, 'top_results', j, 'rank'],
        });
      const allPass = tr.test_results.length > 0 && tr.test_results.every((r) => r === 'pass');
      if (tr.test_results.length > 0 && allPass !== tr.passes_all_tests) {
        warnings.push({
          severity: 'warning',
          code: 'results-pass-flag',
          message: `passes_all_tests is ${tr.passes_all_tests} but test_results ${allPass ? 'are all pass' : 'include a non-pass'}`,
          file,
          path: ['per_query', i, 'top_results', j, 'passes_all_tests'],
        });
      }
    });
  });
  return { data, warnings, unknownFields: Object.fromEntries(unknown) };
}

const PAIR_KEY = /^(.+) vs (.+)$/;
const EXEC_KEY = /^exec@\d+$/;
const INTERVAL_KEY = /^(?:execution_precision|ndcg)@\d+$/;

/**
 * Parses `tests/pairwise_tests.json`: keys `"A vs B"` (a warning when A is not before B in code-point order);
 * `exec@k` entries need the counts, rates, delta, McNemar p and interval; `execution_precision@k` and `ndcg@k`
 * entries need the interval; other measures are kept and counted as unknown. Warns when `a_rate`, `b_rate` or
 * `delta` disagree with the counts by more than {@link RESULT_RATE_TOLERANCE}.
 *
 * @throws {DatasetError} `parse` or `schema` (every problem listed with its key path).
 * @example
 * const { data } = parsePairwiseTests(text);
 * data['bm25 vs bge-large-en-v1.5']['exec@1'].mcnemar_exact_p; // 0.08995
 */
export function parsePairwiseTests(text: string, options: ParseResultOptions = {}): ParsedResultFile<PairwiseTests> {
  const file = options.file ?? 'tests/pairwise_tests.json';
  const value = parseJsonDocument(text, file);
  const parsed = pairwiseTestsSchema.safeParse(value);
  if (!parsed.success) failSchema(file, zodIssuesToDatasetIssues(parsed.error.issues, value, { file }));
  const data = value as PairwiseTests;
  const issues: DatasetIssue[] = [];
  const warnings: DatasetIssue[] = [];
  const unknown = new Map<string, number>();
  for (const [pair, measures] of Object.entries(data)) {
    const m = PAIR_KEY.exec(pair);
    if (m === null) {
      issues.push({
        severity: 'error',
        code: 'pairwise-key',
        message: `expected a key "A vs B", received ${JSON.stringify(pair)}`,
        file,
        path: [pair],
      });
      continue;
    }
    if (!((m[1] as string) < (m[2] as string))) {
      warnings.push({
        severity: 'warning',
        code: 'pairwise-key-order',
        message: `systems should be in code-point order (A < B): ${JSON.stringify(pair)}`,
        file,
        path: [pair],
      });
    }
    for (const [measure, entry] of Object.entries(measures)) {
      const schema = EXEC_KEY.test(measure)
        ? execComparisonSchema
        : INTERVAL_KEY.test(measure)
          ? intervalComparisonSchema
          : null;
      if (schema === null) {
        unknown.set(measure, (unknown.get(measure) ?? 0) + 1);
        continue;
      }
      const r = schema.safeParse(entry);
      if (!r.success) {
        issues.push(...zodIssuesToDatasetIssues(r.error.issues, entry, { file, prefix: [pair, measure] }));
        continue;
      }
      if (schema === execComparisonSchema) {
        const e = entry as ReleaseBinaryComparison;
        const n = e.a_only + e.b_only + e.both + e.neither;
        const aRate = n === 0 ? 0 : (e.a_only + e.both) / n;
        const bRate = n === 0 ? 0 : (e.b_only + e.both) / n;
        for (const [field, expected] of [
          ['a_rate', aRate],
          ['b_rate', bRate],
          ['delta', e.a_rate - e.b_rate],
        ] as const) {
          if (Math.abs(e[field] - expected) > RESULT_RATE_TOLERANCE) {
            warnings.push({
              severity: 'warning',
              code: 'pairwise-rate',
              message: `${field} is ${e[field]} but the counts give ${expected}`,
              file,
              path: [pair, measure, field],
            });
          }
        }
      }
      const ci = (entry as { bootstrap_ci_95: [number, number] }).bootstrap_ci_95;
      if (ci[0] > ci[1])
        warnings.push({
          severity: 'warning',
          code: 'pairwise-interval',
          message: `interval low ${ci[0]} exceeds high ${ci[1]}`,
          file,
          path: [pair, measure, 'bootstrap_ci_95'],
        });
    }
  }
  if (issues.length > 0) failSchema(file, issues);
  return { data, warnings, unknownFields: Object.fromEntries(unknown) };
}

/**
 * Parses `tests/confidence_intervals.json` (model → measure → `{ mean, ci95_low, ci95_high, n,
 * bootstrap_samples, seed }`); warns when the mean lies outside its interval.
 *
 * @throws {DatasetError} `parse` or `schema`.
 * @example
 * parseConfidenceIntervals(text).data['bm25']['exec@1'].seed; // 20260510
 */
export function parseConfidenceIntervals(
  text: string,
  options: ParseResultOptions = {},
): ParsedResultFile<ConfidenceIntervals> {
  const file = options.file ?? 'tests/confidence_intervals.json';
  const value = parseJsonDocument(text, file);
  const parsed = confidenceIntervalsSchema.safeParse(value);
  if (!parsed.success) failSchema(file, zodIssuesToDatasetIssues(parsed.error.issues, value, { file }));
  const data = value as ConfidenceIntervals;
  const warnings: DatasetIssue[] = [];
  const unknown = new Map<string, number>();
  const known = ['mean', 'ci95_low', 'ci95_high', 'n', 'bootstrap_samples', 'seed'];
  for (const [model, measures] of Object.entries(data)) {
    for (const [measure, ci] of Object.entries(measures)) {
      countUnknownFields(ci, known, unknown);
      if (ci.mean < ci.ci95_low - RESULT_RATE_TOLERANCE || ci.mean > ci.ci95_high + RESULT_RATE_TOLERANCE) {
        warnings.push({
          severity: 'warning',
          code: 'interval-mean',
          message: `mean ${ci.mean} lies outside [${ci.ci95_low}, ${ci.ci95_high}]`,
          file,
          path: [model, measure, 'mean'],
        });
      }
    }
  }
  return { data, warnings, unknownFields: Object.fromEntries(unknown) };
}

/** Reads a file as UTF-8; absence throws `not-found`, other failures `io`. @internal */
export async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DatasetError(
      code === 'ENOENT' ? 'not-found' : 'io',
      `could not read ${path}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/**
 * Reads and parses a `results/<model>.json` file (see {@link parseResultsFile}).
 *
 * @example
 * const { data } = await readResultsFile('release/results/bm25.json');
 */
export async function readResultsFile(path: string): Promise<ParsedResultFile<ResultsFile>> {
  return parseResultsFile(await readText(path), { file: path });
}

/**
 * Reads and parses `tests/pairwise_tests.json` (see {@link parsePairwiseTests}).
 *
 * @example
 * const { data } = await readPairwiseTests('release/tests/pairwise_tests.json');
 */
export async function readPairwiseTests(path: string): Promise<ParsedResultFile<PairwiseTests>> {
  return parsePairwiseTests(await readText(path), { file: path });
}

/**
 * Reads and parses `tests/confidence_intervals.json` (see {@link parseConfidenceIntervals}).
 *
 * @example
 * const { data } = await readConfidenceIntervals('release/tests/confidence_intervals.json');
 */
export async function readConfidenceIntervals(path: string): Promise<ParsedResultFile<ConfidenceIntervals>> {
  return parseConfidenceIntervals(await readText(path), { file: path });
}
