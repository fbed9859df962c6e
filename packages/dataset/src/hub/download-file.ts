/**
 * Downloading one file of a Hub commit, resumably.
 *
 * Bytes go to a `.part` file (with a `.part.json` beside it holding the response's `ETag` and size). When a
 * connection breaks, both stay, and the next call asks for the rest with `Range: bytes=<n>-` and
 * `If-Range: <ETag>`: a `206` whose `Content-Range` starts at `<n>` is appended, a `200` (the file changed, or the
 * server ignores ranges) starts again from 0, and a `416` or any other `206` drops the partial file and starts
 * again. The SHA-256 is computed over the whole file (the kept bytes are read back), and the file is renamed to
 * its final name only once it matches every checksum known for it: the `SHA256SUMS` entry, the LFS SHA-256 of the
 * listing, an `ETag`/`X-Linked-Etag` that is a SHA-256 (the Hub's for LFS files), the listing's git blob id, and
 * the listing's size. A mismatch deletes the partial file.
 *
 * Redirects are followed by hand (at most {@link MAX_REDIRECTS}), so that the Hub's own `X-Linked-Etag` of a
 * large file is seen before it redirects to its storage host, and the token never goes to that host.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SHA256SUMS_FILE } from '@execret/formats';
import { DatasetError } from '../errors.js';
import { writeFileAtomically } from './cache.js';
import type { HubIntegrity } from './commit-record.js';
import { fileDigests, hashFilePrefix } from './file-digest.js';
import { abortedError, type HubHttp, httpError, isAbort, isStrongEtag, normalizeEtag } from './http.js';

/** Minimum number of bytes between two `progress` events of one file. */
export const DEFAULT_PROGRESS_INTERVAL_BYTES = 256 * 1024;
/** Redirects followed per request. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const SHA256 = /^[0-9a-f]{64}$/;

/** A download progress report; the library never draws anything itself. */
export interface DownloadProgressEvent {
  /** Path in the repository, e.g. `data/corpus.jsonl`. */
  file: string;
  /** `start` before the first byte, `progress` while receiving, `done` after verification and rename, `cached` when the cached copy is reused. */
  phase: 'start' | 'progress' | 'done' | 'cached';
  /** Bytes of the file received so far, those kept from an interrupted download included (the file size for `cached`). */
  receivedBytes: number;
  /** Size of the whole file when known (`Content-Length`, `Content-Range`), `null` when unknown. */
  totalBytes: number | null;
  /** Present when the download resumed an interrupted one: the bytes that were already there. */
  resumedFromBytes?: number;
}

/** The checksums known for a file before downloading it. */
export interface ExpectedDigests {
  /** From `SHA256SUMS`. */
  sha256sums?: string;
  /** From the listing, for an LFS file. */
  lfsSha256?: string;
  /** From the listing, for a file stored in git. */
  gitOid?: string;
  /** From the listing. */
  bytes?: number;
}

/** One file to download. */
export interface HubFileJob {
  /** The `resolve/<commit>/<path>` URL. */
  url: string;
  /** Path in the repository (for messages and events). */
  file: string;
  /** Final local path (already checked to be safe). */
  dest: string;
  /** The `.part` path (already checked to be safe). */
  partial: string;
  expected: ExpectedDigests;
  /** The Hub `ETag` of a cached copy from an earlier commit: sent as `If-None-Match`; an unchanged answer returns `unchanged`. */
  candidateEtag?: string;
}

/** What {@link downloadHubFile} did. */
export type HubFileDownloadResult =
  | { status: 'unchanged'; etag: string }
  | {
      status: 'downloaded';
      bytes: number;
      sha256: string;
      gitOid: string | null;
      integrity: HubIntegrity;
      /** The Hub's `X-Linked-Etag` or `ETag`. */
      etag: string | null;
      /** Bytes kept from an interrupted download (0 when it started from scratch). */
      resumedFromBytes: number;
    };

/** Shared by the downloads of one release. */
export interface DownloadContext {
  http: HubHttp;
  onProgress?: (event: DownloadProgressEvent) => void;
  /** Minimum bytes between two `progress` events. */
  interval: number;
}

interface PartialState {
  offset: number;
  /** The strong `ETag` (as sent by the server) that served the kept bytes. */
  etag: string | null;
}

interface Opened {
  response: Response;
  /** The Hub's `X-Linked-Etag` or `ETag` of the first hop, normalised. */
  hubEtag: string | null;
}

/**
 * Downloads one file (see the module comment for resuming and checking).
 *
 * @throws {DatasetError} `not-found` (HTTP 404), `download` (other status, network failure, a body that breaks
 *   off — the bytes received are kept for the next call), `checksum` (the bytes differ from a known checksum),
 *   `aborted` (the partial file is kept), `io`.
 * @example
 * const r = await downloadHubFile({ url, file: 'data/corpus.jsonl', dest, partial, expected: { sha256sums } }, ctx);
 */
export async function downloadHubFile(job: HubFileJob, ctx: DownloadContext): Promise<HubFileDownloadResult> {
  return attempt(job, ctx, true);
}

