/**
 * The writer of a results folder (see {@link RESULTS_LAYOUT}): files computed elsewhere as `[path, content]`, written
 * so that a killed run never leaves a torn file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DatasetError } from './errors.js';

/**
 * A JSON file of a results folder as execret writes it: two-space indented, with a final newline (`results/`,
 * `analyses/`, `tests/`, `full_leaderboard.json`, `manifest.json`).
 *
 * @example
 * formatResultsJson({ a: [1] }); // '{\n  "a": [\n    1\n  ]\n}\n'
 */
export function formatResultsJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Writes files under `dir`, in the order given: each `[path relative to dir, content]` to a temporary sibling, then
 * renamed over the path (folders created as needed), so a reader sees the old file or the new one, never a part.
 *
 * @returns the absolute paths written, in order
 * @throws {DatasetError} `io` naming the file that could not be written
 * @example
 * await writeResultsFiles('out', [[RESULTS_LAYOUT.leaderboardMd, markdown], [RESULTS_LAYOUT.manifest, formatResultsJson(m)]]);
 */
export async function writeResultsFiles(
  dir: string,
  files: Iterable<readonly [path: string, content: string]>,
): Promise<string[]> {
  const written: string[] = [];
  for (const [path, content] of files) {
    const file = join(dir, path);
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(temp, content);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      throw new DatasetError('io', `could not write ${file}: ${(error as Error).message}`, { cause: error });
    }
    written.push(file);
  }
  return written;
}
