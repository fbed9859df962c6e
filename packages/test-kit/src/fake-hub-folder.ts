import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { startFakeHub } from './fake-hub.js';

export interface FakeHubFolder {
  endpoint: string;
  /** The commit sha the branch `main` resolves to. */
  commit: string;
  /** Every request target sent to the Hub (query strings included), in arrival order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * Serves the files under `dir` (and `extra`, repo path → bytes, added or replacing) as the only commit of the Hub
 * dataset repository `repo` (`owner/name`), branch `main`, through `startFakeHub`.
 */
export async function startFakeHubFolder(
  repo: string,
  dir: string,
  extra: Record<string, Buffer> = {},
): Promise<FakeHubFolder> {
  const [owner = '', name = ''] = repo.split('/');
  const hub = await startFakeHub({ owner, name, revision: 'main' });
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    hub.files.set(relative(dir, path).split(sep).join('/'), readFileSync(path));
  }
  for (const [path, body] of Object.entries(extra)) hub.files.set(path, body);
  return {
    endpoint: hub.endpoint,
    commit: hub.commit(),
    get requests() {
      return hub.requests.filter((r) => r.server === 'hub').map((r) => r.url);
    },
    close: () => hub.close(),
  };
}