async function attempt(job: HubFileJob, ctx: DownloadContext, mayResume: boolean): Promise<HubFileDownloadResult> {
  const partial = mayResume ? await readPartial(job) : null;
  if (!mayResume) await dropPartial(job);
  const headers: Record<string, string> = {};
  if (partial !== null) {
    headers.range = `bytes=${partial.offset}-`;
    if (partial.etag !== null) headers['if-range'] = partial.etag;
  }
  const opened = await open(job, ctx, headers);
  if (opened === 'unchanged') return { status: 'unchanged', etag: job.candidateEtag as string };
  const { response, hubEtag } = opened;
  if (response.status === 304) {
    await response.body?.cancel().catch(() => undefined);
    if (job.candidateEtag !== undefined) return { status: 'unchanged', etag: job.candidateEtag };
    throw new DatasetError('download', `GET ${job.url} answered 304 Not Modified to a request without a cached copy`);
  }
  if (job.candidateEtag !== undefined && response.ok && hubEtag === job.candidateEtag) {
    await response.body?.cancel().catch(() => undefined);
    return { status: 'unchanged', etag: job.candidateEtag };
  }
  let offset = 0;
  let total: number | null = null;
  if (response.status === 416 || response.status === 206) {
    const range = parseContentRange(response.headers.get('content-range'));
    if (response.status === 416 || partial === null || range === null || range.start !== partial.offset) {
      await response.body?.cancel().catch(() => undefined);
      if (!mayResume)
        throw new DatasetError('download', `GET ${job.url} answered ${response.status} to a request without Range`);
      return attempt(job, ctx, false);
    }
    offset = partial.offset;
    total = range.total;
  } else if (!response.ok) {
    throw await httpError(response, job.url, ctx.http.label);
  } else {
    const lengthHeader = response.headers.get('content-length');
    const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
    total = lengthHeader !== null && !encoded && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
  }
  const contentEtag = response.headers.get('etag');
  const etagSha256 = [hubEtag, normalizeEtag(contentEtag)].find((e): e is string => e !== null && SHA256.test(e));
  return receive(job, ctx, response, {
    offset,
    total,
    hubEtag,
    etagSha256,
    resumeEtag: isStrongEtag(contentEtag) ? contentEtag.trim() : null,
  });
}

