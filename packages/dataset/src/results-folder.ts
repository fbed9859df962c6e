/**
 * Readers of a whole results folder (see {@link RESULTS_LAYOUT}): execret's own or another tool's, such as the
 * release's `results/` and `tests/`.
 */
import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJsonDocument, readConfidenceIntervals, readPairwiseTests, readResultsFile, readText } from './results.js';
import { RESULTS_LAYOUT } from './results-layout.js';
import { type RunManifest, readRunManifest } from './run-manifest.js';
import type { ConfidenceIntervals, PairwiseTests, ResultsFile } from './schemas.js';

/** `analyses/solved_by.json`: how many systems solve each query at rank 1. */
export interface SolvedByFile {
  /** Systems compared. */
  systems: number;
  /** `histogram[c]`: queries solved by exactly c systems. */
  histogram: number[];
  /** Query id → systems solving it. */
  per_query: Record<string, number>;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Whether a path exists (absence is decided here, not from another package's error codes). */
async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

async function jsonNames(dir: string, skip: readonly string[] = []): Promise<string[] | undefined> {
  try {
    return (await readdir(dir)).filter((n) => n.endsWith('.json') && !skip.includes(n)).sort();
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * Every `results/*.json` of a folder, read and checked by {@link readResultsFile}, sorted by `model` (UTF-16 code
 * unit order, as JavaScript's `<` compares).
 *
 * @throws {Error} when the folder has no `results/`; `DatasetError` for a file that is not a results file
 * @example
 * (await readResultFiles('execret-results')).map((f) => f.model); // ['bm25', 'local/all-minilm-l6-v2']
 */
export async function readResultFiles(dir: string): Promise<ResultsFile[]> {
  const names = await jsonNames(join(dir, RESULTS_LAYOUT.results));
  if (names === undefined) {
    throw new Error(
      `execret: ${dir} has no ${RESULTS_LAYOUT.results}/ folder; run \`execret score\` (or \`execret run\`) first`,
    );
  }
  const files = await Promise.all(
    names.map(async (n) => (await readResultsFile(join(dir, RESULTS_LAYOUT.results, n))).data),
  );
  return files.sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}

/**
 * Every `analyses/<model>.json` of a folder (not `solved_by.json`) in file-name order, parsed as JSON; empty when
 * the folder has no `analyses/`. The shape is `@execret/analyses`' `SystemAnalyses`, which this package does not
 * check: pass it as `T`.
 *
 * @throws {DatasetError} `parse` for a file that is not JSON
 */
export async function readAnalysesFiles<T = unknown>(dir: string): Promise<T[]> {
  const names = await jsonNames(join(dir, RESULTS_LAYOUT.analyses), ['solved_by.json']);
  return Promise.all(
    (names ?? []).map(async (n) => {
      const path = join(dir, RESULTS_LAYOUT.analyses, n);
      return parseJsonDocument(await readText(path), path) as T;
    }),
  );
}

/**
 * `tests/confidence_intervals.json` and `tests/pairwise_tests.json` of a folder, read and checked by
 * {@link readConfidenceIntervals} and {@link readPairwiseTests}; empty when a file is absent.
 */
export async function readComparisonFiles(
  dir: string,
): Promise<{ intervals: ConfidenceIntervals; pairwise: PairwiseTests }> {
  const intervals = join(dir, RESULTS_LAYOUT.intervals);
  const pairwise = join(dir, RESULTS_LAYOUT.pairwise);
  return {
    intervals: (await exists(intervals)) ? (await readConfidenceIntervals(intervals)).data : {},
    pairwise: (await exists(pairwise)) ? (await readPairwiseTests(pairwise)).data : {},
  };
}

/**
 * The folder's `manifest.json`, checked by {@link readRunManifest}; `{}` when the folder has none (`execret score`
 * writes none). Read every field as possibly absent.
 */
export async function readFolderManifest(dir: string): Promise<Partial<RunManifest>> {
  const path = join(dir, RESULTS_LAYOUT.manifest);
  return (await exists(path)) ? (await readRunManifest(path)).data : {};
}

/** The folder's `analyses/solved_by.json`, or `undefined` when it has none. */
export async function readSolvedByFile(dir: string): Promise<SolvedByFile | undefined> {
  const path = join(dir, RESULTS_LAYOUT.solvedBy);
  return (await exists(path)) ? (parseJsonDocument(await readText(path), path) as SolvedByFile) : undefined;
}

/** A results folder read back whole: what `@execret/report` renders. */
export interface ResultsFolder<Analyses = unknown> {
  /** `results/*.json`, checked, sorted by model. */
  readonly results: ResultsFile[];
  /** `tests/confidence_intervals.json` (`{}` when absent). */
  readonly intervals: ConfidenceIntervals;
  /** `tests/pairwise_tests.json` (`{}` when absent). */
  readonly pairwise: PairwiseTests;
  /** `analyses/*.json` but `solved_by.json`. */
  readonly analyses: Analyses[];
  readonly solvedBy: SolvedByFile | undefined;
  /** `manifest.json` (`{}` when absent). */
  readonly manifest: Partial<RunManifest>;
}

/**
 * Every file of a results folder that a report reads, in this order: {@link readResultFiles},
 * {@link readComparisonFiles}, {@link readAnalysesFiles}, {@link readSolvedByFile}, {@link readFolderManifest}.
 *
 * @throws {DatasetError} as those readers do, for the first file that fails
 * @example
 * const files = reportFiles({ title, ...(await readResultsFolder<SystemAnalyses>('execret-results')) });
 */
export async function readResultsFolder<Analyses = unknown>(dir: string): Promise<ResultsFolder<Analyses>> {
  const results = await readResultFiles(dir);
  const { intervals, pairwise } = await readComparisonFiles(dir);
  const analyses = await readAnalysesFiles<Analyses>(dir);
  const solvedBy = await readSolvedByFile(dir);
  return { results, intervals, pairwise, analyses, solvedBy, manifest: await readFolderManifest(dir) };
}
