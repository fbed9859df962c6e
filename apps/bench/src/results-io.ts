import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ConfidenceIntervals, PairwiseTests, ResultFile, SystemAnalyses } from './results-model.js';

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

/** Every `results/*.json` of a folder, sorted by model. */
export async function readResultFiles(dir: string): Promise<ResultFile[]> {
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
  const files = await Promise.all(names.map((n) => readJson<ResultFile>(join(dir, RESULTS_LAYOUT.results, n))));
  files.forEach((file, i) => {
    if (typeof file?.model !== 'string' || !Array.isArray(file.per_query) || typeof file.metrics !== 'object') {
      throw new Error(
        `execret: ${join(dir, RESULTS_LAYOUT.results, names[i]!)} is not a results file (expected model, metrics, per_query)`,
      );
    }
  });
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

export async function readComparison(
  dir: string,
): Promise<{ intervals: ConfidenceIntervals; pairwise: PairwiseTests }> {
  return {
    intervals: (await readJsonIfExists<ConfidenceIntervals>(join(dir, RESULTS_LAYOUT.intervals))) ?? {},
    pairwise: (await readJsonIfExists<PairwiseTests>(join(dir, RESULTS_LAYOUT.pairwise))) ?? {},
  };
}

export async function readManifest(dir: string): Promise<Record<string, unknown>> {
  return (await readJsonIfExists<Record<string, unknown>>(join(dir, RESULTS_LAYOUT.manifest))) ?? {};
}

export async function readSolvedBy(dir: string): Promise<{ histogram: number[]; systems: number } | undefined> {
  return readJsonIfExists(join(dir, RESULTS_LAYOUT.solvedBy));
}
