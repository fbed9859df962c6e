/**
 * Downloading the release from the Hugging Face Hub into a local cache directory.
 *
 * File URL: `<endpoint>/datasets/<owner>/<name>/resolve/<revision>/<path>` (the revision is URL-encoded, so
 * `refs/pr/1` becomes `refs%2Fpr%2F1`). Cache layout: `<cacheDir>/datasets/<owner>/<name>/<encoded revision>/`
 * holding `SHA256SUMS` (when the repository has one) and `data/*.jsonl`, i.e. a release directory.
 *
 * Files are written to `<name>.<random>.part` next to their final name and renamed only once complete and
 * verified, so a killed or failed download never leaves a file that a later run would trust.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { RELEASE_DATA_FILES, SHA256SUMS_FILE } from '@execret/formats';
import { DatasetError } from './errors.js';
import { parseSha256Sums } from './sha256sums.js';

/** Default Hub endpoint. */
export const DEFAULT_HUB_ENDPOINT = 'https://huggingface.co';
/** Default revision when an `hf:` reference has none. */
export const DEFAULT_HUB_REVISION = 'main';
/** The public release's repository. */
export const RELEASE_HUB_REPOSITORY = 'anonpapersubmission01/execretrieval';
/** Minimum number of bytes between two `progress` events of one file. */
export const DEFAULT_PROGRESS_INTERVAL_BYTES = 256 * 1024;

/**
 * Default cache directory: `<home>/.cache/execret/hub` (`os.homedir()`; environment variables are not read —
 * pass `cacheDir` to choose another place).
 *
 * @example
 * defaultHubCacheDir(); // '/home/me/.cache/execret/hub'
 */
function defaultHubCacheDir(): string {
  return join(homedir(), '.cache', 'execret', 'hub');
}

