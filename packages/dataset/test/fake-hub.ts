/**
 * A local HTTP server that answers like the Hugging Face Hub's file URLs:
 * `GET /datasets/<owner>/<name>/resolve/<revision>/<path>` → the file, `404` otherwise.
 * Faults can be injected per path.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeHub {
  endpoint: string;
  /** repo path → file bytes, for the one repository and revision served. */
  files: Map<string, Buffer>;
  /** Paths answered with 404. */
  missing: Set<string>;
  /** Paths whose body stops halfway although Content-Length announces the whole file. */
  truncated: Set<string>;
  /** Paths answered with this status. */
  status: Map<string, number>;
  /** Every request: decoded path and headers. */
  requests: { url: string; headers: IncomingHttpHeaders }[];
  /** When positive, bodies are sent in chunks of this many bytes, one per millisecond (default 0: at once). */
  chunkBytes: number;
  close(): Promise<void>;
}

export async function startFakeHub(repo: { owner: string; name: string; revision: string }): Promise<FakeHub> {
  const prefix = `/datasets/${repo.owner}/${repo.name}/resolve/${encodeURIComponent(repo.revision)}/`;
  const hub = {
    files: new Map<string, Buffer>(),
    missing: new Set<string>(),
    truncated: new Set<string>(),
    status: new Map<string, number>(),
    requests: [] as { url: string; headers: IncomingHttpHeaders }[],
    chunkBytes: 0,
  };
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '';
    hub.requests.push({ url, headers: req.headers });
    if (!url.startsWith(prefix)) {
      res.writeHead(404).end('Repository not found');
      return;
    }
    const path = url.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    const forced = hub.status.get(path);
    if (forced !== undefined) {
      res.writeHead(forced).end('forced');
      return;
    }
    const body = hub.files.get(path);
    if (body === undefined || hub.missing.has(path)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
      return;
    }
    res.writeHead(200, { 'content-length': String(body.length), 'content-type': 'application/octet-stream' });
    if (hub.truncated.has(path)) {
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
      return;
    }
    if (hub.chunkBytes <= 0) {
      res.end(body);
      return;
    }
    // Slow mode: one chunk per millisecond, so the client sees the body arrive in pieces.
    let offset = 0;
    const pump = () => {
      if (res.destroyed) return;
      if (offset >= body.length) {
        res.end();
        return;
      }
      const chunk = body.subarray(offset, offset + hub.chunkBytes);
      offset += chunk.length;
      res.write(chunk, () => setTimeout(pump, 1));
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(hub, {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
