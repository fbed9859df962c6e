/**
 * Phase 4 of `downloadHubDataset` (online): bringing one file into the commit's snapshot, in this order of
 * preference: (a) the snapshot's own copy, when it matches a known checksum (or, with none known, its record);
 * (b) an earlier commit's copy with the same checksum; (c) with no checksum known, the copy of the commit the
 * branch pointed to before, when the Hub answers that its `ETag` still holds; else a download. The record is
 * written after each file.
 */
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SHA256SUMS_FILE } from '@execret/formats';
import { DatasetError } from '../errors.js';
import { hubCacheDirectory, hubRecordFile } from './cache.js';
import { type HubFileRecord, type HubIntegrity, readCommitRecord } from './commit-record.js';
import { downloadHubFile, type ExpectedDigests, type HubFileDownloadResult } from './download-file.js';
import { fileResult } from './download-result.js';
import { type HubDownloadSession, partialPath, requireSafe, snapshotPath } from './download-session.js';
import type { Wanted } from './download-wanted.js';
import { type FileDigests, fileDigests } from './file-digest.js';
import { safeCachePath } from './safe-path.js';
import type { HubCommitFiles, HubFileResult } from './types.js';
import { hubFileUrl } from './urls.js';

/** The checked local paths of one file. */
interface FilePaths {
  dest: string;
  partial: string;
}

/** What a file's bytes are checked against. */
interface FileChecks {
  expected: ExpectedDigests;
  /** The SHA-256 to match: from `SHA256SUMS`, else the LFS one. */
  knownSha: string | undefined;
  /** Whether a SHA-256 or a git blob id is known. */
  checked: boolean;
}

/** A copy of an earlier commit that may be taken over. */
interface Candidate {
  commit: string;
  rec: HubFileRecord;
}

/**
 * Brings one file into the snapshot (see the module comment) and records it.
 *
 * @returns the file's result, or `'absent'` for an optional file whose cache path is refused (added to
 *   `s.refused`) or a `SHA256SUMS` the Hub does not have.
 * @throws {DatasetError} `io` for a data file whose cache path is refused; from `downloadHubFile`.
 */
export async function fetchHubFile(
  s: HubDownloadSession,
  files: HubCommitFiles,
  w: Wanted,
  sums: Map<string, string> | null,
  useCandidate = true,
): Promise<HubFileResult | 'absent'> {
  const { file } = w;
  const extra: Partial<HubFileResult> = w.part ? { part: w.part } : {};
  const paths = await filePaths(s, w);
  if (paths === null) return 'absent';
  const checks = fileChecks(expectedDigests(files, file, sums));
  const keep = async (rec: HubFileRecord) => {
    s.record.files.set(file, rec);
    await files.persist();
  };

  if (!s.force) {
    const own = await ownCopy(s, file, paths, checks);
    if (own !== null) {
      await keep(own);
      return fileResult(s, file, 'cached', own, extra);
    }
    const earlier = await earlierCopy(s, files, file, paths, checks);
    if (earlier !== null) {
      await keep(earlier.rec);
      return fileResult(s, file, 'cached', earlier.rec, { ...extra, reusedFrom: earlier.commit });
    }
  }
  const candidate = await etagCandidate(s, file, checks, useCandidate);
  const outcome = await download(s, files, file, paths, checks.expected, candidate);
  if (outcome === 'absent') return 'absent';
  if (outcome.status === 'unchanged' && candidate !== undefined) {
    const copied = await takeOver(s, candidate.commit, file, candidate.rec, paths);
    if (copied !== null) {
      const taken: HubFileRecord = { ...copied, integrity: 'etag-match' };
      await keep(taken);
      return fileResult(s, file, 'cached', taken, { ...extra, reusedFrom: candidate.commit });
    }
    // The earlier copy is gone or changed: download without the condition.
    return fetchHubFile(s, files, w, sums, false);
  }
  if (outcome.status === 'unchanged') throw new DatasetError('download', `${file}: unexpected unchanged answer`);
  const rec: HubFileRecord = {
    bytes: outcome.bytes,
    sha256: outcome.sha256,
    gitOid: outcome.gitOid,
    integrity: outcome.integrity,
    etag: outcome.etag,
  };
  await keep(rec);
  return fileResult(s, file, 'downloaded', rec, {
    ...extra,
    ...(outcome.resumedFromBytes > 0 ? { resumedFromBytes: outcome.resumedFromBytes } : {}),
  });
}