/** A parsed `hf:owner/name[@revision]` reference. */
export interface HubReference {
  owner: string;
  name: string;
  /** Branch, tag, commit or ref (`main` when not given). */
  revision: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Parses `hf:owner/name` or `hf:owner/name@revision` (revision defaults to `main`; it may contain `/`, as in
 * `refs/pr/3`).
 *
 * @throws {DatasetError} `source` for any other shape.
 * @example
 * parseHubReference('hf:anonpapersubmission01/execretrieval@v1.0');
 * // { owner: 'anonpapersubmission01', name: 'execretrieval', revision: 'v1.0' }
 */
export function parseHubReference(source: string): HubReference {
  const fail = () =>
    new DatasetError(
      'source',
      `expected a Hub reference of the form hf:owner/name[@revision], received ${JSON.stringify(source)}`,
    );
  if (!source.startsWith('hf:')) throw fail();
  const body = source.slice(3);
  const at = body.indexOf('@');
  const repo = at === -1 ? body : body.slice(0, at);
  const revision = at === -1 ? DEFAULT_HUB_REVISION : body.slice(at + 1);
  const parts = repo.split('/');
  if (parts.length !== 2 || !parts.every((p) => NAME.test(p)) || revision === '' || /\s/.test(revision)) throw fail();
  return { owner: parts[0] as string, name: parts[1] as string, revision };
}

/**
 * URL of one file of a Hub dataset repository.
 *
 * @example
 * hubFileUrl({ owner: 'o', name: 'n', revision: 'refs/pr/1' }, 'data/corpus.jsonl');
 * // 'https://huggingface.co/datasets/o/n/resolve/refs%2Fpr%2F1/data/corpus.jsonl'
 */
export function hubFileUrl(ref: HubReference, path: string, endpoint: string = DEFAULT_HUB_ENDPOINT): string {
  const base = endpoint.replace(/\/+$/, '');
  const encodedPath = path.split('/').map(encodeURIComponent).join('/');
  return `${base}/datasets/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.name)}/resolve/${encodeURIComponent(ref.revision)}/${encodedPath}`;
}

/**
 * Local directory that caches one revision of a Hub dataset.
 *
 * @example
 * hubCacheDirectory({ owner: 'o', name: 'n', revision: 'main' }, '/tmp/c'); // '/tmp/c/datasets/o/n/main'
 */
export function hubCacheDirectory(ref: HubReference, cacheDir: string = defaultHubCacheDir()): string {
  return join(cacheDir, 'datasets', ref.owner, ref.name, encodeURIComponent(ref.revision));
}

/** A download progress report; the library never draws anything itself. */
export interface DownloadProgressEvent {
  /** Path in the repository, e.g. `data/corpus.jsonl`. */
  file: string;
  /** `start` before the first byte, `progress` while receiving, `done` after verification and rename, `cached` when the cached copy is reused. */
  phase: 'start' | 'progress' | 'done' | 'cached';
  /** Bytes received so far (the file size for `cached`). */
  receivedBytes: number;
  /** Expected size from `Content-Length`, `null` when unknown. */
  totalBytes: number | null;
}

/** Options of {@link downloadHubDataset}. */
export interface HubDownloadOptions {
  /** Hub endpoint (default {@link DEFAULT_HUB_ENDPOINT}). */
  endpoint?: string;
  /** Cache root (default {@link defaultHubCacheDir}). */
  cacheDir?: string;
  /** Access token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Use only the cache; never touch the network (default `false`). */
  offline?: boolean;
  /** Download again even when a verified cached copy exists (default `false`). */
  force?: boolean;
  /** `fetch` implementation (default the global one). */
  fetch?: typeof globalThis.fetch;
  /** Abort the download. */
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
  /** Whether the file was checked against `SHA256SUMS` (false when the repository has none). */
  verified: boolean;
}

/** Result of {@link downloadHubDataset}. */
export interface HubDownloadResult {
  /** The local release directory (pass it to `readReleaseDirectory`). */
  dir: string;
  ref: HubReference;
  files: HubFileResult[];
  /** Whether a `SHA256SUMS` was available (remote or cached). */
  checksums: boolean;
  /** `true` when the network was not used (offline option, or the Hub unreachable and the cache complete). */
  offline: boolean;
  /** Why the network was not used, when `offline` is true. */
  offlineReason?: string;
}

const DATA_FILES = [
  RELEASE_DATA_FILES.corpus,
  RELEASE_DATA_FILES.queries,
  RELEASE_DATA_FILES.distractorMetadata,
  RELEASE_DATA_FILES.executionCache,
];

async function fileSize(path: string): Promise<number | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

async function fileSha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error as Error)?.name === 'AbortError';
}

/**
 * Downloads the four data files of a Hub dataset (and `SHA256SUMS` when the repository has one) into the cache
 * directory, verifies their checksums, and returns the local release directory. Cached files are reused when they
 * match the freshly fetched `SHA256SUMS` (or, when the repository has none, whenever they exist); with `offline`
 * the network is never used, and when the Hub cannot be reached a complete cache is used instead.
 *
 * @throws {DatasetError} `not-found` (HTTP 404, or a file missing from the cache offline), `download` (other
 *   HTTP status, network failure, body shorter than `Content-Length`), `checksum` (downloaded bytes differ from
 *   `SHA256SUMS`), `aborted`, `io`.
 * @example
 * const { dir } = await downloadHubDataset('hf:anonpapersubmission01/execretrieval', {
 *   cacheDir: '/tmp/hub', onProgress: (e) => console.log(e.file, e.phase, e.receivedBytes, e.totalBytes),
 * });
 */
