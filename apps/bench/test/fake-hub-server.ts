/**
 * A small stand-in for the Hugging Face Hub serving one dataset repository whose only commit is a local folder:
 * `api/datasets/<repo>/revision/<rev>` → `{ sha }`, `api/datasets/<repo>/tree/<sha>` → the listing (size, git
 * blob id), `datasets/<repo>/resolve/<sha>/<path>` → the file with its git blob id as ETag. On 127.0.0.1 only.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';

export interface FakeHubServer {
  endpoint: string;
  /** The commit sha the branch resolves to. */
  commit: string;
  /** Every request path. */
  requests: string[];
  close(): Promise<void>;
}

const gitOid = (b: Buffer) => createHash('sha1').update(`blob ${b.length}\0`).update(b).digest('hex');

export async function startFakeHubServer(
  repo: string,
  dir: string,
  extra: Record<string, Buffer> = {},
): Promise<FakeHubServer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    files.set(path, readFileSync(join(entry.parentPath, entry.name)));
  }
  for (const [path, body] of Object.entries(extra)) files.set(path, body);
  const commit = createHash('sha1')
    .update(
      [...files]
        .map(([p, b]) => `${p}:${gitOid(b)}`)
        .sort()
        .join('\n'),
    )
    .digest('hex');
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    requests.push(url);
    const path = url.split('?')[0] ?? '';
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path.startsWith(`/api/datasets/${repo}/revision/`)) return json(200, { _id: 'x', id: repo, sha: commit });
    if (path === `/api/datasets/${repo}/tree/${commit}`) {
      return json(
        200,
        [...files].map(([p, b]) => ({ type: 'file', path: p, size: b.length, oid: gitOid(b) })),
      );
    }
    const prefix = `/datasets/${repo}/resolve/${commit}/`;
    const body = path.startsWith(prefix) ? files.get(decodeURIComponent(path.slice(prefix.length))) : undefined;
    if (body === undefined) return json(404, { error: 'Entry not found' });
    res.writeHead(200, { 'content-length': String(body.length), etag: `"${gitOid(body)}"` }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    commit,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
