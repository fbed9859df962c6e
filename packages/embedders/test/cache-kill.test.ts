import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { normalized, vectorFor } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddingCache } from '../src/cache/embedding-cache.js';
import { cachedEmbed } from '../src/cache/with-cache.js';
import { corpus, createFakeEmbedder } from './helpers/fake-embedder.js';

const PACKAGE = resolve(__dirname, '..');
const COUNT = 3000;
const DIMS = 1024;
const BATCH = 25;
const KILL_AFTER = 300;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'execret-kill-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/**
 * Runs the writer child and SIGKILLs it 0–10 ms after it has reported at least KILL_AFTER stored rows,
 * i.e. at an arbitrary point of its next embed-and-append cycle (possibly inside a write).
 */
function runAndKill(
  dir: string,
  tearAtAppend?: number,
): Promise<{ reported: number; signal: NodeJS.Signals | null; finished: boolean; torn: boolean }> {
  return new Promise((done, fail) => {
    const args = ['--import', 'tsx', 'test/helpers/cache-writer.ts', dir, `${COUNT}`, `${DIMS}`, `${BATCH}`];
    if (tearAtAppend !== undefined) args.push(`${tearAtAppend}`);
    const child = spawn(process.execPath, args, {
      cwd: PACKAGE,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let reported = 0;
    let armed = false;
    let finished = false;
    let torn = false;
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'finished') finished = true;
        if (line === 'torn') {
          torn = true;
          child.kill('SIGKILL');
        }
        const match = /^stored (\d+)$/.exec(line);
        if (match) reported = Math.max(reported, Number(match[1]));
      }
      if (tearAtAppend === undefined && reported >= KILL_AFTER && !armed) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 11));
      }
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      if (signal === null && code !== 0) fail(new Error(`writer exited with ${code}: ${stderr}`));
      else done({ reported, signal, finished, torn });
    });
  });
}

/** Reopens the cache after the kill and checks what survived, then resumes and checks the provider calls. */
async function checkAndResume(dir: string, reported: number) {
  const texts = corpus(COUNT);
  const { embedder, calls } = createFakeEmbedder(DIMS, { maxBatch: 50 });
  const cache = await createEmbeddingCache(dir);
  const before = await cache.stats(embedder.info);
  // everything the child reported as stored survived; anything it had not finished is not trusted
  expect(before.records).toBeGreaterThanOrEqual(reported);
  expect(before.corruptRecords).toBe(0);
  const lookup = await cache.lookup(embedder.info, 'document', texts);
  expect(lookup.hits).toBe(before.records);
  for (let r = 0; r < COUNT; r++) {
    if (lookup.found[r] !== 1) continue;
    expect(Array.from(lookup.data.subarray(r * DIMS, (r + 1) * DIMS))).toEqual(
      Array.from(normalized(vectorFor(texts[r] as string, DIMS))),
    );
  }
  // found rows form the prefix the child wrote in order (one writer, append-only)
  expect(Array.from(lookup.found.subarray(0, lookup.hits)).every((f) => f === 1)).toBe(true);

  const resumed = await cachedEmbed(embedder, cache, texts, { kind: 'document' });
  expect(resumed.cacheHits).toBe(before.records);
  expect(calls.flat()).toHaveLength(COUNT - before.records);
  expect(new Set(calls.flat())).toEqual(new Set(texts.filter((_, r) => lookup.found[r] !== 1)));
  for (const r of [0, before.records - 1, before.records, COUNT - 1]) {
    expect(Array.from(resumed.data.subarray(r * DIMS, (r + 1) * DIMS))).toEqual(
      Array.from(normalized(vectorFor(texts[r] as string, DIMS))),
    );
  }
  expect((await cache.stats(embedder.info)).records).toBe(COUNT);
  await cache.close();
  return before;
}

describe('createEmbeddingCache (kill -9 and resume)', () => {
  it('keeps every complete vector and re-embeds only what is missing when SIGKILL lands at an arbitrary moment', async () => {
    const dir = join(root, 'random');
    await mkdir(dir);
    const { reported, signal, finished } = await runAndKill(dir);
    expect(signal).toBe('SIGKILL');
    expect(finished).toBe(false);
    expect(reported).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(reported).toBeLessThan(COUNT);
    const before = await checkAndResume(dir, reported);
    console.info(
      `kill test (random moment): child reported ${reported} stored, ${before.records} complete records found, ${before.tornBytes} torn bytes ignored, ${COUNT - before.records} re-embedded`,
    );
  }, 60_000);

  it('trusts the whole records before a cut and nothing after it when SIGKILL lands inside a write', async () => {
    const dir = join(root, 'torn');
    await mkdir(dir);
    const tearAt = 12; // the 13th append: 12 batches of 25 are complete before it
    const { reported, signal, torn } = await runAndKill(dir, tearAt);
    expect(signal).toBe('SIGKILL');
    expect(torn).toBe(true);
    expect(reported).toBe(tearAt * BATCH);
    const before = await checkAndResume(dir, reported);
    // half the 13th batch plus 3 bytes reached the disk: floor of that in whole records, the rest torn
    const recordSize = 40 + 4 * DIMS;
    const half = Math.floor((BATCH * recordSize) / 2) + 3;
    expect(before.records).toBe(tearAt * BATCH + Math.floor(half / recordSize));
    expect(before.tornBytes).toBe(half % recordSize);
    console.info(
      `kill test (inside a write): ${reported} reported, ${before.records} complete records found, ${before.tornBytes} torn bytes ignored`,
    );
  }, 60_000);
});
