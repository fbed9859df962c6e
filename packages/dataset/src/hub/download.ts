/**
 * Downloading a release from the Hugging Face Hub into the local cache (layout in `hub-cache.ts`).
 *
 * 1. The revision is resolved to its commit (`hub-commit.ts`); every file is then fetched from
 *    `resolve/<commit>/<path>`, never from the moving branch, into `snapshots/<commit>/`.
 * 2. The commit's listing (`hub-listing.ts`) gives each file's size, git blob id and, for LFS files, SHA-256;
 *    `SHA256SUMS`, when the repository has one, adds its SHA-256s.
 * 3. A file is taken from the cache when its bytes match a checksum known for it: the cached copy of this commit,
 *    or the copy of an earlier commit with the same checksum; with no checksum at all, the copy of the commit the
 *    branch pointed to before is used only when the Hub answers that the file still has that copy's `ETag`.
 *    Anything else is downloaded (`hub-download-file.ts`: resumable, verified, renamed into place).
 * 4. Optional folders (`embeddings/`, `results/`, `tests/`) come from the listing; each name is checked
 *    (`hub-safe-path.ts`), and a refused one is reported and skipped, never written.
 *
 * The work is done in phases: `hub-download-session.ts` resolves the commit and reads its record,
 * `hub-download-cache.ts` answers from the cache when it can, `hub-download-listing.ts` lists the commit's files,
 * `hub-download-fetch.ts` brings each file into the snapshot, and {@link downloadReleaseFiles} here orders them.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { SHA256SUMS_FILE } from '@execret/formats';
import { DatasetError } from '../errors.js';
import { parseSha256Sums } from '../sha256sums.js';
import { answerFromCache } from './download-cache.js';
import { fetchHubFile } from './download-fetch.js';
import { listCommitFiles } from './download-listing.js';
import { dedupe, partDirs } from './download-result.js';
import { type HubDownloadSession, openHubDownload, requireSafe, snapshotPath } from './download-session.js';
import { wantedFiles } from './download-wanted.js';
import type { HubReference } from './reference.js';
import type { HubCommitFiles, HubDownloadOptions, HubDownloadResult, HubFileResult } from './types.js';

/**
 * Downloads the four data files of a Hub dataset (and `SHA256SUMS` when the repository has one, and the optional
 * folders named in `with`) into the cache, verifies them, and returns the local release directory of the
 * resolved commit. With `offline` the network is never used (the commit the revision last resolved to is used);
 * when the Hub cannot be reached, the same happens.
 *
 * @throws {DatasetError} `not-found` (HTTP 404, a requested folder that the commit lacks, or a file missing from
 *   the cache offline), `download` (other HTTP status, network failure, a body that breaks off), `checksum`
 *   (downloaded bytes differ from a known checksum), `aborted`, `io` (also for a data file whose cache path is
 *   refused, such as a symbolic link out of the cache).
 * @throws {TypeError} for an unknown name in `with`.
 * @example
 * const { dir, commit, parts } = await downloadHubDataset('hf:anonpapersubmission01/execretrieval', {
 *   cacheDir: '/tmp/hub', with: ['embeddings'],
 *   onProgress: (e) => console.log(e.file, e.phase, e.receivedBytes, e.totalBytes),
 * });
 */
export async function downloadHubDataset(
  reference: string | HubReference,
  options: HubDownloadOptions = {},
): Promise<HubDownloadResult> {
  const session = await openHubDownload(reference, options);
  const cached = await answerFromCache(session);
  if (cached !== null) return cached;
  const files = await listCommitFiles(session);
  return downloadReleaseFiles(session, files);
}

/**
 * The online phases after the listing: creates `data/`, brings `SHA256SUMS` in first (it decides what the other
 * files must hash to) and records whether the commit has one, then brings in every wanted file in order.
 *
 * @throws {DatasetError} `not-found` when a requested folder ends up with no file; from `fetchHubFile`.
 */
async function downloadReleaseFiles(s: HubDownloadSession, commitFiles: HubCommitFiles): Promise<HubDownloadResult> {
  await mkdir(await requireSafe(s, 'data/', await snapshotPath(s, 'data')), { recursive: true });
  const sums = await fetchChecksums(s, commitFiles);
  s.record.sha256sums = sums !== null;
  if (sums === null) s.record.files.delete(SHA256SUMS_FILE);
  await commitFiles.persist();

  const files: HubFileResult[] = [];
  for (const w of wantedFiles(s.parts, commitFiles.listing)) {
    const got = await fetchHubFile(s, commitFiles, w, sums);
    if (got !== 'absent') files.push(got);
  }
  const { refused } = s;
  const emptyParts = s.parts.filter((p) => !files.some((f) => f.part === p));
  if (emptyParts.length > 0) {
    throw new DatasetError(
      'not-found',
      `${s.label} (commit ${s.commit}) has no file in ${emptyParts.map((p) => `${p}/`).join(', ')}${refused.length > 0 ? ` that could be used (${refused.length} name${refused.length === 1 ? '' : 's'} refused)` : ''}`,
    );
  }
  return {
    ...s.base,
    files,
    checksums: sums !== null,
    ...s.offlineFields,
    parts: partDirs(s),
    refused: dedupe(refused),
  };
}

/**
 * Brings `SHA256SUMS` into the snapshot when the listing has it (or there is no listing) and parses it;
 * `null` when the commit has none.
 */
async function fetchChecksums(s: HubDownloadSession, commitFiles: HubCommitFiles): Promise<Map<string, string> | null> {
  const hasSums = commitFiles.listing === null || commitFiles.listed.has(SHA256SUMS_FILE);
  if (!hasSums) return null;
  const got = await fetchHubFile(s, commitFiles, { file: SHA256SUMS_FILE }, null);
  if (got === 'absent') return null;
  const sumsPath = await requireSafe(s, SHA256SUMS_FILE, await snapshotPath(s, SHA256SUMS_FILE));
  return parseSha256Sums(await readFile(sumsPath, 'utf8')).sums;
}