async function open(
  job: HubFileJob,
  ctx: DownloadContext,
  range: Record<string, string>,
): Promise<Opened | 'unchanged'> {
  let url = job.url;
  let hubEtag: string | null = null;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const headers = { ...range };
    if (hop === 0 && job.candidateEtag !== undefined) headers['if-none-match'] = `"${job.candidateEtag}"`;
    let response: Response;
    try {
      response = await ctx.http.fetch(url, { headers, redirect: 'manual' });
    } catch (error) {
      if (isAbort(error, ctx.http.signal)) throw abortedError(`download of ${job.file} (${ctx.http.label})`, error);
      throw new DatasetError('download', `could not download ${job.url}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (hop === 0) hubEtag = normalizeEtag(response.headers.get('x-linked-etag') ?? response.headers.get('etag'));
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) return { response, hubEtag };
    await response.body?.cancel().catch(() => undefined);
    if (hop === 0 && job.candidateEtag !== undefined && hubEtag === job.candidateEtag) return 'unchanged';
    url = new URL(location, url).href;
  }
  throw new DatasetError('download', `GET ${job.url} redirected more than ${MAX_REDIRECTS} times`);
}

function parseContentRange(value: string | null): { start: number; end: number; total: number | null } | null {
  const m = value === null ? null : /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value.trim());
  if (m === null) return null;
  return { start: Number(m[1]), end: Number(m[2]), total: m[3] === '*' ? null : Number(m[3]) };
}

function sidecar(job: HubFileJob): string {
  return `${job.partial}.json`;
}

async function readPartial(job: HubFileJob): Promise<PartialState | null> {
  const size = await stat(job.partial).then(
    (s) => (s.isFile() ? s.size : null),
    () => null,
  );
  if (size === null || size === 0) return null;
  let etag: string | null = null;
  try {
    const meta = JSON.parse(await readFile(sidecar(job), 'utf8')) as { etag?: unknown };
    etag = typeof meta.etag === 'string' ? meta.etag : null;
  } catch {
    etag = null;
  }
  // Without an ETag to guard the range, resume only when a checksum will catch a mix of two versions.
  const checked = job.expected.sha256sums ?? job.expected.lfsSha256 ?? job.expected.gitOid;
  if (etag === null && checked === undefined) return null;
  return { offset: size, etag };
}

async function dropPartial(job: HubFileJob): Promise<void> {
  await rm(job.partial, { force: true });
  await rm(sidecar(job), { force: true });
}

interface ReceiveState {
  offset: number;
  total: number | null;
  hubEtag: string | null;
  etagSha256: string | undefined;
  resumeEtag: string | null;
}

async function receive(
  job: HubFileJob,
  ctx: DownloadContext,
  response: Response,
  state: ReceiveState,
): Promise<HubFileDownloadResult> {
  const { offset, total } = state;
  const label = ctx.http.label;
  const sha256 = createHash('sha256');
  const git = job.expected.gitOid !== undefined && total !== null ? createHash('sha1').update(`blob ${total}\0`) : null;
  const hashes = git === null ? [sha256] : [sha256, git];
  try {
    await mkdir(dirname(job.partial), { recursive: true });
    await hashFilePrefix(job.partial, offset, hashes);
    await writeFileAtomically(sidecar(job), JSON.stringify({ etag: state.resumeEtag, total }));
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    throw new DatasetError('io', `could not prepare ${job.partial}: ${(error as Error).message}`, { cause: error });
  }
  const out = createWriteStream(job.partial, { flags: offset > 0 ? 'a' : 'w' });
  const closeOut = async () => {
    if (!out.closed) {
      out.end();
      await once(out, 'close').catch(() => undefined);
    }
  };
  let received = offset;
  let lastReport = offset;
  const resumed = offset > 0 ? { resumedFromBytes: offset } : {};
  try {
    ctx.onProgress?.({ file: job.file, phase: 'start', receivedBytes: offset, totalBytes: total, ...resumed });
    if (response.body === null) throw new Error('response has no body');
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        for (const h of hashes) h.update(chunk);
        received += chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
        if (ctx.onProgress && received - lastReport >= ctx.interval) {
          lastReport = received;
          ctx.onProgress({ file: job.file, phase: 'progress', receivedBytes: received, totalBytes: total, ...resumed });
        }
      }
    } catch (error) {
      if (isAbort(error, ctx.http.signal)) throw abortedError(`download of ${job.file} (${label})`, error);
      throw new DatasetError(
        'download',
        `download of ${job.url} broke off after ${received}${total === null ? '' : ` of ${total}`} bytes: ${(error as Error).message}; the bytes received are kept in ${job.partial} and the next run resumes from there`,
        { cause: error },
      );
    }
    if (total !== null && received !== total) {
      throw new DatasetError(
        'download',
        `download of ${job.url} is truncated: received ${received} of ${total} bytes; the bytes received are kept in ${job.partial} and the next run resumes from there`,
      );
    }
    out.end();
    await once(out, 'close');
  } catch (error) {
    await closeOut();
    await response.body?.cancel().catch(() => undefined);
    if (DatasetError.is(error)) throw error;
    throw new DatasetError('io', `could not write ${job.partial}: ${(error as Error).message}`, { cause: error });
  }
  const digest = sha256.digest('hex');
  let gitOid: string | null = null;
  if (job.expected.gitOid !== undefined)
    gitOid = git !== null ? git.digest('hex') : ((await fileDigests(job.partial, { gitOid: true }))?.gitOid ?? null);
  const mismatch = (what: string, expected: string, actual: string) =>
    new DatasetError(
      'checksum',
      `downloaded ${job.file} of ${label} does not match ${what}: expected ${expected}, computed ${actual}`,
    );
  const e = job.expected;
  let failure: DatasetError | null = null;
  if (e.sha256sums !== undefined && digest !== e.sha256sums) failure = mismatch(SHA256SUMS_FILE, e.sha256sums, digest);
  else if (e.lfsSha256 !== undefined && digest !== e.lfsSha256)
    failure = mismatch('the SHA-256 the Hub lists for it (Git LFS)', e.lfsSha256, digest);
  else if (state.etagSha256 !== undefined && digest !== state.etagSha256)
    failure = mismatch('the SHA-256 in its ETag', state.etagSha256, digest);
  else if (e.gitOid !== undefined && gitOid !== e.gitOid)
    failure = mismatch('the git blob id the Hub lists for it', e.gitOid, gitOid ?? '');
  else if (e.bytes !== undefined && e.bytes >= 0 && received !== e.bytes)
    failure = mismatch('the size the Hub lists for it', `${e.bytes} bytes`, `${received} bytes`);
  if (failure !== null) {
    await dropPartial(job);
    throw failure;
  }
  try {
    await mkdir(dirname(job.dest), { recursive: true });
    await rename(job.partial, job.dest);
    await rm(sidecar(job), { force: true });
  } catch (error) {
    throw new DatasetError('io', `could not move ${job.partial} to ${job.dest}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  ctx.onProgress?.({
    file: job.file,
    phase: 'done',
    receivedBytes: received,
    totalBytes: total ?? received,
    ...resumed,
  });
  const integrity: HubIntegrity =
    e.sha256sums !== undefined
      ? 'sha256sums'
      : e.lfsSha256 !== undefined
        ? 'lfs-sha256'
        : state.etagSha256 !== undefined
          ? 'etag-sha256'
          : e.gitOid !== undefined
            ? 'git-blob-sha1'
            : 'none';
  return {
    status: 'downloaded',
    bytes: received,
    sha256: digest,
    gitOid,
    integrity,
    etag: state.hubEtag,
    resumedFromBytes: offset,
  };
}