export async function downloadHubDataset(
  reference: string | HubReference,
  options: HubDownloadOptions = {},
): Promise<HubDownloadResult> {
  const ref = typeof reference === 'string' ? parseHubReference(reference) : reference;
  const endpoint = options.endpoint ?? DEFAULT_HUB_ENDPOINT;
  const dir = hubCacheDirectory(ref, options.cacheDir ?? defaultHubCacheDir());
  const doFetch = options.fetch ?? globalThis.fetch;
  const signal = options.signal;
  const headers: Record<string, string> = {};
  if (options.token !== undefined && options.token !== '') headers.authorization = `Bearer ${options.token}`;
  const label = `hf:${ref.owner}/${ref.name}@${ref.revision}`;

  const useCache = async (reason: string | undefined): Promise<HubDownloadResult> => {
    const missing: string[] = [];
    for (const file of DATA_FILES) if ((await fileSize(join(dir, file))) === null) missing.push(file);
    if (missing.length > 0) {
      throw new DatasetError(
        'not-found',
        `${label} is not fully cached in ${dir} (missing ${missing.join(', ')})${reason ? `; ${reason}` : ''}`,
      );
    }
    const sumsText = await readFile(join(dir, SHA256SUMS_FILE), 'utf8').catch(() => null);
    const sums = sumsText === null ? null : parseSha256Sums(sumsText).sums;
    const files: HubFileResult[] = [];
    for (const file of DATA_FILES) {
      const path = join(dir, file);
      const expected = sums?.get(file);
      if (expected !== undefined) {
        const actual = await fileSha256(path);
        if (actual !== expected)
          throw new DatasetError(
            'checksum',
            `cached ${file} of ${label} does not match ${SHA256SUMS_FILE}: expected ${expected}, computed ${actual}; download it again`,
          );
      }
      const bytes = (await fileSize(path)) as number;
      options.onProgress?.({ file, phase: 'cached', receivedBytes: bytes, totalBytes: bytes });
      files.push({ file, status: 'cached', bytes, verified: expected !== undefined });
    }
    return {
      dir,
      ref,
      files,
      checksums: sums !== null,
      offline: true,
      ...(reason !== undefined ? { offlineReason: reason } : {}),
    };
  };

  if (options.offline) return useCache('offline mode');
  if (signal?.aborted) throw new DatasetError('aborted', `download of ${label} was aborted`, { cause: signal.reason });

  // 1. SHA256SUMS decides freshness and integrity.
  let sums: Map<string, string> | null = null;
  const sumsUrl = hubFileUrl(ref, SHA256SUMS_FILE, endpoint);
  let response: Response;
  try {
    response = await doFetch(sumsUrl, { headers, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (isAbort(error, signal)) throw new DatasetError('aborted', `download of ${label} was aborted`, { cause: error });
    const reason = `the Hub could not be reached (${(error as Error).message})`;
    try {
      return await useCache(reason);
    } catch (cacheError) {
      if (DatasetError.is(cacheError) && cacheError.code === 'not-found') {
        throw new DatasetError(
          'download',
          `could not download ${sumsUrl}: ${(error as Error).message}; no complete cached copy in ${dir}`,
          { cause: error },
        );
      }
      throw cacheError;
    }
  }
  await mkdir(join(dir, 'data'), { recursive: true });
  if (response.status === 404) {
    await response.body?.cancel().catch(() => undefined);
    await rm(join(dir, SHA256SUMS_FILE), { force: true }); // a stale list would reject fresh files
  } else if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw httpError(response, sumsUrl, label);
  } else {
    const text = await response.text();
    sums = parseSha256Sums(text).sums;
    await writeAtomically(join(dir, SHA256SUMS_FILE), text);
  }

  // 2. data files
  const files: HubFileResult[] = [];
  for (const file of DATA_FILES) {
    const path = join(dir, file);
    const expected = sums?.get(file);
    const size = await fileSize(path);
    if (size !== null && !options.force) {
      if (expected === undefined || (await fileSha256(path)) === expected) {
        options.onProgress?.({ file, phase: 'cached', receivedBytes: size, totalBytes: size });
        files.push({ file, status: 'cached', bytes: size, verified: expected !== undefined });
        continue;
      }
    }
    const bytes = await downloadFile(hubFileUrl(ref, file, endpoint), path, file, expected, {
      doFetch,
      headers,
      label,
      ...(signal ? { signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      interval: options.progressIntervalBytes ?? DEFAULT_PROGRESS_INTERVAL_BYTES,
    });
    files.push({ file, status: 'downloaded', bytes, verified: expected !== undefined });
  }
  return { dir, ref, files, checksums: sums !== null, offline: false };
}

function httpError(response: Response, url: string, label: string): DatasetError {
  if (response.status === 404)
    return new DatasetError(
      'not-found',
      `${url} does not exist (HTTP 404); check the repository and revision of ${label}`,
    );
  const hint =
    response.status === 401 || response.status === 403 ? '; the repository may be gated or private: pass `token`' : '';
  return new DatasetError('download', `GET ${url} failed with HTTP ${response.status} ${response.statusText}${hint}`);
}

function tempName(path: string): string {
  return `${path}.${randomBytes(6).toString('hex')}.part`;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temp = tempName(path);
  try {
    await mkdir(dirname(path), { recursive: true });
    const stream = createWriteStream(temp);
    stream.end(text);
    await once(stream, 'finish');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw new DatasetError('io', `could not write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

interface DownloadContext {
  doFetch: typeof globalThis.fetch;
  headers: Record<string, string>;
  label: string;
  signal?: AbortSignal;
  onProgress?: (event: DownloadProgressEvent) => void;
  interval: number;
}

async function downloadFile(
  url: string,
  path: string,
  file: string,
  expected: string | undefined,
  ctx: DownloadContext,
): Promise<number> {
  const aborted = (cause: unknown) =>
    new DatasetError('aborted', `download of ${file} (${ctx.label}) was aborted`, { cause });
  let response: Response;
  try {
    response = await ctx.doFetch(url, { headers: ctx.headers, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  } catch (error) {
    if (isAbort(error, ctx.signal)) throw aborted(error);
    throw new DatasetError('download', `could not download ${url}: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw httpError(response, url, ctx.label);
  }
  const lengthHeader = response.headers.get('content-length');
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const total = lengthHeader !== null && !encoded && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
  const temp = tempName(path);
  const hash = createHash('sha256');
  let received = 0;
  let lastReport = 0;
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(temp);
  const closeOut = async () => {
    if (!out.closed) {
      out.end();
      await once(out, 'close').catch(() => undefined);
    }
  };
  try {
    ctx.onProgress?.({ file, phase: 'start', receivedBytes: 0, totalBytes: total });
    if (response.body === null) throw new Error('response has no body');
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        received += chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
        if (ctx.onProgress && received - lastReport >= ctx.interval) {
          lastReport = received;
          ctx.onProgress({ file, phase: 'progress', receivedBytes: received, totalBytes: total });
        }
      }
    } catch (error) {
      if (isAbort(error, ctx.signal)) throw aborted(error);
      throw new DatasetError(
        'download',
        `download of ${url} broke off after ${received}${total === null ? '' : ` of ${total}`} bytes: ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (total !== null && received !== total) {
      throw new DatasetError('download', `download of ${url} is truncated: received ${received} of ${total} bytes`);
    }
    out.end();
    await once(out, 'close');
    const digest = hash.digest('hex');
    if (expected !== undefined && digest !== expected) {
      throw new DatasetError(
        'checksum',
        `downloaded ${file} of ${ctx.label} does not match ${SHA256SUMS_FILE}: expected ${expected}, computed ${digest}`,
      );
    }
    await rename(temp, path);
    ctx.onProgress?.({ file, phase: 'done', receivedBytes: received, totalBytes: total ?? received });
    return received;
  } catch (error) {
    await closeOut();
    await rm(temp, { force: true });
    if (DatasetError.is(error)) throw error;
    throw new DatasetError('io', `could not write ${path}: ${(error as Error).message}`, { cause: error });
  }
}