/**
 * The file's snapshot and `.part` paths; `null` when one is refused for an optional file (the refusal is added to
 * `s.refused`).
 *
 * @throws {DatasetError} `io` when one is refused for a data file.
 */
async function filePaths(s: HubDownloadSession, w: Wanted): Promise<FilePaths | null> {
  const { file } = w;
  const dest = await snapshotPath(s, file);
  const partial = await partialPath(s, file);
  if (!dest.ok || !partial.ok) {
    const failed = !dest.ok ? dest : partial;
    if (failed.ok) throw new Error('unreachable');
    if (w.part === undefined) await requireSafe(s, file, failed);
    s.refused.push({ path: file, reason: failed.reason, message: failed.message });
    return null;
  }
  return { dest: dest.path, partial: partial.path };
}

/** The checksums known for a file: from `SHA256SUMS` and from the listing. */
function expectedDigests(files: HubCommitFiles, file: string, sums: Map<string, string> | null): ExpectedDigests {
  const l = files.listed.get(file);
  const e: ExpectedDigests = {};
  const sum = sums?.get(file);
  if (sum !== undefined) e.sha256sums = sum;
  if (l?.lfsSha256) e.lfsSha256 = l.lfsSha256;
  if (l?.gitOid) e.gitOid = l.gitOid;
  if (l !== undefined && l.bytes >= 0) e.bytes = l.bytes;
  return e;
}

/** The SHA-256 to match and whether any checksum is known, from the expected digests. */
function fileChecks(expected: ExpectedDigests): FileChecks {
  const knownSha = expected.sha256sums ?? expected.lfsSha256;
  return { expected, knownSha, checked: knownSha !== undefined || expected.gitOid !== undefined };
}

/** The strongest integrity a known checksum gives, `fallback` with none. */
function integrityOf(expected: ExpectedDigests, fallback: HubIntegrity): HubIntegrity {
  return expected.sha256sums !== undefined
    ? 'sha256sums'
    : expected.lfsSha256 !== undefined
      ? 'lfs-sha256'
      : expected.gitOid !== undefined
        ? 'git-blob-sha1'
        : fallback;
}

/** Whether digests match the known size and the known SHA-256 (else the known git blob id; false with neither). */
function matches(checks: FileChecks, d: Pick<FileDigests, 'bytes' | 'sha256' | 'gitOid'>): boolean {
  const { expected, knownSha } = checks;
  return (
    (expected.bytes === undefined || d.bytes === expected.bytes) &&
    (knownSha !== undefined ? d.sha256 === knownSha : expected.gitOid !== undefined && d.gitOid === expected.gitOid)
  );
}

/**
 * (a) The new record of the snapshot's own copy when it can be trusted: it matches the known checksums, or, with
 * none known, its bytes still have the recorded SHA-256. `null` otherwise.
 */
async function ownCopy(
  s: HubDownloadSession,
  file: string,
  paths: FilePaths,
  checks: FileChecks,
): Promise<HubFileRecord | null> {
  const { expected } = checks;
  const own = await fileDigests(paths.dest, { gitOid: expected.gitOid !== undefined });
  const ownRec = s.record.files.get(file);
  if (own === null) return null;
  const trusted = checks.checked ? matches(checks, own) : ownRec?.sha256 === own.sha256;
  if (!trusted) return null;
  return {
    bytes: own.bytes,
    sha256: own.sha256,
    gitOid: own.gitOid ?? ownRec?.gitOid ?? null,
    integrity: checks.checked ? integrityOf(expected, 'none') : (ownRec?.integrity ?? 'none'),
    etag: ownRec?.etag ?? null,
  };
}

