/**
 * Resolving the revision of an `hf:` reference to the commit it names, through the Hub API
 * (`GET <endpoint>/api/datasets/<owner>/<name>/revision/<revision>` → `{ sha, … }`, called with
 * `@huggingface/hub`'s `datasetInfo`).
 */
import { DatasetError } from '../errors.js';
import { readCachedRef, writeCachedRef } from './cache.js';
import { loadHubClient } from './client.js';
import { abortedError, type HubHttp, httpStatusError, isAbort } from './http.js';
import { type HubReference, isCommitSha } from './reference.js';
import { safeCachePath } from './safe-path.js';
import { hubRevisionUrl } from './urls.js';

/**
 * How the commit was found: `hub` (the Hub API resolved the revision now), `pinned` (the reference names a full
 * commit sha, so nothing had to be resolved) or `cached-ref` (offline, or the Hub unreachable: the commit the
 * revision last resolved to, from the cache's `refs/<revision>` file).
 */
export type HubCommitResolution = 'hub' | 'pinned' | 'cached-ref';

/** A resolved revision. */
export interface ResolvedHubCommit {
  /** 40 lowercase hex digits. */
  commit: string;
  resolution: HubCommitResolution;
  /** Why the cached ref was used, for `cached-ref`. */
  reason?: string;
  /** The commit the revision had resolved to before this call, when it was another one (the branch moved). */
  previousCommit?: string;
}

/** Options of {@link resolveHubCommit}. */
export interface ResolveHubCommitOptions {
  endpoint: string;
  /** The cache root (no symbolic link below it may lead out of it). */
  cacheRoot: string;
  /** The repository's cache folder (holding `refs/`), inside `cacheRoot`. */
  repoDir: string;
  http: HubHttp;
  /** Never use the network: read the cached ref. */
  offline?: boolean;
}

/**
 * Resolves `ref.revision` to a commit and records it in `<repoDir>/refs/<revision>`. A full 40-hex commit is
 * used as it is. Offline, or when the Hub cannot be reached, the last recorded commit is used.
 *
 * @throws {DatasetError} `not-found` (no such repository or revision; offline without a recorded commit),
 *   `download` (other HTTP status, an answer without a commit, unreachable without a recorded commit), `aborted`.
 * @example
 * const { commit, resolution } = await resolveHubCommit(ref, { endpoint, repoDir, http });
 */
export async function resolveHubCommit(
  ref: HubReference,
  options: ResolveHubCommitOptions,
): Promise<ResolvedHubCommit> {
  if (isCommitSha(ref.revision)) return { commit: ref.revision, resolution: 'pinned' };
  const { http, repoDir } = options;
  const url = hubRevisionUrl(ref, options.endpoint);
  const cached = await readCachedRef(repoDir, ref.revision);
  const fromCache = (reason: string, cause?: unknown): ResolvedHubCommit => {
    if (cached !== null) return { commit: cached, resolution: 'cached-ref', reason };
    const code = options.offline ? 'not-found' : 'download';
    throw new DatasetError(
      code,
      `${http.label}: ${reason}, and no commit of ${ref.revision} is recorded in ${repoDir}/refs (resolve it once online)`,
      cause === undefined ? {} : { cause },
    );
  };
  if (options.offline) return fromCache('offline mode');
  if (http.signal?.aborted) throw abortedError(`resolving ${http.label}`, http.signal.reason);
  const { datasetInfo } = await loadHubClient();
  let sha: unknown;
  try {
    const info = await datasetInfo({
      name: `${ref.owner}/${ref.name}`,
      revision: ref.revision,
      hubUrl: options.endpoint.replace(/\/+$/, ''),
      fetch: http.fetch,
      additionalFields: ['sha'],
    });
    sha = info.sha;
  } catch (error) {
    if (isAbort(error, http.signal)) throw abortedError(`resolving ${http.label}`, error);
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number') throw httpStatusError(status, '', url, http.label, error);
    if (error instanceof SyntaxError)
      throw new DatasetError('download', `GET ${url} answered with invalid JSON: ${error.message}`, { cause: error });
    return fromCache(`the Hub could not be reached (${(error as Error).message}; GET ${url})`, error);
  }
  if (typeof sha !== 'string' || !isCommitSha(sha)) {
    throw new DatasetError(
      'download',
      `GET ${url} answered without a commit sha (expected 40 hex digits in "sha", received ${JSON.stringify(sha)})`,
    );
  }
  const refPath = await safeCachePath(options.cacheRoot, repoDir, `refs/${encodeURIComponent(ref.revision)}`);
  if (!refPath.ok) throw new DatasetError('io', `refused to record the commit of ${http.label}: ${refPath.message}`);
  try {
    await writeCachedRef(repoDir, ref.revision, sha);
  } catch (error) {
    throw new DatasetError(
      'io',
      `could not record the commit of ${http.label} in ${repoDir}/refs: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return {
    commit: sha,
    resolution: 'hub',
    ...(cached !== null && cached !== sha ? { previousCommit: cached } : {}),
  };
}
