/**
 * Layout of the local Hub cache, shaped like the Hub's own cache:
 *
 * ```
 * <cacheDir>/datasets/<owner>/<name>/
 *   refs/<revision>              the commit a branch or tag last resolved to (text, 40 hex digits), for offline use
 *   snapshots/<commit>/          a release directory: SHA256SUMS, data/*.jsonl, and embeddings/, results/, tests/
 *   files/<commit>.json          what was verified of each file of that commit (size, sha256, how it was checked)
 *   incomplete/<commit>/<path>.part   an interrupted download, resumed with HTTP Range on the next run
 * ```
 *
 * Everything is keyed by the commit, whose content never changes, so a moved branch gets a fresh snapshot.
 * A revision holding `/` (such as `refs/pr/1`) is stored URL-encoded as one file name (`refs%2Fpr%2F1`).
 */

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { type HubReference, isCommitSha } from './reference.js';

/**
 * Default cache directory: `<home>/.cache/execret/hub` (`os.homedir()`; environment variables are not read —
 * pass `cacheDir` to choose another place).
 *
 * @example
 * defaultHubCacheDir(); // '/home/me/.cache/execret/hub'
 */
export function defaultHubCacheDir(): string {
  return join(homedir(), '.cache', 'execret', 'hub');
}

/**
 * The cache folder of one repository.
 *
 * @example
 * hubRepoCacheDirectory({ owner: 'o', name: 'n', revision: 'main' }, '/tmp/c'); // '/tmp/c/datasets/o/n'
 */
export function hubRepoCacheDirectory(ref: HubReference, cacheDir: string = defaultHubCacheDir()): string {
  return join(cacheDir, 'datasets', ref.owner, ref.name);
}

/**
 * The release directory that caches one commit of a Hub dataset.
 *
 * @example
 * hubCacheDirectory({ owner: 'o', name: 'n', revision: 'main' }, 'ab12…', '/tmp/c');
 * // '/tmp/c/datasets/o/n/snapshots/ab12…'
 */
export function hubCacheDirectory(ref: HubReference, commit: string, cacheDir: string = defaultHubCacheDir()): string {
  if (!isCommitSha(commit)) throw new RangeError(`@execret/dataset: expected a 40-hex commit, received ${commit}`);
  return join(hubRepoCacheDirectory(ref, cacheDir), 'snapshots', commit);
}

/** Path of the file recording what was verified of a commit's files. */
export function hubRecordFile(repoDir: string, commit: string): string {
  return join(repoDir, 'files', `${commit}.json`);
}

/** Folder of the interrupted downloads of one commit (`<path>.part` below it). */
export function hubIncompleteDirectory(repoDir: string, commit: string): string {
  return join(repoDir, 'incomplete', commit);
}

function refFile(repoDir: string, revision: string): string {
  return join(repoDir, 'refs', encodeURIComponent(revision));
}

/**
 * The commit a revision last resolved to, or `null` when it never did (or the file does not hold a commit).
 *
 * @example
 * await readCachedRef('/tmp/c/datasets/o/n', 'main'); // 'ab12…' or null
 */
export async function readCachedRef(repoDir: string, revision: string): Promise<string | null> {
  const text = await readFile(refFile(repoDir, revision), 'utf8').catch(() => null);
  const commit = text?.trim() ?? '';
  return isCommitSha(commit) ? commit : null;
}

/** Records that `revision` resolved to `commit` (atomically: temp file + rename). */
export async function writeCachedRef(repoDir: string, revision: string, commit: string): Promise<void> {
  await writeFileAtomically(refFile(repoDir, revision), commit);
}

/** Writes a small file through a temporary name and a rename, so readers never see half of it. */
export async function writeFileAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
