import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeHub, startFakeHub } from '@execret/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubCacheDirectory } from '../src/hub/cache.js';
import { DatasetError, downloadHubDataset, loadExecRetrieval } from '../src/index.js';
import { copyFixture, FIXTURE_DIR, tempDir } from './helpers.js';

const REF = { owner: 'anon', name: 'tiny', revision: 'main' };
const SOURCE = 'hf:anon/tiny';
const RELEASE = [
  'SHA256SUMS',
  'data/corpus.jsonl',
  'data/queries.jsonl',
  'data/distractor_metadata.jsonl',
  'data/execution_cache.jsonl',
  'results/toy-lexical.json',
  'results/toy-random.json',
  'tests/confidence_intervals.json',
  'tests/pairwise_tests.json',
];
const EMBEDDINGS = ['embeddings/toy-lexical.npz', 'embeddings/toy-random.npz'];
const embedding = new Map(EMBEDDINGS.map((p) => [p, randomBytes(70_000)]));

let hub: FakeHub;
let cacheDir: string;
beforeEach(async () => {
  hub = await startFakeHub(REF);
  for (const path of RELEASE) hub.files.set(path, readFileSync(join(FIXTURE_DIR, path)));
  for (const [path, body] of embedding) {
    hub.files.set(path, body);
    hub.lfs.add(path); // large binaries are LFS files: not in SHA256SUMS, checked by their LFS SHA-256
  }
  hub.files.set('README.md', Buffer.from('# tiny\n'));
  cacheDir = tempDir('execret-hub-parts-');
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

const HOSTILE: [string, string][] = [
  ['../x', 'parent-segment'],
  ['/etc/passwd', 'absolute'],
  ['embeddings/a/../../../b', 'parent-segment'],
  ['embeddings/a\\b.npz', 'backslash'],
  ['embeddings/nul\u0000.npz', 'control-character'],
  ['embeddings/./c.npz', 'dot-segment'],
  ['embeddings//d.npz', 'empty-segment'],
  ['embeddings/e\n.npz', 'control-character'],
];

describe('downloadHubDataset with optional parts', () => {
  it('downloads embeddings, results and tests from the listing, each checksummed, and says where they are', async () => {
    const result = await downloadHubDataset(SOURCE, {
      endpoint: hub.endpoint,
      cacheDir,
      with: ['embeddings', 'results', 'tests'],
    });
    const dir = hubCacheDirectory(REF, hub.commit(), cacheDir);
    expect(result.parts).toEqual({
      embeddings: join(dir, 'embeddings'),
      results: join(dir, 'results'),
      tests: join(dir, 'tests'),
    });
    expect(result.files.slice(4).map((f) => [f.file, f.part, f.status, f.integrity])).toEqual([
      ['embeddings/toy-lexical.npz', 'embeddings', 'downloaded', 'lfs-sha256'],
      ['embeddings/toy-random.npz', 'embeddings', 'downloaded', 'lfs-sha256'],
      ['results/toy-lexical.json', 'results', 'downloaded', 'sha256sums'],
      ['results/toy-random.json', 'results', 'downloaded', 'sha256sums'],
      ['tests/confidence_intervals.json', 'tests', 'downloaded', 'sha256sums'],
      ['tests/pairwise_tests.json', 'tests', 'downloaded', 'sha256sums'],
    ]);
    for (const [path, body] of embedding) expect(readFileSync(join(dir, path)).equals(body)).toBe(true);
    expect(readdirSync(join(dir, 'results')).sort()).toEqual(['toy-lexical.json', 'toy-random.json']);
    expect(existsSync(join(dir, 'README.md'))).toBe(false);
    expect(result.refused).toEqual([]);
  });

  it('follows the listing across pages when the tree API pages it', async () => {
    hub.pageSize = 3;
    const result = await downloadHubDataset(SOURCE, {
      endpoint: hub.endpoint,
      cacheDir,
      with: ['tests', 'embeddings'],
    });
    expect(result.files.filter((f) => f.part !== undefined).map((f) => f.file)).toEqual([
      'tests/confidence_intervals.json',
      'tests/pairwise_tests.json',
      'embeddings/toy-lexical.npz',
      'embeddings/toy-random.npz',
    ]);
    expect(hub.requests.filter((r) => r.url.includes('/tree/')).length).toBeGreaterThan(3);
  });

  it('serves the parts from the cache offline once they were downloaded', async () => {
    const online = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir, with: ['embeddings'] });
    const offline = await downloadHubDataset(SOURCE, {
      endpoint: hub.endpoint,
      cacheDir,
      with: ['embeddings'],
      offline: true,
      fetch: () => Promise.reject(new Error('must not fetch')),
    });
    expect(offline.parts).toEqual(online.parts);
    expect(offline.files.filter((f) => f.part === 'embeddings').map((f) => f.status)).toEqual(['cached', 'cached']);
  });

  it('fails with not-found offline when a part was never downloaded', async () => {
    await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    const error = await failure(
      downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir, with: ['results'], offline: true }),
    );
    expect(error.code).toBe('not-found');
  });

  it('fails with not-found when the commit has no file in a requested folder', async () => {
    for (const path of EMBEDDINGS) hub.missing.add(path);
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir, with: ['embeddings'] }));
    expect(error.code).toBe('not-found');
    expect(error.message).toContain('embeddings/');
  });

  it('throws TypeError for an unknown part', async () => {
    await expect(
      downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir, with: ['weights' as 'results'] }),
    ).rejects.toThrow(TypeError);
  });
});

