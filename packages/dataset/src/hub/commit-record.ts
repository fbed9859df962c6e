/**
 * The record of what was verified of one commit's files (`<repo cache>/files/<commit>.json`). A commit's content
 * never changes, so a file recorded here is trusted without asking the Hub again; its bytes are still hashed
 * against the recorded SHA-256 before each use, so a file changed on disk is downloaded again.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from './cache.js';
import type { HubListedFile } from './listing.js';

/**
 * What a file was checked against when it was downloaded: `sha256sums` (listed in the repository's `SHA256SUMS`),
 * `lfs-sha256` (the SHA-256 the Hub lists for a Git LFS file), `etag-sha256` (a response `ETag` or
 * `X-Linked-Etag` that is a SHA-256), `git-blob-sha1` (the git blob id of the listing), `etag-match` (no checksum
 * is known, but the Hub answered that the file has the `ETag` of a copy cached from an earlier commit, whose bytes
 * still match what was recorded for them) or `none`.
 */
export type HubIntegrity = 'sha256sums' | 'lfs-sha256' | 'etag-sha256' | 'git-blob-sha1' | 'etag-match' | 'none';

/** One verified file. */
export interface HubFileRecord {
  bytes: number;
  /** SHA-256 of the bytes as written. */
  sha256: string;
  /** The git blob id the bytes were checked against, `null` when none was. */
  gitOid: string | null;
  integrity: HubIntegrity;
  /** The Hub's `X-Linked-Etag` or `ETag` of the file (used to ask whether a later commit still has the same file). */
  etag: string | null;
}

/** Everything recorded about one commit. */
export interface HubCommitRecord {
  repository: string;
  commit: string;
  /** Whether the commit has a `SHA256SUMS`; `null` until known. */
  sha256sums: boolean | null;
  /** The commit's file listing, `null` until fetched (or when the server has no tree API). */
  listing: HubListedFile[] | null;
  /** Repository path → verified file. */
  files: Map<string, HubFileRecord>;
}

const FORMAT = 'execret-hub-commit/1';

/** An empty record. */
function emptyCommitRecord(repository: string, commit: string): HubCommitRecord {
  return { repository, commit, sha256sums: null, listing: null, files: new Map() };
}

/**
 * Reads a record; a missing or unreadable one (or one of another repository or commit) gives an empty record.
 *
 * @example
 * const record = await readCommitRecord('/c/datasets/o/n/files/ab….json', 'o/n', 'ab…');
 */
export async function readCommitRecord(path: string, repository: string, commit: string): Promise<HubCommitRecord> {
  const empty = emptyCommitRecord(repository, commit);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return empty;
  }
  if (typeof raw !== 'object' || raw === null) return empty;
  const r = raw as Record<string, unknown>;
  if (r.format !== FORMAT || r.repository !== repository || r.commit !== commit) return empty;
  const files = new Map<string, HubFileRecord>();
  if (Array.isArray(r.files)) {
    for (const f of r.files as Record<string, unknown>[]) {
      if (typeof f?.path !== 'string' || typeof f.sha256 !== 'string' || typeof f.bytes !== 'number') continue;
      files.set(f.path, {
        bytes: f.bytes,
        sha256: f.sha256,
        gitOid: typeof f.gitOid === 'string' ? f.gitOid : null,
        integrity: (typeof f.integrity === 'string' ? f.integrity : 'none') as HubIntegrity,
        etag: typeof f.etag === 'string' ? f.etag : null,
      });
    }
  }
  return {
    repository,
    commit,
    sha256sums: typeof r.sha256sums === 'boolean' ? r.sha256sums : null,
    listing: Array.isArray(r.listing) ? (r.listing as HubListedFile[]) : null,
    files,
  };
}

/** Writes a record atomically. */
export async function writeCommitRecord(path: string, record: HubCommitRecord): Promise<void> {
  const json = {
    format: FORMAT,
    repository: record.repository,
    commit: record.commit,
    sha256sums: record.sha256sums,
    listing: record.listing,
    files: [...record.files].map(([p, f]) => ({ path: p, ...f })),
  };
  await writeFileAtomically(path, `${JSON.stringify(json, null, 1)}\n`);
}

/**
 * The commits that have a record in a repository's cache folder (to find a file cached for an earlier commit).
 *
 * @example
 * await recordedCommits('/c/datasets/o/n'); // ['ab…', 'cd…']
 */
export async function recordedCommits(repoDir: string): Promise<string[]> {
  const names = await readdir(join(repoDir, 'files')).catch(() => [] as string[]);
  return names
    .filter((n) => /^[0-9a-f]{40}\.json$/.test(n))
    .map((n) => n.slice(0, 40))
    .sort();
}
