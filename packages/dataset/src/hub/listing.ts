/**
 * The file listing of one commit of a Hub dataset, through the tree API
 * (`GET <endpoint>/api/datasets/<owner>/<name>/tree/<commit>?recursive=true`, paged by `Link` headers), called with
 * `@huggingface/hub`'s `listFiles`. For each file it gives the size, the git blob id and, for files stored with
 * Git LFS, the SHA-256 of the content — the checksums a repository without `SHA256SUMS` still has.
 */
import { DatasetError } from '../errors.js';
import { loadHubClient } from './client.js';
import { abortedError, type HubHttp, httpStatusError, isAbort } from './http.js';
import type { HubReference } from './reference.js';

/** One file of a commit as the Hub lists it. Its `path` is remote data: check it before using it locally. */
export interface HubListedFile {
  path: string;
  /** Size of the content in bytes. */
  bytes: number;
  /** The git blob id (SHA-1 of `blob <size>\0<content>`) for files stored in git; `null` for LFS files or when absent. */
  gitOid: string | null;
  /** SHA-256 of the content, for files stored with Git LFS; `null` otherwise. */
  lfsSha256: string | null;
}

const SHA256 = /^[0-9a-f]{64}$/;
const SHA1 = /^[0-9a-f]{40}$/;

/**
 * Lists every file of `commit` (recursively). Returns `null` when the server has no tree API (HTTP 404 at a
 * commit that exists), so that callers fall back to `SHA256SUMS` and `ETag`s.
 *
 * @throws {DatasetError} `download` (other HTTP status, network failure), `aborted`.
 * @example
 * const files = await listHubFiles(ref, commit, { endpoint, http });
 * files?.filter((f) => f.path.startsWith('embeddings/'));
 */
export async function listHubFiles(
  ref: HubReference,
  commit: string,
  options: { endpoint: string; http: HubHttp },
): Promise<HubListedFile[] | null> {
  const { http } = options;
  const hubUrl = options.endpoint.replace(/\/+$/, '');
  const url = `${hubUrl}/api/datasets/${ref.owner}/${ref.name}/tree/${commit}?recursive=true`;
  const { listFiles } = await loadHubClient();
  const files: HubListedFile[] = [];
  try {
    for await (const entry of listFiles({
      repo: { type: 'dataset', name: `${ref.owner}/${ref.name}` },
      revision: commit,
      recursive: true,
      hubUrl,
      fetch: http.fetch,
    })) {
      if (entry.type !== 'file' || typeof entry.path !== 'string') continue;
      const lfs = typeof entry.lfs?.oid === 'string' && SHA256.test(entry.lfs.oid) ? entry.lfs.oid : null;
      const size = lfs !== null && typeof entry.lfs?.size === 'number' ? entry.lfs.size : entry.size;
      files.push({
        path: entry.path,
        bytes: typeof size === 'number' && Number.isSafeInteger(size) && size >= 0 ? size : -1,
        gitOid: lfs === null && typeof entry.oid === 'string' && SHA1.test(entry.oid) ? entry.oid : null,
        lfsSha256: lfs,
      });
    }
  } catch (error) {
    if (isAbort(error, http.signal)) throw abortedError(`listing ${http.label}`, error);
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 404) return null;
    if (typeof status === 'number') throw httpStatusError(status, '', url, http.label, error);
    throw new DatasetError('download', `could not list ${url}: ${(error as Error).message}`, { cause: error });
  }
  return files;
}