describe('downloadHubDataset remote names', () => {
  it('refuses traversal, absolute, backslash, NUL and control-character names, reports them and writes nothing', async () => {
    hub.extraListing = HOSTILE.map(([name]) => name);
    const root = tempDir('execret-hub-root-');
    const nested = join(root, 'cache');
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir: nested, with: ['embeddings'] });
    expect(result.refused.map((r) => [r.path, r.reason])).toEqual(HOSTILE);
    for (const r of result.refused) expect(r.message).toContain(JSON.stringify(r.path));
    expect(result.files.filter((f) => f.part === 'embeddings').map((f) => f.file)).toEqual(EMBEDDINGS);
    // No request ever asked for a refused name, and nothing appeared beside or above the cache.
    const asked = hub.requests.map((r) => decodeURIComponent(r.url));
    for (const [name] of HOSTILE) expect(asked.filter((u) => u.endsWith(`/${name}`))).toEqual([]);
    expect(readdirSync(root)).toEqual(['cache']);
    const written = readdirSync(nested, { recursive: true }).map(String);
    expect(written.filter((f) => /(^|\/)(x|b|c\.npz|d\.npz|passwd)$/.test(f) || f.includes('\\'))).toEqual([]);
    expect(readdirSync(join(result.dir, 'embeddings')).sort()).toEqual(['toy-lexical.npz', 'toy-random.npz']);
  });

  it('reports refused names as load warnings when loading with parts', async () => {
    hub.extraListing = ['results/../../../../evil.json'];
    const b = await loadExecRetrieval(SOURCE, { endpoint: hub.endpoint, cacheDir, with: ['results'] });
    expect(b.loadReport.hub?.refused).toEqual([
      expect.objectContaining({ path: 'results/../../../../evil.json', reason: 'parent-segment' }),
    ]);
    expect(b.loadReport.issues).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'hub-refused-name' }),
    );
  });

  it('refuses to write through a symlink planted in the cache that points outside it', async () => {
    const outside = tempDir('execret-hub-outside-');
    const dir = hubCacheDirectory(REF, hub.commit(), cacheDir);
    mkdirSync(dir, { recursive: true });
    symlinkSync(outside, join(dir, 'results'));
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir, with: ['results'] }));
    expect(error.code).toBe('not-found');
    expect(error.message).toContain('refused');
    expect(readdirSync(outside)).toEqual([]);
    const asked = hub.requests.filter((r) => r.url.includes('/resolve/') && r.url.includes('/results/'));
    expect(asked).toEqual([]);
  });

  it('refuses a data directory that is a symlink out of the cache, with io, writing nothing there', async () => {
    const outside = tempDir('execret-hub-outside-');
    const dir = hubCacheDirectory(REF, hub.commit(), cacheDir);
    mkdirSync(dir, { recursive: true });
    symlinkSync(outside, join(dir, 'data'));
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }));
    expect(error.code).toBe('io');
    expect(error.message).toContain('symbolic link');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a cached file that is a symlink out of the cache instead of reading it', async () => {
    const first = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    const outside = tempDir('execret-hub-outside-');
    writeFileSync(join(outside, 'corpus.jsonl'), readFileSync(join(first.dir, 'data/corpus.jsonl')));
    rmSync(join(first.dir, 'data/corpus.jsonl'));
    symlinkSync(join(outside, 'corpus.jsonl'), join(first.dir, 'data/corpus.jsonl'));
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }));
    expect(error.code).toBe('io');
    expect(error.message).toContain('data/corpus.jsonl');
  });
});

describe('loadExecRetrieval with parts', () => {
  it('tells where the downloaded parts are in source.parts when loading from the Hub', async () => {
    const b = await loadExecRetrieval(SOURCE, { endpoint: hub.endpoint, cacheDir, with: ['embeddings', 'tests'] });
    const dir = hubCacheDirectory(REF, hub.commit(), cacheDir);
    expect(b.source.parts).toEqual({ embeddings: join(dir, 'embeddings'), tests: join(dir, 'tests') });
    expect(b.loadReport.hub?.parts).toEqual(b.source.parts);
    expect(readdirSync(b.source.parts?.embeddings as string).sort()).toEqual(['toy-lexical.npz', 'toy-random.npz']);
  });

  it('points source.parts at the folders of a local release directory, and fails when one is missing', async () => {
    const local = copyFixture({ sums: true });
    const b = await loadExecRetrieval(local, { with: ['results'] });
    expect(b.source).toEqual({ kind: 'local', location: local, parts: { results: join(local, 'results') } });
    const error = await failure(loadExecRetrieval(local, { with: ['embeddings'] }));
    expect(error.code).toBe('not-found');
    expect(error.message).toContain('embeddings/');
  });
});
