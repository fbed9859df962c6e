import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeHub, startFakeHub } from '@execret/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubCacheDirectory, hubIncompleteDirectory, hubRepoCacheDirectory } from '../src/hub/cache.js';
import { hubFileUrl } from '../src/hub/urls.js';
import {
  DatasetError,
  type DownloadProgressEvent,
  downloadHubDataset,
  loadExecRetrieval,
  parseHubReference,
} from '../src/index.js';
import { readReleaseDirectory } from '../src/read-release.js';
import { FIXTURE_DIR, tempDir } from './helpers.js';

const REF = { owner: 'anon', name: 'tiny', revision: 'refs/pr/1' };
const SOURCE = 'hf:anon/tiny@refs/pr/1';
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
  cacheDir = tempDir('execret-hub-');
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

/** Files in the release directory of the commit the fake serves now (to find leftovers). */
function cachedFiles(): string[] {
  const dir = hubCacheDirectory(REF, hub.commit(), cacheDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

/** Interrupted downloads kept for resuming. */
function partialFiles(): string[] {
  const dir = hubIncompleteDirectory(hubRepoCacheDirectory(REF, cacheDir), hub.commit());
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.part'))
    .sort();
}

const dataRequests = () => hub.requests.filter((r) => r.url.includes('/data/')).length;

describe('parseHubReference and hubFileUrl', () => {
  it('parse the reference and build Hub resolve URLs with an encoded revision', () => {
    expect(parseHubReference('hf:anonpapersubmission01/execretrieval')).toEqual({
      owner: 'anonpapersubmission01',
      name: 'execretrieval',
      revision: 'main',
    });
    expect(parseHubReference(SOURCE)).toEqual(REF);
    expect(hubFileUrl(REF, 'data/corpus.jsonl')).toBe(
      'https://huggingface.co/datasets/anon/tiny/resolve/refs%2Fpr%2F1/data/corpus.jsonl',
    );
    expect(hubFileUrl(REF, 'SHA256SUMS', 'http://h:1/')).toBe(
      'http://h:1/datasets/anon/tiny/resolve/refs%2Fpr%2F1/SHA256SUMS',
    );
  });
});

describe('downloadHubDataset', () => {
  it('downloads the four data files and SHA256SUMS, verifies them and reports progress', async () => {
    hub.chunkBytes = 4096;
    const events: DownloadProgressEvent[] = [];
    const result = await downloadHubDataset(SOURCE, {
      endpoint: hub.endpoint,
      cacheDir,
      token: 'hf_secret',
      onProgress: (e) => events.push(e),
      progressIntervalBytes: 8192,
    });
    expect(result.files.map((f) => [f.file, f.status, f.verified])).toEqual(DATA.map((f) => [f, 'downloaded', true]));
    expect(result.offline).toBe(false);
    for (const f of DATA)
      expect(readFileSync(join(result.dir, f)).equals(readFileSync(join(FIXTURE_DIR, f)))).toBe(true);
    const commit = hub.commit();
    expect(result.commit).toBe(commit);
    const urls = hub.requests.map((r) => r.url);
    expect(urls[0]).toMatch(/^\/api\/datasets\/anon\/tiny\/revision\/refs%2Fpr%2F1\?(.*&)?expand=sha(&|$)/);
    expect(urls[1]).toBe(`/api/datasets/anon/tiny/tree/${commit}?recursive=true&expand=false`);
    expect(urls.slice(2)).toEqual(['SHA256SUMS', ...DATA].map((p) => `/datasets/anon/tiny/resolve/${commit}/${p}`));
    expect(hub.requests.every((r) => r.headers.authorization === 'Bearer hf_secret')).toBe(true);
    const cache = events.filter((e) => e.file === 'data/execution_cache.jsonl');
    const size = readFileSync(join(FIXTURE_DIR, 'data/execution_cache.jsonl')).length;
    expect(cache[0]).toEqual({
      file: 'data/execution_cache.jsonl',
      phase: 'start',
      receivedBytes: 0,
      totalBytes: size,
    });
    expect(cache.filter((e) => e.phase === 'progress').length).toBeGreaterThanOrEqual(4);
    expect(cache.at(-1)).toEqual({
      file: 'data/execution_cache.jsonl',
      phase: 'done',
      receivedBytes: size,
      totalBytes: size,
    });
    const received = cache.map((e) => e.receivedBytes);
    expect([...received].sort((a, b) => a - b)).toEqual(received);
    expect(cachedFiles().some((f) => f.endsWith('.part'))).toBe(false);
    expect(partialFiles()).toEqual([]);
  });

  it('reuses verified cached files of the same commit and only asks the Hub for the commit on the next run', async () => {
    await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    const before = dataRequests();
    const requests = hub.requests.length;
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(result.files.every((f) => f.status === 'cached' && f.verified)).toBe(true);
    expect(dataRequests()).toBe(before);
    expect(hub.requests.slice(requests).map((r) => r.url.split('?')[0])).toEqual([
      '/api/datasets/anon/tiny/revision/refs%2Fpr%2F1',
    ]);
  });

  it('downloads a cached file again when it no longer matches SHA256SUMS', async () => {
    const first = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    writeFileSync(join(first.dir, 'data/queries.jsonl'), 'tampered');
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(result.files.map((f) => f.status)).toEqual(['cached', 'downloaded', 'cached', 'cached']);
    expect(
      readFileSync(join(first.dir, 'data/queries.jsonl')).equals(readFileSync(join(FIXTURE_DIR, 'data/queries.jsonl'))),
    ).toBe(true);
  });

  it('uses the cache without the network when offline, and when the Hub is unreachable', async () => {
    await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    const offline = await downloadHubDataset(SOURCE, {
      endpoint: hub.endpoint,
      cacheDir,
      offline: true,
      fetch: () => Promise.reject(new Error('must not fetch')),
    });
    expect(offline).toMatchObject({ offline: true, offlineReason: 'offline mode', checksums: true });
    await hub.close();
    const unreachable = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(unreachable.offline).toBe(true);
    expect(unreachable.offlineReason).toMatch(/could not be reached/);
    expect(unreachable.files.every((f) => f.status === 'cached' && f.verified)).toBe(true);
  });

  it('fails with not-found offline and download unreachable when nothing is cached', async () => {
    expect((await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir, offline: true }))).code).toBe(
      'not-found',
    );
    await hub.close();
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }));
    expect(error.code).toBe('download');
    expect(error.message).toContain('/api/datasets/anon/tiny/revision/refs%2Fpr%2F1');
  });

  it('fails with not-found naming the URL when a data file is 404, leaving no file behind', async () => {
    hub.missing.add('data/distractor_metadata.jsonl');
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }));
    expect(error.code).toBe('not-found');
    expect(error.message).toContain(
      `${hub.endpoint}/datasets/anon/tiny/resolve/${hub.commit()}/data/distractor_metadata.jsonl`,
    );
    expect(cachedFiles()).not.toContain(join('data', 'distractor_metadata.jsonl'));
    expect(cachedFiles().some((f) => f.endsWith('.part'))).toBe(false);
  });

  it('fails with download on a truncated body and never leaves a half-written file that a later run trusts', async () => {
    hub.truncated.add('data/corpus.jsonl');
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }));
    expect(error.code).toBe('download');
    expect(error.message).toMatch(/broke off after \d+ of \d+ bytes|truncated/);
    expect(cachedFiles().filter((f) => f.startsWith('data'))).toEqual(['data']);
    expect(partialFiles()).toEqual([join('data', 'corpus.jsonl.part')]);
    hub.truncated.clear();
    const retry = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(retry.files[0]).toMatchObject({ file: 'data/corpus.jsonl', status: 'downloaded', verified: true });
    expect(
      readFileSync(join(retry.dir, 'data/corpus.jsonl')).equals(readFileSync(join(FIXTURE_DIR, 'data/corpus.jsonl'))),
    ).toBe(true);
    expect(partialFiles()).toEqual([]);
  });

  it('fails with checksum when the downloaded bytes differ from SHA256SUMS, keeping nothing', async () => {
    hub.files.set('data/queries.jsonl', Buffer.from('{"query_id": "q"}\n'));
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }));
    expect(error.code).toBe('checksum');
    expect(error.message).toContain('data/queries.jsonl');
    expect(cachedFiles()).not.toContain(join('data', 'queries.jsonl'));
    expect(cachedFiles().some((f) => f.endsWith('.part'))).toBe(false);
    expect(partialFiles()).toEqual([]);
  });

  it('downloads without verification when the repository has no SHA256SUMS', async () => {
    hub.missing.add('SHA256SUMS');
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(result.checksums).toBe(false);
    expect(result.files.every((f) => f.status === 'downloaded' && !f.verified)).toBe(true);
    // … against SHA256SUMS, that is: each file still matched the git blob id of the listing.
    expect(result.files.map((f) => f.integrity)).toEqual(DATA.map(() => 'git-blob-sha1'));
  });

  it('fails with download on other HTTP statuses and hints at the token for 401', async () => {
    hub.status.set('SHA256SUMS', 500);
    expect((await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }))).message).toContain(
      'HTTP 500',
    );
    hub.status.set('SHA256SUMS', 401);
    expect((await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }))).message).toContain(
      'pass `token`',
    );
  });

  it('fails with aborted when aborted during a download', async () => {
    hub.chunkBytes = 1024;
    const controller = new AbortController();
    const error = await failure(
      downloadHubDataset(SOURCE, {
        endpoint: hub.endpoint,
        cacheDir,
        signal: controller.signal,
        progressIntervalBytes: 1,
        onProgress: (e) => e.phase === 'progress' && controller.abort(),
      }),
    );
    expect(error.code).toBe('aborted');
    expect(cachedFiles().some((f) => f.endsWith('.part'))).toBe(false);
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const result = await downloadHubDataset(SOURCE, {
      endpoint: hub.endpoint,
      cacheDir,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    // revision, listing, SHA256SUMS and the four data files
    expect(seen).toHaveLength(7);
    expect(result.files).toHaveLength(4);
  });
});

describe('loadExecRetrieval from the Hub', () => {
  it('loads the downloaded release and records the revision', async () => {
    const b = await loadExecRetrieval(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(b.source).toEqual({ kind: 'hub', location: 'hf:anon/tiny', revision: 'refs/pr/1', commit: hub.commit() });
    const local = await readReleaseDirectory(FIXTURE_DIR);
    expect(b.corpus).toEqual(local.corpus);
    expect(b.queries).toEqual(local.queries);
    expect(b.executionCache?.entries.length).toBe(96);
    expect(b.loadReport.files.map((f) => f.checksum)).toEqual(['verified', 'verified', 'verified', 'verified']);
  });
});