/**
 * (b) With a known checksum: the first other recorded commit whose record of the file has that checksum and whose
 * copy could be taken over (copied into the snapshot), with the file's new record. `null` when none.
 */
async function earlierCopy(
  s: HubDownloadSession,
  files: HubCommitFiles,
  file: string,
  paths: FilePaths,
  checks: FileChecks,
): Promise<Candidate | null> {
  if (!checks.checked) return null;
  const { expected, knownSha } = checks;
  for (const other of files.others) {
    const otherRecord = await readCommitRecord(hubRecordFile(s.repoDir, other), s.repository, other);
    const rec = otherRecord.files.get(file);
    if (rec === undefined) continue;
    const sameSum =
      knownSha !== undefined ? rec.sha256 === knownSha : rec.gitOid !== null && rec.gitOid === expected.gitOid;
    if (!sameSum) continue;
    const copied = await takeOver(s, other, file, rec, paths);
    if (copied === null) continue;
    return { commit: other, rec: { ...copied, integrity: integrityOf(expected, 'none') } };
  }
  return null;
}

/**
 * (c) With no checksum known (and neither `force` nor a retry): the previous commit's record of the file, when it
 * has an `ETag` to ask the Hub about.
 */
async function etagCandidate(
  s: HubDownloadSession,
  file: string,
  checks: FileChecks,
  useCandidate: boolean,
): Promise<Candidate | undefined> {
  const { previousCommit } = s.resolved;
  if (s.force || !useCandidate || checks.checked || !previousCommit) return undefined;
  const prev = await readCommitRecord(hubRecordFile(s.repoDir, previousCommit), s.repository, previousCommit);
  const rec = prev.files.get(file);
  return rec?.etag ? { commit: previousCommit, rec } : undefined;
}

/**
 * Downloads the file from `resolve/<commit>/` (conditionally on the candidate's `ETag`); `'absent'` for a
 * `SHA256SUMS` the Hub does not have.
 */
async function download(
  s: HubDownloadSession,
  files: HubCommitFiles,
  file: string,
  paths: FilePaths,
  expected: ExpectedDigests,
  candidate: Candidate | undefined,
): Promise<HubFileDownloadResult | 'absent'> {
  try {
    return await downloadHubFile(
      {
        url: hubFileUrl(files.commitRef, file, s.endpoint),
        file,
        dest: paths.dest,
        partial: paths.partial,
        expected,
        ...(candidate?.rec.etag ? { candidateEtag: candidate.rec.etag } : {}),
      },
      s.ctx,
    );
  } catch (error) {
    if (file === SHA256SUMS_FILE && DatasetError.is(error) && error.code === 'not-found') return 'absent';
    throw error;
  }
}

/**
 * Copies an earlier commit's verified file into this snapshot (bytes checked against its record first; through
 * the `.part` path, then renamed). `null` when that copy is refused, gone or changed.
 *
 * @throws {DatasetError} `io` when the copy fails.
 */
async function takeOver(
  s: HubDownloadSession,
  other: string,
  file: string,
  rec: HubFileRecord,
  paths: FilePaths,
): Promise<HubFileRecord | null> {
  const { dest, partial: temp } = paths;
  const source = await safeCachePath(s.cacheRoot, hubCacheDirectory(s.ref, other, s.cacheRoot), file);
  if (!source.ok) return null;
  const digests = await fileDigests(source.path);
  if (digests === null || digests.sha256 !== rec.sha256 || digests.bytes !== rec.bytes) return null;
  try {
    await mkdir(dirname(temp), { recursive: true });
    await copyFile(source.path, temp);
    await mkdir(dirname(dest), { recursive: true });
    await rename(temp, dest);
  } catch (error) {
    await rm(temp, { force: true });
    throw new DatasetError('io', `could not copy ${source.path} to ${dest}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return { ...rec };
}
