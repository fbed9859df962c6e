/**
 * Phase 1 of `downloadHubDataset`: the state one call works with (the resolved commit, its snapshot
 * folder, its cache record) and the checked cache paths of the snapshot's files.
 */
import { resolve } from 'node:path';
import { DatasetError } from '../errors.js';
import {
  defaultHubCacheDir,
  hubCacheDirectory,
  hubIncompleteDirectory,
  hubRecordFile,
  hubRepoCacheDirectory,
} from './cache.js';
import { type ResolvedHubCommit, resolveHubCommit } from './commit.js';
import { type HubCommitRecord, readCommitRecord } from './commit-record.js';
import { DEFAULT_PROGRESS_INTERVAL_BYTES, type DownloadContext } from './download-file.js';
import { createHubHttp, type HubHttp } from './http.js';
import { type HubPart, hubParts } from './parts.js';
import { type HubReference, parseHubReference } from './reference.js';
import { type PathCheck, type RefusedRemoteFile, safeCachePath } from './safe-path.js';
import type { HubDownloadOptions, HubDownloadResult } from './types.js';
import { DEFAULT_HUB_ENDPOINT } from './urls.js';

/** The state of one `downloadHubDataset` call. `record` and `refused` are updated in place by the later phases. */
export interface HubDownloadSession {
  ref: HubReference;
  /** The requested optional folders (checked). */
  parts: HubPart[];
  endpoint: string;
  /** The absolute cache root. */
  cacheRoot: string;
  /** The repository's cache folder. */
  repoDir: string;
  /** `owner/name`. */
  repository: string;
  /** `hf:owner/name@revision`, for messages. */
  label: string;
  http: HubHttp;
  resolved: ResolvedHubCommit;
  commit: string;
  /** The commit's snapshot folder (the release directory returned). */
  dir: string;
  /** Whether the network must not be used (offline option, or the commit came from the cached ref). */
  offline: boolean;
  /** The `force` option. */
  force: boolean;
  /** The path of the commit's record. */
  recordPath: string;
  /** The commit's record as read from the cache. */
  record: HubCommitRecord;
  /** Listed names refused so far. */
  refused: RefusedRemoteFile[];
  /** Shared by the file downloads. */
  ctx: DownloadContext;
  onProgress: HubDownloadOptions['onProgress'];
  /** The fields of the result that do not depend on the files. */
  base: Pick<HubDownloadResult, 'dir' | 'ref' | 'commit' | 'resolution'>;
  /** `offline` and `offlineReason` of the result. */
  offlineFields: Pick<HubDownloadResult, 'offline' | 'offlineReason'>;
}

/**
 * Parses the reference and `with`, resolves the revision to its commit (the only network request of this phase,
 * none offline) and reads the commit's cache record.
 *
 * @throws {TypeError} for an unknown name in `with`.
 * @throws {DatasetError} from `resolveHubCommit`.
 */
export async function openHubDownload(
  reference: string | HubReference,
  options: HubDownloadOptions,
): Promise<HubDownloadSession> {
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
  const ctx: DownloadContext = {
    http,
    interval: options.progressIntervalBytes ?? DEFAULT_PROGRESS_INTERVAL_BYTES,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  const offlineFields = offline
    ? { offline: true, offlineReason: options.offline ? 'offline mode' : (resolved.reason ?? 'offline') }
    : { offline: false };
  return {
    ref,
    parts,
    endpoint,
    cacheRoot,
    repoDir,
    repository,
    label,
    http,
    resolved,
    commit,
    dir,
    offline,
    force: Boolean(options.force),
    recordPath,
    record,
    refused: [],
    ctx,
    onProgress: options.onProgress,
    base: { dir, ref, commit, resolution: resolved.resolution },
    offlineFields,
  };
}

/** The local path of a repository file in the commit's snapshot, or a refusal. */
export async function snapshotPath(s: HubDownloadSession, file: string): Promise<PathCheck> {
  return safeCachePath(s.cacheRoot, s.dir, file);
}

/** The `.part` path of an interrupted download of a repository file of the commit, or a refusal. */
export async function partialPath(s: HubDownloadSession, file: string): Promise<PathCheck> {
  return safeCachePath(s.cacheRoot, hubIncompleteDirectory(s.repoDir, s.commit), `${file}.part`);
}

/**
 * The path of a checked cache path.
 *
 * @throws {DatasetError} `io` when the path was refused.
 */
export async function requireSafe(s: HubDownloadSession, file: string, check: PathCheck): Promise<string> {
  if (check.ok) return check.path;
  throw new DatasetError('io', `refused to use the cache path of ${file} of ${s.label}: ${check.message}`);
}
