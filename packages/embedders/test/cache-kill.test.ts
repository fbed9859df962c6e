import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddingCache } from '../src/cache/embedding-cache.js';
import { cachedEmbed } from '../src/cache/with-cache.js';
import { corpus, createFakeEmbedder } from './helpers/fake-embedder.js';
import { normalized, vectorFor } from './helpers/fake-server.js';

const PACKAGE = resolve(__dirname, '..');
const COUNT = 3000;
const DIMS = 1024;
const BATCH = 25;
const KILL_AFTER = 300;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'execret-kill-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs the writer child and SIGKILLs it 0–10 ms after it has reported at least KILL_AFTER stored rows,
 * i.e. at an arbitrary point of its next embed-and-append cycle (possibly inside a write).
 */
function runAndKill(): Promise<{ reported: number; signal: NodeJS.Signals | null; finished: boolean }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/cache-writer.ts', dir, `${COUNT}`, `${DIMS}`, `${BATCH}`], {
      cwd: PACKAGE,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let reported = 0;
    let armed = false;
    let finished = false;
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
        const match = /^stored (\d+)$/.exec(line);
        if (match) reported = Math.max(reported, Number(match[1]));
      }
      if (reported >= KILL_AFTER && !armed) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 11));
      }
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      if (signal === null && code !== 0) fail(new Error(`writer exited with ${code}: ${stderr}`));
      else done({ reported, signal, finished });
    });
  });
}

describe('createEmbeddingCache (kill -9 and resume)', () => {
  it('keeps every complete vector, trusts nothing torn, and re-embeds only what is missing after SIGKILL', async () => {
    const { reported, signal, finished } = await runAndKill();
    expect(signal).toBe('SIGKILL');
    expect(finished).toBe(false);
    expect(reported).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(reported).toBeLessThan(COUNT);

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
      expect(Array.from(lookup.data.subarray(r * DIMS, (r + 1) * DIMS))).toEqual(Array.from(normalized(vectorFor(texts[r] as string, DIMS))));
    }
    // found rows form the prefix the child wrote in order (one writer, append-only)
    expect(Array.from(lookup.found.subarray(0, lookup.hits)).every((f) => f === 1)).toBe(true);

    const resumed = await cachedEmbed(embedder, cache, texts, { kind: 'document' });
    expect(resumed.cacheHits).toBe(before.records);
    expect(calls.flat()).toHaveLength(COUNT - before.records);
    expect(new Set(calls.flat())).toEqual(new Set(texts.filter((_, r) => lookup.found[r] !== 1)));
    for (const r of [0, before.records - 1, before.records, COUNT - 1]) {
      expect(Array.from(resumed.data.subarray(r * DIMS, (r + 1) * DIMS))).toEqual(Array.from(normalized(vectorFor(texts[r] as string, DIMS))));
    }
    expect((await cache.stats(embedder.info)).records).toBe(COUNT);
    await cache.close();
    console.info(
      `kill test: child reported ${reported} stored, ${before.records} complete records found, ${before.tornBytes} torn bytes ignored, ${COUNT - before.records} re-embedded`,
    );
  }, 60_000);
});
