import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeHub, startFakeHub } from '@execret/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubIncompleteDirectory, hubRepoCacheDirectory } from '../src/hub/cache.js';
import { DatasetError, type DownloadProgressEvent, downloadHubDataset } from '../src/index.js';
import { FIXTURE_DIR, tempDir } from './helpers.js';

const REF = { owner: 'anon', name: 'tiny', revision: 'main' };
const SOURCE = 'hf:anon/tiny';
const CACHE = 'data/execution_cache.jsonl';
const DATA = ['data/corpus.jsonl', 'data/queries.jsonl', 'data/distractor_metadata.jsonl', CACHE];
const fixture = (path: string) => readFileSync(join(FIXTURE_DIR, path));
const SIZE = fixture(CACHE).length;

let hub: FakeHub;
let cacheDir: string;
beforeEach(async () => {
  hub = await startFakeHub(REF);
  for (const path of [...DATA, 'SHA256SUMS']) hub.files.set(path, fixture(path));
  cacheDir = tempDir('execret-hub-resume-');
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

function partialOf(file: string): string {
  return join(hubIncompleteDirectory(hubRepoCacheDirectory(REF, cacheDir), hub.commit()), `${file}.part`);
}

/**
 * Cuts the connection after `bytes` of the cache file; returns the failure and the bytes the client kept (all it
 * had read when the connection died: at most `bytes`).
 */
async function cutOnce(bytes: number, token?: string): Promise<{ error: DatasetError; kept: number }> {
  hub.cutAfter.set(CACHE, bytes);
  const error = await failure(
    downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir, ...(token ? { token } : {}) }),
  );
  hub.cutAfter.delete(CACHE);
  const kept = statSync(partialOf(CACHE)).size;
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThanOrEqual(bytes);
  return { error, kept };
}

const cacheRequests = () => hub.requests.filter((r) => r.url.endsWith(`/${CACHE}`) || r.url.includes('?path=data'));

describe('downloadHubDataset resuming', () => {
  it('resumes a download that the server cut halfway with Range and If-Range when run again', async () => {
    const { error, kept } = await cutOnce(20_000);
    expect(error.code).toBe('download');
    expect(error.message).toContain(`broke off after ${kept} of ${SIZE} bytes`);
    expect(error.message).toContain('resumes');

    const events: DownloadProgressEvent[] = [];
    const result = await downloadHubDataset(SOURCE, {
      endpoint: hub.endpoint,
      cacheDir,
      progressIntervalBytes: 4096,
      onProgress: (e) => e.file === CACHE && events.push(e),
    });
    const last = cacheRequests().at(-1);
    expect(last?.headers.range).toBe(`bytes=${kept}-`);
    expect(last?.headers['if-range']).toMatch(/^"[0-9a-f]{40}"$/);
    expect(result.files.find((f) => f.file === CACHE)).toMatchObject({
      status: 'downloaded',
      verified: true,
      resumedFromBytes: kept,
    });
    expect(readFileSync(join(result.dir, CACHE)).equals(fixture(CACHE))).toBe(true);
    expect(existsSync(partialOf(CACHE))).toBe(false);
    expect(events[0]).toEqual({
      file: CACHE,
      phase: 'start',
      receivedBytes: kept,
      totalBytes: SIZE,
      resumedFromBytes: kept,
    });
    expect(events.at(-1)).toMatchObject({ phase: 'done', receivedBytes: SIZE, totalBytes: SIZE });
    expect(events.every((e) => e.receivedBytes >= kept && e.receivedBytes <= SIZE)).toBe(true);
  });

  it('starts again from 0 when the server answers a Range request with 200', async () => {
    await cutOnce(10_000);
    hub.ignoreRange = true;
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    const file = result.files.find((f) => f.file === CACHE);
    expect(file).toMatchObject({ status: 'downloaded', verified: true });
    expect(file?.resumedFromBytes).toBeUndefined();
    expect(readFileSync(join(result.dir, CACHE)).equals(fixture(CACHE))).toBe(true);
  });

  it('starts again from 0 when the ETag in If-Range no longer matches', async () => {
    await cutOnce(10_000);
    hub.etags.set(CACHE, 'f'.repeat(40)); // the server now names the file differently
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    const sent = cacheRequests().at(-1);
    expect(sent?.headers['if-range']).toBeDefined();
    expect(sent?.headers['if-range']).not.toBe(`"${'f'.repeat(40)}"`);
    expect(result.files.find((f) => f.file === CACHE)?.resumedFromBytes).toBeUndefined();
    expect(readFileSync(join(result.dir, CACHE)).equals(fixture(CACHE))).toBe(true);
  });

  it('drops the partial file and asks again without Range when the Content-Range does not start where asked', async () => {
    const { kept } = await cutOnce(10_000);
    hub.rangeSkew = 100;
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    const requests = cacheRequests().slice(-2);
    expect(requests.map((r) => r.headers.range)).toEqual([`bytes=${kept}-`, undefined]);
    expect(result.files.find((f) => f.file === CACHE)?.resumedFromBytes).toBeUndefined();
    expect(readFileSync(join(result.dir, CACHE)).equals(fixture(CACHE))).toBe(true);
  });

  it('drops a partial file longer than the file and starts again when the server answers 416', async () => {
    await cutOnce(10_000);
    writeFileSync(partialOf(CACHE), Buffer.alloc(SIZE + 10, 120));
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(readFileSync(join(result.dir, CACHE)).equals(fixture(CACHE))).toBe(true);
    expect(existsSync(partialOf(CACHE))).toBe(false);
  });

  it('fails with checksum and drops the partial file when a resumed file does not hash to its checksum', async () => {
    await cutOnce(10_000);
    const bytes = readFileSync(partialOf(CACHE));
    bytes[5] = bytes[5] === 0x41 ? 0x42 : 0x41; // the kept bytes rotted on disk
    writeFileSync(partialOf(CACHE), bytes);
    const error = await failure(downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir }));
    expect(error.code).toBe('checksum');
    expect(error.message).toContain(CACHE);
    expect(existsSync(partialOf(CACHE))).toBe(false);
    const retry = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir });
    expect(readFileSync(join(retry.dir, CACHE)).equals(fixture(CACHE))).toBe(true);
  });

  it('resumes an LFS file on the storage host it redirects to, without sending the token there', async () => {
    hub.lfs.add(CACHE);
    const { kept } = await cutOnce(30_000, 'hf_secret');
    const result = await downloadHubDataset(SOURCE, { endpoint: hub.endpoint, cacheDir, token: 'hf_secret' });
    expect(result.files.find((f) => f.file === CACHE)).toMatchObject({
      status: 'downloaded',
      verified: true,
      resumedFromBytes: kept,
    });
    const cdn = hub.requests.filter((r) => r.server === 'cdn');
    expect(cdn).toHaveLength(2);
    expect(cdn[1]?.headers.range).toBe(`bytes=${kept}-`);
    expect(cdn[1]?.headers['if-range']).toMatch(/^"cdn-[0-9a-f]{16}"$/);
    expect(cdn.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(
      hub.requests.filter((r) => r.server === 'hub').every((r) => r.headers.authorization === 'Bearer hf_secret'),
    ).toBe(true);
    expect(readFileSync(join(result.dir, CACHE)).equals(fixture(CACHE))).toBe(true);
    expect(readdirSync(join(result.dir, 'data')).sort()).toEqual(DATA.map((f) => f.slice(5)).sort());
  });
});
