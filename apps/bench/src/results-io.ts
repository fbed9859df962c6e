import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type ConfidenceIntervals,
  type PairwiseTests,
  type ResultsFile,
  readConfidenceIntervals,
  readPairwiseTests,
  readResultsFile,
} from '@execret/dataset';
import type { SystemAnalyses } from './results-model.js';

/** Layout of a results folder. */
export const RESULTS_LAYOUT = {
  results: 'results',
  analyses: 'analyses',
  pairwise: 'tests/pairwise_tests.json',
  intervals: 'tests/confidence_intervals.json',
  leaderboard: 'full_leaderboard.json',
  leaderboardMd: 'leaderboard.md',
  leaderboardCsv: 'leaderboard.csv',
  report: 'report.html',
  manifest: 'manifest.json',
  solvedBy: 'analyses/solved_by.json',
  /** `rerank/<system>.jsonl`: every two-stage system's decisions, one line per query. */
  rerank: 'rerank',
  /** The execution rerankers' chat replies, generated inputs and executions (artifact-cache lines). */
  rerankArtifacts: 'rerank/exec-artifacts.jsonl',
} as const;

/** File name of a system's results: the model id with `/` and other unsafe characters replaced. */
export function resultFileName(model: string): string {
  return `${model.replace(/[^A-Za-z0-9._-]+/g, '__')}.json`;
}

/** Writes a file atomically: a temporary sibling, then a rename, so a killed run never leaves a torn file. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, content);
  await rename(temp, path);
}

export async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

async function readJson<T>(path: string): Promise<T> {
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`execret: ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

async function readJsonIfExists<T>(path: string): Promise<T | undefined> {
  try {
    return await readJson<T>(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Whether a path exists (so absence is decided here, not from another package's error codes). */
async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Every `results/*.json` of a folder (execret's or another tool's, such as the release's), read and checked
 * by `@execret/dataset`'s results reader, sorted by model.
 */
export async function readResultFiles(dir: string): Promise<ResultsFile[]> {
  let names: string[];
  try {
    names = (await readdir(join(dir, RESULTS_LAYOUT.results))).filter((n) => n.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `execret: ${dir} has no ${RESULTS_LAYOUT.results}/ folder; run \`execret score\` (or \`execret run\`) first`,
      );
    }
    throw error;
  }
  const files = await Promise.all(
    names.map(async (n) => (await readResultsFile(join(dir, RESULTS_LAYOUT.results, n))).data),
  );
  return files.sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}

export async function readAnalyses(dir: string): Promise<SystemAnalyses[]> {
  let names: string[];
  try {
    names = (await readdir(join(dir, RESULTS_LAYOUT.analyses)))
      .filter((n) => n.endsWith('.json') && n !== 'solved_by.json')
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map((n) => readJson<SystemAnalyses>(join(dir, RESULTS_LAYOUT.analyses, n))));
}

/**
 * `tests/confidence_intervals.json` and `tests/pairwise_tests.json` of a folder, read and checked by
 * `@execret/dataset`'s readers; empty when a file is absent.
 */
export async function readComparison(
  dir: string,
): Promise<{ intervals: ConfidenceIntervals; pairwise: PairwiseTests }> {
  const intervals = join(dir, RESULTS_LAYOUT.intervals);
  const pairwise = join(dir, RESULTS_LAYOUT.pairwise);
  return {
    intervals: (await exists(intervals)) ? (await readConfidenceIntervals(intervals)).data : {},
    pairwise: (await exists(pairwise)) ? (await readPairwiseTests(pairwise)).data : {},
  };
}

export async function readManifest(dir: string): Promise<Record<string, unknown>> {
  return (await readJsonIfExists<Record<string, unknown>>(join(dir, RESULTS_LAYOUT.manifest))) ?? {};
}

export async function readSolvedBy(dir: string): Promise<{ histogram: number[]; systems: number } | undefined> {
  return readJsonIfExists(join(dir, RESULTS_LAYOUT.solvedBy));
}
