import type { SystemAnalyses } from '@execret/analyses';
import { readResultsFolder, writeResultsFiles } from '@execret/dataset';
import { reportFiles } from '@execret/report';

/**
 * `@execret/report`'s `reportFiles` of a results folder (`@execret/dataset`'s `readResultsFolder`), written:
 * `full_leaderboard.json`, `leaderboard.md`, `leaderboard.csv`, `leaderboard.tex`, `significance.tex`, `report.html`.
 * Returns the files' paths.
 *
 * @example
 * const { files } = await reportStage('execret-results', 'execret — mini');
 */
export async function reportStage(out: string, title: string): Promise<{ files: string[] }> {
  const files = reportFiles({ title, ...(await readResultsFolder<SystemAnalyses>(out)) });
  return { files: await writeResultsFiles(out, files) };
}
