/**
 * A fake of the Hugging Face Hub serving one dataset repository:
 *
 * - `GET /api/datasets/<owner>/<name>/revision/<revision>` → `{ _id, id, sha, siblings: [{ rfilename }] }` for the
 *   served revision (its head commit) or any commit served before; `404` otherwise;
 * - `GET /api/datasets/<owner>/<name>/tree/<commit>[/<path>]?recursive=…` → the listing (`type`, `path`, `size`,
 *   `oid` = git blob id, `lfs: { oid: sha256, size }` for LFS files), paged with `Link` when `pageSize` is set;
 * - `GET /datasets/<owner>/<name>/resolve/<revision or commit>/<path>` → the file (`ETag` = its git blob id), with
 *   `Range`/`If-Range` and `If-None-Match`; an LFS file answers `302` to a second server (another origin, like the
 *   Hub's storage host) with `X-Linked-Etag` = its SHA-256 and `X-Linked-Size`.
 *
 * The head commit's sha is derived from the content of `files` (less `missing`), so changing a file moves the
 * branch to a new commit; every commit seen stays served by its sha. Faults can be injected per path.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from './fake-server.js';

/** A request to the fake Hub or to its storage host. */
export interface HubRequest {
  /** `hub` or `cdn` (the storage host of LFS files). */
  server: 'hub' | 'cdn';
  /** The request target, query string included. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface FakeHub {
  endpoint: string;
  /** Origin of the storage host that LFS files redirect to. */
  cdnEndpoint: string;
  /** repo path → file bytes of the served revision's head commit. */
  files: Map<string, Buffer>;
  /** Paths stored with Git LFS (redirected to the storage host). */
  lfs: Set<string>;
  /** Paths that do not exist (404, and absent from the listing). */
  missing: Set<string>;
  /** Paths whose body stops halfway although Content-Length announces the whole file. */
  truncated: Set<string>;
  /** Paths whose body stops after this many bytes of the response. */
  cutAfter: Map<string, number>;
  /** Paths answered with this status (at `resolve/`). */
  status: Map<string, number>;
  /** Paths whose ETag (for LFS files: `X-Linked-Etag`) is this value instead of the real one (quotes added). */
  etags: Map<string, string>;
  /** Extra names put into every listing, as files of 3 bytes (hostile names for the sanitiser). */
  extraListing: string[];
  /** Answer the tree API (default true); false gives 404 there, like a server without it. */
  treeApi: boolean;
  /** Answer `Range` requests with the whole file (200). */
  ignoreRange: boolean;
  /** Answer `Range` requests with a `206` whose range starts this many bytes later than asked. */
  rangeSkew: number;
  /** When positive, listings are paged with this many entries per page. */
  pageSize: number;
  /** Every request. */
  requests: HubRequest[];
  /** When positive, bodies are sent in chunks of this many bytes, one per millisecond (default 0: at once). */
  chunkBytes: number;
  /** Every commit served so far: sha → files. */
  commits: Map<string, Map<string, Buffer>>;
  /** The head commit of the served revision now. */
  commit(): string;
  close(): Promise<void>;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const gitOid = (b: Buffer) => createHash('sha1').update(`blob ${b.length}\0`).update(b).digest('hex');

/** Starts the fake Hub and its storage host on 127.0.0.1, serving no files until `files` is filled. */
export async function startFakeHub(repo: { owner: string; name: string; revision: string }): Promise<FakeHub> {
  const repoPath = `${repo.owner}/${repo.name}`;
  const hub = {
    files: new Map<string, Buffer>(),
    lfs: new Set<string>(),
    missing: new Set<string>(),
    truncated: new Set<string>(),
    cutAfter: new Map<string, number>(),
    status: new Map<string, number>(),
    etags: new Map<string, string>(),
    extraListing: [] as string[],
    treeApi: true,
    ignoreRange: false,
    rangeSkew: 0,
    pageSize: 0,
    requests: [] as HubRequest[],
    chunkBytes: 0,
    commits: new Map<string, Map<string, Buffer>>(),
    commit: () => '',
  };

  const headFiles = () => new Map([...hub.files].filter(([p]) => !hub.missing.has(p)));
  const commitOf = (files: Map<string, Buffer>) => {
    const h = createHash('sha1');
    for (const [p, b] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) h.update(`${p}\0${sha256(b)}\0`);
    return h.digest('hex');
  };
  const head = () => {
    const files = headFiles();
    const sha = commitOf(files);
    if (!hub.commits.has(sha)) hub.commits.set(sha, files);
    return sha;
  };
  hub.commit = head;
  const filesAt = (revision: string) =>
    revision === repo.revision ? hub.commits.get(head()) : hub.commits.get(revision);

  /** `body` honouring Range / If-Range, the slow mode and the cut faults. */
  const serve = (request: FakeRequest, path: string, body: Buffer, etag: string): FakeReply => {
    let start = 0;
    let status = 200;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const ifRange = request.headers['if-range'];
    if (range !== null && !hub.ignoreRange && (ifRange === undefined || ifRange === etag)) {
      start = Number(range[1]);
      if (start >= body.length)
        return { status: 416, headers: { 'content-range': `bytes */${body.length}` }, body: '' };
      start = Math.min(body.length - 1, start + hub.rangeSkew);
      status = 206;
    }
    const part = body.subarray(start);
    const cut = hub.truncated.has(path) ? Math.floor(part.length / 2) : hub.cutAfter.get(path);
    return {
      status,
      headers: {
        'content-length': String(part.length),
        'content-type': 'application/octet-stream',
        etag,
        'accept-ranges': 'bytes',
        ...(status === 206 ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
      },
      body: part,
      ...(cut === undefined ? {} : { cutAfterBytes: cut }),
      ...(hub.chunkBytes > 0 ? { chunkBytes: hub.chunkBytes } : {}),
    };
  };

  const cdn: FakeServer = await startFakeServer((request) => {
    const url = request.path;
    hub.requests.push({ server: 'cdn', url, headers: request.headers });
    const m = /^\/blobs\/([0-9a-f]{64})\?path=(.*)$/.exec(url);
    const path = m === null ? '' : decodeURIComponent(m[2] as string);
    const body =
      m === null
        ? undefined
        : [...hub.commits.values()].map((f) => f.get(path)).find((b) => b !== undefined && sha256(b) === m[1]);
    if (m === null || body === undefined) return { status: 404, body: 'NoSuchKey' };
    return serve(request, path, body, `"cdn-${(m[1] as string).slice(0, 16)}"`);
  });

  let endpoint = '';
  const answerHub = (request: FakeRequest): FakeReply => {
    const url = request.path;
    hub.requests.push({ server: 'hub', url, headers: request.headers });
    const [pathname = '', query = ''] = url.split('?');
    const api = `/api/datasets/${repoPath}/`;
    if (pathname.startsWith(`${api}revision/`)) {
      const revision = decodeURIComponent(pathname.slice(`${api}revision/`.length));
      const files = filesAt(revision);
      if (files === undefined)
        return { status: 404, headers: { 'x-error-code': 'RevisionNotFound' }, json: { error: 'Invalid rev id' } };
      const sha = revision === repo.revision ? head() : revision;
      return {
        json: {
          _id: 'fake',
          id: repoPath,
          sha,
          siblings: [...files.keys()].map((rfilename) => ({ rfilename })),
          lastModified: '2026-05-10T00:00:00.000Z',
        },
      };
    }
    if (pathname.startsWith(`${api}tree/`)) {
      if (!hub.treeApi) return { status: 404, json: { error: 'Not Found' } };
      const rest = decodeURIComponent(pathname.slice(`${api}tree/`.length));
      const slash = rest.indexOf('/');
      const revision = slash === -1 ? rest : rest.slice(0, slash);
      const prefix = slash === -1 ? '' : `${rest.slice(slash + 1)}/`;
      const files = filesAt(revision);
      if (files === undefined) return { status: 404, json: { error: 'Invalid rev id' } };
      const entries = [
        ...[...files].map(([path, body]) => ({
          type: 'file',
          path,
          size: hub.lfs.has(path) ? 134 : body.length,
          oid: gitOid(hub.lfs.has(path) ? Buffer.from(`lfs pointer ${sha256(body)}`) : body),
          ...(hub.lfs.has(path) ? { lfs: { oid: sha256(body), size: body.length, pointerSize: 134 } } : {}),
        })),
        ...hub.extraListing.map((path) => ({ type: 'file', path, size: 3, oid: gitOid(Buffer.from('bad')) })),
      ].filter((e) => e.path.startsWith(prefix));
      const params = new URLSearchParams(query);
      const cursor = Number(params.get('cursor') ?? '0');
      if (hub.pageSize <= 0) return { json: entries };
      const page = entries.slice(cursor, cursor + hub.pageSize);
      const headers: Record<string, string> = {};
      if (cursor + hub.pageSize < entries.length) {
        params.set('cursor', String(cursor + hub.pageSize));
        headers.link = `<${endpoint}${pathname}?${params}>; rel="next"`;
      }
      return { headers, json: page };
    }
    const resolvePrefix = `/datasets/${repoPath}/resolve/`;
    if (!pathname.startsWith(resolvePrefix)) return { status: 404, body: 'Repository not found' };
    const rest = pathname.slice(resolvePrefix.length);
    const slash = rest.indexOf('/');
    const revision = decodeURIComponent(rest.slice(0, slash));
    const path = rest
      .slice(slash + 1)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
    const forced = hub.status.get(path);
    if (forced !== undefined) return { status: forced, body: 'forced' };
    const body = filesAt(revision)?.get(path);
    if (body === undefined)
      return {
        status: 404,
        headers: { 'content-type': 'text/plain', 'x-error-code': 'EntryNotFound' },
        body: 'Entry not found',
      };
    if (hub.lfs.has(path)) {
      const linked = `"${hub.etags.get(path) ?? sha256(body)}"`;
      if (request.headers['if-none-match'] === linked)
        return { status: 304, headers: { 'x-linked-etag': linked }, body: '' };
      return {
        status: 302,
        headers: {
          location: `${cdn.url}/blobs/${sha256(body)}?path=${encodeURIComponent(path)}`,
          'x-linked-etag': linked,
          'x-linked-size': String(body.length),
          etag: `"${gitOid(Buffer.from(`lfs pointer ${sha256(body)}`))}"`,
        },
        body: '',
      };
    }
    const etag = `"${hub.etags.get(path) ?? gitOid(body)}"`;
    if (request.headers['if-none-match'] === etag) return { status: 304, headers: { etag }, body: '' };
    return serve(request, path, body, etag);
  };
  const server = await startFakeServer(answerHub);
  endpoint = server.url;
  return Object.assign(hub, {
    endpoint,
    cdnEndpoint: cdn.url,
    close: async () => {
      await Promise.all([server.close(), cdn.close()]);
    },
  });
}
