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
 */
import { copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { RELEASE_DATA_FILES, SHA256SUMS_FILE } from '@execret/formats';
import { DatasetError } from './errors.js';
import {
  defaultHubCacheDir,
  hubCacheDirectory,
  hubIncompleteDirectory,
  hubRecordFile,
  hubRepoCacheDirectory,
} from './hub-cache.js';
import { type HubCommitResolution, resolveHubCommit } from './hub-commit.js';
import {
  type HubFileRecord,
  type HubIntegrity,
  readCommitRecord,
  recordedCommits,
  writeCommitRecord,
} from './hub-commit-record.js';
import {
  DEFAULT_PROGRESS_INTERVAL_BYTES,
  type DownloadContext,
  type DownloadProgressEvent,
  downloadHubFile,
  type ExpectedDigests,
} from './hub-download-file.js';
import { fileDigests } from './hub-file-digest.js';
import { createHubHttp } from './hub-http.js';
import { type HubListedFile, listHubFiles } from './hub-listing.js';
import { type HubPart, hubParts } from './hub-parts.js';
import { type HubReference, parseHubReference } from './hub-reference.js';
import { checkRemotePath, type RefusedRemoteFile, safeCachePath } from './hub-safe-path.js';
import { DEFAULT_HUB_ENDPOINT, hubFileUrl } from './hub-urls.js';
import { parseSha256Sums } from './sha256sums.js';

/** Options of {@link downloadHubDataset}. */
export interface HubDownloadOptions {
  /** Hub endpoint (default {@link DEFAULT_HUB_ENDPOINT}). */
  endpoint?: string;
  /** Cache root (default `<home>/.cache/execret/hub`). */
  cacheDir?: string;
  /** Access token, sent as `Authorization: Bearer <token>` to the endpoint (never to a storage host it redirects to). */
  token?: string;
  /** Use only the cache; never touch the network (default `false`). */
  offline?: boolean;
  /** Download again even when a verified cached copy exists (default `false`). */
  force?: boolean;
  /** Optional folders of the release to download as well (default none). */
  with?: readonly HubPart[];
  /** `fetch` implementation (default the global one); every request goes through it. */
  fetch?: typeof globalThis.fetch;
  /** Abort the download (an interrupted file is kept and resumed by the next call). */
  signal?: AbortSignal;
  /** Progress callback. */
  onProgress?: (event: DownloadProgressEvent) => void;
  /** Minimum bytes between two `progress` events (default {@link DEFAULT_PROGRESS_INTERVAL_BYTES}). */
  progressIntervalBytes?: number;
}

/** What {@link downloadHubDataset} did for one file. */
export interface HubFileResult {
  file: string;
  /** `downloaded` now, or `cached` (reused). */
  status: 'downloaded' | 'cached';
  bytes: number;
  /** Whether the file was checked against `SHA256SUMS` (false when the repository has none or does not list it). */
  verified: boolean;
  /** What the file was checked against. */
  integrity: HubIntegrity;
  /** For a cached file taken over from an earlier commit's snapshot: that commit. */
  reusedFrom?: string;
  /** For a download that resumed an interrupted one: the bytes that were kept. */
  resumedFromBytes?: number;
  /** The optional folder the file belongs to. */
  part?: HubPart;
}

/** Result of {@link downloadHubDataset}. */
export interface HubDownloadResult {
  /** The local release directory of the commit (pass it to `readReleaseDirectory`). */
  dir: string;
  ref: HubReference;
  /** The commit the files are from (40 hex digits). */
  commit: string;
  /** How the commit was found (see `HubCommitResolution`). */
  resolution: HubCommitResolution;
  /** The data files, then the files of the optional folders (by path). */
  files: HubFileResult[];
  /** Whether a `SHA256SUMS` was available (remote or cached). */
  checksums: boolean;
  /** `true` when the network was not used (offline option, or the Hub unreachable and the cache complete). */
  offline: boolean;
  /** Why the network was not used, when `offline` is true. */
  offlineReason?: string;
  /** Each requested optional folder → its local directory. */
  parts: Partial<Record<HubPart, string>>;
  /** Listed names that were refused (path traversal, absolute, control characters, links out of the cache). */
  refused: RefusedRemoteFile[];
}

const DATA_FILES = [
  RELEASE_DATA_FILES.corpus,
  RELEASE_DATA_FILES.queries,
  RELEASE_DATA_FILES.distractorMetadata,
  RELEASE_DATA_FILES.executionCache,
];

interface Wanted {
  file: string;
  part?: HubPart;
}

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
  const ref = typeof reference === 'string' ? parseHubReference(reference) : reference;
  const parts = hubParts(options.with ?? []);
  const endpoint = options.endpoint ?? DEFAULT_HUB_ENDPOINT;
  const cacheRoot = resolve(options.cacheDir ?? defaultHubCacheDir());
  const repoDir = hubRepoCacheDirectory(ref, cacheRoot);
  const repository = `${ref.owner}/${ref.name}`;
  const label = `hf:${repository}@${ref.revision}`;
  const http = createHubHttp({
    endpoint,
    label,
    ...(options.token !== undefined ? { token: options.token } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const resolved = await resolveHubCommit(ref, {
    endpoint,
    cacheRoot,
    repoDir,
    http,
    ...(options.offline ? { offline: true } : {}),
  });
  const { commit } = resolved;
  const dir = hubCacheDirectory(ref, commit, cacheRoot);
  const offline = options.offline === true || resolved.resolution === 'cached-ref';
  const recordPath = hubRecordFile(repoDir, commit);
  const record = await readCommitRecord(recordPath, repository, commit);
  const refused: RefusedRemoteFile[] = [];
  const ctx: DownloadContext = {
    http,
    interval: options.progressIntervalBytes ?? DEFAULT_PROGRESS_INTERVAL_BYTES,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  const base = { dir, ref, commit, resolution: resolved.resolution };
  const offlineFields = offline
    ? { offline: true, offlineReason: options.offline ? 'offline mode' : (resolved.reason ?? 'offline') }
    : { offline: false };

  /** The local path of a repository file in this commit's snapshot, or a refusal. */
  const local = async (file: string) => safeCachePath(cacheRoot, dir, file);
  const partialOf = async (file: string) =>
    safeCachePath(cacheRoot, hubIncompleteDirectory(repoDir, commit), `${file}.part`);
  const requireSafe = async (file: string, check: Awaited<ReturnType<typeof local>>): Promise<string> => {
    if (check.ok) return check.path;
    throw new DatasetError('io', `refused to use the cache path of ${file} of ${label}: ${check.message}`);
  };

  /** Whether the snapshot's copy of `file` matches its record (bytes hashed now). */
  const cachedCopy = async (file: string): Promise<HubFileRecord | null> => {
    const rec = record.files.get(file);
    if (rec === undefined) return null;
    const path = await requireSafe(file, await local(file));
    const digests = await fileDigests(path);
    return digests !== null && digests.bytes === rec.bytes && digests.sha256 === rec.sha256 ? rec : null;
  };

  const fileResult = (
    file: string,
    status: 'downloaded' | 'cached',
    rec: HubFileRecord,
    extra: Partial<HubFileResult> = {},
  ) => {
    const result: HubFileResult = {
      file,
      status,
      bytes: rec.bytes,
      verified: rec.integrity === 'sha256sums',
      integrity: rec.integrity,
      ...extra,
    };
    if (status === 'cached')
      options.onProgress?.({ file, phase: 'cached', receivedBytes: rec.bytes, totalBytes: rec.bytes });
    return result;
  };

  const wantedFiles = (listing: readonly HubListedFile[] | null): Wanted[] => {
    const wanted: Wanted[] = DATA_FILES.map((file) => ({ file }));
    for (const part of parts) {
      const inPart = (listing ?? [])
        .filter((f) => f.path.startsWith(`${part}/`) && checkRemotePath(f.path).ok)
        .map((f) => f.path)
        .sort();
      for (const file of inPart) wanted.push({ file, part });
    }
    return wanted;
  };

  const partDirs = (): Partial<Record<HubPart, string>> => Object.fromEntries(parts.map((p) => [p, join(dir, p)]));

  // 1. The cache alone, when it holds everything (always offline).
  if (!options.force || offline) {
    const knowsParts = parts.length === 0 || record.listing !== null;
    if (record.sha256sums !== null && knowsParts) {
      const wanted = wantedFiles(record.listing);
      const missing: string[] = [];
      const found: [Wanted, HubFileRecord][] = [];
      if (record.sha256sums && (await cachedCopy(SHA256SUMS_FILE)) === null) missing.push(SHA256SUMS_FILE);
      for (const w of wanted) {
        const rec = await cachedCopy(w.file);
        if (rec === null) missing.push(w.file);
        else found.push([w, rec]);
      }
      const emptyParts = parts.filter((p) => !wanted.some((w) => w.part === p));
      if (missing.length === 0 && emptyParts.length === 0) {
        if (parts.length > 0) refused.push(...refusedNames(record.listing ?? []));
        const files = found.map(([w, rec]) => fileResult(w.file, 'cached', rec, w.part ? { part: w.part } : {}));
        return {
          ...base,
          files,
          checksums: record.sha256sums,
          ...offlineFields,
          parts: partDirs(),
          refused: dedupe(refused),
        };
      }
      if (offline) throw notCached(label, dir, missing, emptyParts, offlineFields.offlineReason);
    }
    if (offline) {
      const what =
        record.sha256sums === null ? ['(no verified files of this commit)'] : ['(the file listing of this commit)'];
      throw notCached(label, dir, what, [], offlineFields.offlineReason);
    }
  }

  // 2. The network.
  const recordCheck = await safeCachePath(cacheRoot, repoDir, `files/${commit}.json`);
  const persist = async () => {
    if (!recordCheck.ok)
      throw new DatasetError('io', `refused to write the record of ${label}: ${recordCheck.message}`);
    try {
      await writeCommitRecord(recordPath, record);
    } catch (error) {
      throw new DatasetError('io', `could not write ${recordPath}: ${(error as Error).message}`, { cause: error });
    }
  };
  if (record.listing === null) {
    record.listing = await listHubFiles(ref, commit, { endpoint, http });
    if (record.listing !== null) await persist();
  }
  const listing = record.listing;
  if (listing === null && parts.length > 0) {
    throw new DatasetError(
      'download',
      `${label}: the Hub did not list the files of commit ${commit} (no tree API), so ${parts.map((p) => `${p}/`).join(', ')} cannot be downloaded`,
    );
  }
  // The listing picks the files of the parts: report what it held that can never be used.
  if (parts.length > 0) refused.push(...refusedNames(listing ?? []));
  const listed = new Map((listing ?? []).filter((f) => checkRemotePath(f.path).ok).map((f) => [f.path, f]));
  const commitRef = { ...ref, revision: commit };
  const others = (await recordedCommits(repoDir)).filter((c) => c !== commit);

  const expectedOf = (file: string, sums: Map<string, string> | null): ExpectedDigests => {
    const l = listed.get(file);
    const e: ExpectedDigests = {};
    const s = sums?.get(file);
    if (s !== undefined) e.sha256sums = s;
    if (l?.lfsSha256) e.lfsSha256 = l.lfsSha256;
    if (l?.gitOid) e.gitOid = l.gitOid;
    if (l !== undefined && l.bytes >= 0) e.bytes = l.bytes;
    return e;
  };

  /** Brings one file into the snapshot: cached copy, earlier commit's copy, or download. */
  const fetchOne = async (
    w: Wanted,
    sums: Map<string, string> | null,
    useCandidate = true,
  ): Promise<HubFileResult | 'absent'> => {
    const { file } = w;
    const extra: Partial<HubFileResult> = w.part ? { part: w.part } : {};
    const dest = await local(file);
    const partial = await partialOf(file);
    if (!dest.ok || !partial.ok) {
      const failed = !dest.ok ? dest : partial;
      if (failed.ok) throw new Error('unreachable');
      if (w.part === undefined) await requireSafe(file, failed);
      refused.push({ path: file, reason: failed.reason, message: failed.message });
      return 'absent';
    }
    const expected = expectedOf(file, sums);
    const knownSha = expected.sha256sums ?? expected.lfsSha256;
    const integrityOf = (fallback: HubIntegrity): HubIntegrity =>
      expected.sha256sums !== undefined
        ? 'sha256sums'
        : expected.lfsSha256 !== undefined
          ? 'lfs-sha256'
          : expected.gitOid !== undefined
            ? 'git-blob-sha1'
            : fallback;
    const matches = (d: { bytes: number; sha256: string; gitOid: string | null }) =>
      (expected.bytes === undefined || d.bytes === expected.bytes) &&
      (knownSha !== undefined ? d.sha256 === knownSha : expected.gitOid !== undefined && d.gitOid === expected.gitOid);
    const keep = async (rec: HubFileRecord) => {
      record.files.set(file, rec);
      await persist();
    };

    if (!options.force) {
      // a. this commit's copy
      const own = await fileDigests(dest.path, { gitOid: expected.gitOid !== undefined });
      const ownRec = record.files.get(file);
      if (own !== null) {
        const trusted =
          knownSha !== undefined || expected.gitOid !== undefined ? matches(own) : ownRec?.sha256 === own.sha256;
        if (trusted) {
          const rec: HubFileRecord = {
            bytes: own.bytes,
            sha256: own.sha256,
            gitOid: own.gitOid ?? ownRec?.gitOid ?? null,
            integrity:
              knownSha !== undefined || expected.gitOid !== undefined
                ? integrityOf('none')
                : (ownRec?.integrity ?? 'none'),
            etag: ownRec?.etag ?? null,
          };
          await keep(rec);
          return fileResult(file, 'cached', rec, extra);
        }
      }
      // b. an earlier commit's copy with the same checksum
      if (knownSha !== undefined || expected.gitOid !== undefined) {
        for (const other of others) {
          const otherRecord = await readCommitRecord(hubRecordFile(repoDir, other), repository, other);
          const rec = otherRecord.files.get(file);
          if (rec === undefined) continue;
          const sameSum =
            knownSha !== undefined ? rec.sha256 === knownSha : rec.gitOid !== null && rec.gitOid === expected.gitOid;
          if (!sameSum) continue;
          const copied = await takeOver(other, file, rec, dest.path, partial.path);
          if (copied === null) continue;
          const taken: HubFileRecord = { ...copied, integrity: integrityOf('none') };
          await keep(taken);
          return fileResult(file, 'cached', taken, { ...extra, reusedFrom: other });
        }
      }
    }
    // c. no checksum at all: the previous commit's copy, if the Hub says its ETag still holds
    let candidate: { commit: string; rec: HubFileRecord } | undefined;
    const unchecked = knownSha === undefined && expected.gitOid === undefined;
    if (!options.force && useCandidate && unchecked && resolved.previousCommit) {
      const prev = await readCommitRecord(
        hubRecordFile(repoDir, resolved.previousCommit),
        repository,
        resolved.previousCommit,
      );
      const rec = prev.files.get(file);
      if (rec?.etag) candidate = { commit: resolved.previousCommit, rec };
    }
    let outcome: Awaited<ReturnType<typeof downloadHubFile>>;
    try {
      outcome = await downloadHubFile(
        {
          url: hubFileUrl(commitRef, file, endpoint),
          file,
          dest: dest.path,
          partial: partial.path,
          expected,
          ...(candidate?.rec.etag ? { candidateEtag: candidate.rec.etag } : {}),
        },
        ctx,
      );
    } catch (error) {
      if (file === SHA256SUMS_FILE && DatasetError.is(error) && error.code === 'not-found') return 'absent';
      throw error;
    }
    if (outcome.status === 'unchanged' && candidate !== undefined) {
      const copied = await takeOver(candidate.commit, file, candidate.rec, dest.path, partial.path);
      if (copied !== null) {
        const taken: HubFileRecord = { ...copied, integrity: 'etag-match' };
        await keep(taken);
        return fileResult(file, 'cached', taken, { ...extra, reusedFrom: candidate.commit });
      }
      // The earlier copy is gone or changed: download without the condition.
      return fetchOne(w, sums, false);
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
    return fileResult(file, 'downloaded', rec, {
      ...extra,
      ...(outcome.resumedFromBytes > 0 ? { resumedFromBytes: outcome.resumedFromBytes } : {}),
    });
  };

  /** Copies an earlier commit's verified file into this snapshot (bytes checked against its record first). */
  const takeOver = async (
    other: string,
    file: string,
    rec: HubFileRecord,
    dest: string,
    temp: string,
  ): Promise<HubFileRecord | null> => {
    const source = await safeCachePath(cacheRoot, hubCacheDirectory(ref, other, cacheRoot), file);
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
  };

  await mkdir(await requireSafe('data/', await local('data')), { recursive: true });
  // SHA256SUMS first: it decides what the other files must hash to.
  let sums: Map<string, string> | null = null;
  const hasSums = listing === null || listed.has(SHA256SUMS_FILE);
  if (hasSums) {
    const got = await fetchOne({ file: SHA256SUMS_FILE }, null);
    if (got !== 'absent') {
      const sumsPath = await requireSafe(SHA256SUMS_FILE, await local(SHA256SUMS_FILE));
      sums = parseSha256Sums(await readFile(sumsPath, 'utf8')).sums;
    }
  }
  record.sha256sums = sums !== null;
  if (sums === null) record.files.delete(SHA256SUMS_FILE);
  await persist();

  const files: HubFileResult[] = [];
  for (const w of wantedFiles(listing)) {
    const got = await fetchOne(w, sums);
    if (got !== 'absent') files.push(got);
  }
  const emptyParts = parts.filter((p) => !files.some((f) => f.part === p));
  if (emptyParts.length > 0) {
    throw new DatasetError(
      'not-found',
      `${label} (commit ${commit}) has no file in ${emptyParts.map((p) => `${p}/`).join(', ')}${refused.length > 0 ? ` that could be used (${refused.length} name${refused.length === 1 ? '' : 's'} refused)` : ''}`,
    );
  }
  return { ...base, files, checksums: sums !== null, ...offlineFields, parts: partDirs(), refused: dedupe(refused) };
}

function refusedNames(listing: readonly HubListedFile[]): RefusedRemoteFile[] {
  const out: RefusedRemoteFile[] = [];
  for (const f of listing) {
    const check = checkRemotePath(f.path);
    if (!check.ok) out.push({ path: f.path, reason: check.reason, message: check.message });
  }
  return out;
}

function dedupe(refused: readonly RefusedRemoteFile[]): RefusedRemoteFile[] {
  const seen = new Set<string>();
  return refused.filter((r) => {
    const key = `${r.reason}\0${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function notCached(
  label: string,
  dir: string,
  missing: readonly string[],
  emptyParts: readonly HubPart[],
  reason: string | undefined,
): DatasetError {
  const what = [...missing, ...emptyParts.map((p) => `${p}/`)].join(', ');
  return new DatasetError(
    'not-found',
    `${label} is not fully cached in ${dir} (missing ${what})${reason ? `; ${reason}` : ''}`,
  );
}
