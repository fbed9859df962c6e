import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeHub, startFakeHub } from '@execret/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubIncompleteDirectory, hubRepoCacheDirectory } from '../src/hub/cache.js';
import { DatasetError, downloadHubDataset } from '../src/index.js';
import { FIXTURE_DIR, tempDir } from './helpers.js';

const REF = { owner: 'anon', name: 'tiny', revision: 'main' };
const SOURCE = 'hf:anon/tiny';
const DATA = [
  'data/corpus.jsonl',
  'data/queries.jsonl',
  'data/distractor_metadata.jsonl',
  'data/execution_cache.jsonl',
];
const fixture = (path: string) => readFileSync(join(FIXTURE_DIR, path));

let hub: FakeHub;
let cacheDir: string;
beforeEach(async () => {
  hub = await startFakeHub(REF);
  for (const path of DATA) hub.files.set(path, fixture(path)); // no SHA256SUMS in this repository
  cacheDir = tempDir('execret-hub-revalidate-');
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

/** The branch moves to a commit whose queries file differs (only that file). */
function changeQueries(): Buffer {
  const changed = Buffer.from(fixture('data/queries.jsonl').toString('utf8').replace('q_0001', 'q_9001'));
  expect(changed.equals(fixture('data/queries.jsonl'))).toBe(false);
  hub.files.set('data/queries.jsonl', changed);
  return changed;
}

const resolveRequests = () => hub.requests.filter((r) => r.url.includes('/resolve/'));

describe('downloadHubDataset without SHA256SUMS', () => {
  it('downloads the changed file of a new commit again and reuses the others by their git blob id', async () => {
    const first = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(first.checksums).toBe(false);
    expect(first.files.map((f) => f.integrity)).toEqual(DATA.map(() => 'git-blob-sha1'));
    const changed = changeQueries();
    const before = resolveRequests().length;
    const second = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(second.commit).not.toBe(first.commit);
    expect(second.files.map((f) => [f.file, f.status, f.reusedFrom ?? null])).toEqual([
      ['data/corpus.jsonl', 'cached', first.commit],
      ['data/queries.jsonl', 'downloaded', null],
      ['data/distractor_metadata.jsonl', 'cached', first.commit],
      ['data/execution_cache.jsonl', 'cached', first.commit],
    ]);
    // Only the changed file travelled; the old copy of it was not trusted for the new commit.
    expect(
      resolveRequests()
        .slice(before)
        .map((r) => r.url),
    ).toEqual([`/datasets/anon/tiny/resolve/${second.commit}/data/queries.jsonl`]);
    expect(readFileSync(join(second.dir, 'data/queries.jsonl')).equals(changed)).toBe(true);
    expect(readFileSync(join(first.dir, 'data/queries.jsonl')).equals(fixture('data/queries.jsonl'))).toBe(true);
  });

  it('asks with If-None-Match and downloads only the changed file when the server has no tree API', async () => {
    hub.treeApi = false;
    const first = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(first.files.map((f) => f.integrity)).toEqual(DATA.map(() => 'none'));
    const changed = changeQueries();
    const before = resolveRequests().length;
    const second = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(second.files.map((f) => [f.file, f.status, f.integrity])).toEqual([
      ['data/corpus.jsonl', 'cached', 'etag-match'],
      ['data/queries.jsonl', 'downloaded', 'none'],
      ['data/distractor_metadata.jsonl', 'cached', 'etag-match'],
      ['data/execution_cache.jsonl', 'cached', 'etag-match'],
    ]);
    const asked = resolveRequests().slice(before);
    expect(
      asked.filter((r) => !r.url.endsWith('/SHA256SUMS')).every((r) => r.headers['if-none-match'] !== undefined),
    ).toBe(true);
    expect(readFileSync(join(second.dir, 'data/queries.jsonl')).equals(changed)).toBe(true);
  });

  it('does not reuse an earlier copy whose bytes changed on disk, even when the ETag still matches', async () => {
    hub.treeApi = false;
    const first = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    writeFileSync(join(first.dir, 'data/corpus.jsonl'), 'rotted');
    changeQueries();
    const second = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(second.files.find((f) => f.file === 'data/corpus.jsonl')?.status).toBe('downloaded');
    expect(readFileSync(join(second.dir, 'data/corpus.jsonl')).equals(fixture('data/corpus.jsonl'))).toBe(true);
  });

  it('compares the X-Linked-Etag of an LFS file before following its redirect when nothing else is known', async () => {
    hub.treeApi = false;
    hub.lfs.add('data/execution_cache.jsonl');
    const first = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    // An LFS file's X-Linked-Etag is its SHA-256: the download was checked against it.
    expect(first.files.find((f) => f.file === 'data/execution_cache.jsonl')?.integrity).toBe('etag-sha256');
    changeQueries();
    const cdnBefore = hub.requests.filter((r) => r.server === 'cdn').length;
    const second = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(second.files.find((f) => f.file === 'data/execution_cache.jsonl')).toMatchObject({
      status: 'cached',
      integrity: 'etag-match',
      reusedFrom: first.commit,
    });
    expect(hub.requests.filter((r) => r.server === 'cdn').length).toBe(cdnBefore);
  });
});

describe('downloadHubDataset ETags', () => {
  it('fails with checksum when an LFS file does not match the SHA-256 in its X-Linked-Etag', async () => {
    hub.lfs.add('data/corpus.jsonl');
    hub.etags.set('data/corpus.jsonl', '0'.repeat(64));
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }));
    expect(error.code).toBe('checksum');
    expect(error.message).toContain('data/corpus.jsonl');
    expect(error.message).toContain('ETag');
    expect(error.message).toContain('0'.repeat(64));
    const snapshot = join(hubRepoCacheDirectory(REF, cacheDir), 'snapshots', hub.commit());
    expect(existsSync(join(snapshot, 'data/corpus.jsonl'))).toBe(false);
    const incomplete = hubIncompleteDirectory(hubRepoCacheDirectory(REF, cacheDir), hub.commit());
    expect(existsSync(incomplete) ? readdirSync(incomplete, { recursive: true }).map(String) : []).not.toContain(
      join('data', 'corpus.jsonl.part'),
    );
  });

  it('fails with checksum when a file does not match the git blob id of the listing', async () => {
    // The listing is computed from the served bytes, so change the bytes only on the way out.
    const original = hub.files.get('data/queries.jsonl') as Buffer;
    const served = Buffer.from(original);
    served[0] = 0x20;
    const realFetch = globalThis.fetch;
    const error = await failure(
      downloadHubDataset(SOURCE, {
        endpoint: hub.endpoint,
        cacheDir,
        fetch: async (input, init) => {
          const response = await realFetch(input, init);
          if (!String(input).endsWith('/data/queries.jsonl')) return response;
          await response.body?.cancel();
          return new Response(served, { status: 200, headers: { 'content-length': String(served.length) } });
        },
      }),
    );
    expect(error.code).toBe('checksum');
    expect(error.message).toContain('git blob id');
  });
});
