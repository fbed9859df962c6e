import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeHub, startFakeHub } from '@execret/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubCacheDirectory, hubRepoCacheDirectory } from '../src/hub/cache.js';
import { resolveHubCommit } from '../src/hub/commit.js';
import { createHubHttp } from '../src/hub/http.js';
import { DatasetError, downloadHubDataset, loadExecRetrieval } from '../src/index.js';
import { FIXTURE_DIR, tempDir } from './helpers.js';

const REF = { owner: 'anon', name: 'tiny', revision: 'main' };
const SOURCE = 'hf:anon/tiny';
const DATA = [
  'data/corpus.jsonl',
  'data/queries.jsonl',
  'data/distractor_metadata.jsonl',
  'data/execution_cache.jsonl',
];

let hub: FakeHub;
let cacheDir: string;
beforeEach(async () => {
  hub = await startFakeHub(REF);
  for (const path of [...DATA, 'SHA256SUMS']) hub.files.set(path, readFileSync(join(FIXTURE_DIR, path)));
  cacheDir = tempDir('execret-hub-commit-');
});
afterEach(async () => {
  await hub.close();
});

async function failure(promise: Promise<unknown>): Promise<DatasetError> {
  try {
    await promise;
  } catch (error) {
    if (DatasetError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a DatasetError');
}

/** Moves the branch: a new queries file (and a SHA256SUMS that lists it). */
function moveBranch(): Buffer {
  const queries = Buffer.from(`${readFileSync(join(FIXTURE_DIR, 'data/queries.jsonl'), 'utf8').trimEnd()}\r\n`);
  hub.files.set('data/queries.jsonl', queries);
  hub.missing.add('SHA256SUMS');
  return queries;
}

const resolveUrls = () => hub.requests.filter((r) => r.url.includes('/resolve/')).map((r) => r.url);

describe('resolveHubCommit', () => {
  it('resolves a branch to its commit and records it in refs/<branch> when online', async () => {
    const repoDir = hubRepoCacheDirectory(REF, cacheDir);
    const http = createHubHttp({ endpoint: hub.endpoint, label: 'hf:anon/tiny@main' });
    const resolved = await resolveHubCommit(REF, { endpoint: hub.endpoint, cacheRoot: cacheDir, repoDir, http });
    expect(resolved).toEqual({ commit: hub.commit(), resolution: 'hub' });
    expect(readFileSync(join(repoDir, 'refs', 'main'), 'utf8')).toBe(hub.commit());
  });

  it('reports the previous commit when the branch moved since the last resolution', async () => {
    const repoDir = hubRepoCacheDirectory(REF, cacheDir);
    const http = createHubHttp({ endpoint: hub.endpoint, label: 'hf:anon/tiny@main' });
    const options = { endpoint: hub.endpoint, cacheRoot: cacheDir, repoDir, http };
    const first = await resolveHubCommit(REF, options);
    moveBranch();
    const second = await resolveHubCommit(REF, options);
    expect(second).toEqual({ commit: hub.commit(), resolution: 'hub', previousCommit: first.commit });
    expect(second.commit).not.toBe(first.commit);
  });

  it('uses a 40-hex commit as it is, without asking the Hub, when the revision is a commit', async () => {
    const sha = 'a'.repeat(40);
    const repoDir = hubRepoCacheDirectory(REF, cacheDir);
    const http = createHubHttp({ endpoint: hub.endpoint, label: 'x' });
    const resolved = await resolveHubCommit(
      { ...REF, revision: sha },
      { endpoint: hub.endpoint, cacheRoot: cacheDir, repoDir, http },
    );
    expect(resolved).toEqual({ commit: sha, resolution: 'pinned' });
    expect(hub.requests).toEqual([]);
  });

  it('fails with not-found naming the API URL when the revision does not exist', async () => {
    const repoDir = hubRepoCacheDirectory(REF, cacheDir);
    const http = createHubHttp({ endpoint: hub.endpoint, label: 'hf:anon/tiny@nope' });
    const error = await failure(
      resolveHubCommit({ ...REF, revision: 'nope' }, { endpoint: hub.endpoint, cacheRoot: cacheDir, repoDir, http }),
    );
    expect(error.code).toBe('not-found');
    expect(error.message).toContain(`${hub.endpoint}/api/datasets/anon/tiny/revision/nope`);
  });
});

describe('downloadHubDataset commits', () => {
  it('downloads only from resolve/<commit> and records the commit when the reference names a branch', async () => {
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(result).toMatchObject({ commit: hub.commit(), resolution: 'hub' });
    expect(result.dir).toBe(hubCacheDirectory(REF, hub.commit(), cacheDir));
    const urls = resolveUrls();
    expect(urls).toHaveLength(5);
    expect(urls.every((u) => u.startsWith(`/datasets/anon/tiny/resolve/${hub.commit()}/`))).toBe(true);
  });

  it('gets fresh files in a new snapshot when the branch moves, and keeps the old commit reproducible', async () => {
    const first = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    const oldQueries = readFileSync(join(first.dir, 'data/queries.jsonl'));
    const newQueries = moveBranch();
    const second = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(second.commit).not.toBe(first.commit);
    expect(second.dir).not.toBe(first.dir);
    expect(readFileSync(join(second.dir, 'data/queries.jsonl')).equals(newQueries)).toBe(true);
    expect(second.files.find((f) => f.file === 'data/queries.jsonl')?.status).toBe('downloaded');
    // The old commit, pinned, still gives the old bytes — from the cache, without any download.
    const before = resolveUrls().length;
    const pinned = await downloadHubDataset(`hf:anon/tiny@${first.commit}`, { endpoint: hub.endpoint, cacheDir });
    expect(pinned).toMatchObject({ commit: first.commit, resolution: 'pinned', dir: first.dir });
    expect(pinned.files.every((f) => f.status === 'cached' && f.verified)).toBe(true);
    expect(readFileSync(join(pinned.dir, 'data/queries.jsonl')).equals(oldQueries)).toBe(true);
    expect(resolveUrls().length).toBe(before);
  });

  it('reproduces a commit exactly from the Hub when the reference pins it and nothing is cached', async () => {
    const commit = hub.commit();
    moveBranch(); // the branch has moved on; the pinned commit must still give the first content
    hub.commit();
    const result = await downloadHubDataset(`hf:anon/tiny@${commit}`, { endpoint: hub.endpoint, cacheDir });
    expect(result).toMatchObject({ commit, resolution: 'pinned', checksums: true });
    expect(hub.requests.some((r) => r.url.includes('/revision/'))).toBe(false);
    for (const f of DATA)
      expect(readFileSync(join(result.dir, f)).equals(readFileSync(join(FIXTURE_DIR, f)))).toBe(true);
  });

  it('uses the last resolved commit of the branch and reports it as such when offline', async () => {
    const first = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    moveBranch(); // unseen: offline cannot know
    const offline = await downloadHubDataset(SOURCE, {
      endpoint: hub.endpoint,
      cacheDir,
      offline: true,
      fetch: () => Promise.reject(new Error('must not fetch')),
    });
    expect(offline).toMatchObject({
      commit: first.commit,
      resolution: 'cached-ref',
      offline: true,
      offlineReason: 'offline mode',
    });
    expect(offline.files.every((f) => f.status === 'cached')).toBe(true);
  });

  it('fails with not-found offline when the commit is recorded but its files are not cached', async () => {
    await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    const pinnedElsewhere = `hf:anon/tiny@${'b'.repeat(40)}`;
    const error = await failure(
      downloadHubDataset(pinnedElsewhere, { endpoint: hub.endpoint, cacheDir, offline: true }),
    );
    expect(error.code).toBe('not-found');
    expect(error.message).toContain('not fully cached');
  });
});

describe('loadExecRetrieval commits', () => {
  it('records the commit in source and loadReport.hub when loading from the Hub', async () => {
    const b = await loadExecRetrieval(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(b.source).toEqual({ kind: 'hub', location: 'hf:anon/tiny', revision: 'main', commit: hub.commit() });
    expect(b.loadReport.hub).toMatchObject({
      repository: 'anon/tiny',
      revision: 'main',
      commit: hub.commit(),
      resolution: 'hub',
      offline: false,
      checksums: true,
      parts: {},
      refused: [],
    });
    expect(b.loadReport.hub?.files.map((f) => [f.file, f.status, f.integrity])).toEqual(
      DATA.map((f) => [f, 'downloaded', 'sha256sums']),
    );
  });

  it('warns that the commit came from the cache when the Hub is unreachable', async () => {
    const online = await loadExecRetrieval(SOURCE, { endpoint: hub.endpoint, cacheDir });
    await hub.close();
    const b = await loadExecRetrieval(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(b.source.commit).toBe(online.source.commit);
    expect(b.loadReport.hub?.resolution).toBe('cached-ref');
    expect(b.loadReport.issues).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'hub-cached-commit' }),
    );
    expect(existsSync(join(hubRepoCacheDirectory(REF, cacheDir), 'refs', 'main'))).toBe(true);
  });
});
