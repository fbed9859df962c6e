import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeSha256, sha256Hex, testsSha256 } from '@execret/formats';
import { createOracle, type Oracle } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openArtifactCache } from '../src/artifact-cache.js';
import { createExecReranker } from '../src/create-exec-reranker.js';
import { mergeArtifactCache } from '../src/merge-artifact-cache.js';
import type { ExecOracle } from '../src/types.js';
import { type MiniTask, miniTaskById } from './helpers/mini.js';

let oracle: Oracle;
let task: MiniTask;
beforeAll(async () => {
  oracle = await createOracle();
  task = await miniTaskById('q_0002');
}, 60_000);
afterAll(async () => {
  await oracle.close();
});

/** The oracle, noting the key `<code_sha256>:<tests_sha256>` of every job it is asked to run. */
function recording(): ExecOracle & { keys: string[] } {
  const keys: string[] = [];
  return {
    keys,
    runMany: (jobs, options) => {
      keys.push(...jobs.map((j) => `${codeSha256(j.code)}:${testsSha256(j.tests)}`));
      return oracle.runMany(jobs, options);
    },
  };
}

/** An oracle that must not be used. */
const forbidden: ExecOracle = { runMany: () => Promise.reject(new Error('the merged rerun executed something')) };

const dir = () => mkdtempSync(join(tmpdir(), 'exec-rerank-prefill-'));
/** Shard i of 2 by the first hex digit of the key's SHA-256 (any split of the keys will do). */
const mine = (i: number) => (key: string) => Number.parseInt(sha256Hex(key)[0]!, 16) % 2 === i;

describe('prefill over shards, then a rerun over the merged caches', () => {
  it('executes each of exec/consensus’s executions in one shard only and leaves nothing for the rerun', async () => {
    const options = { probeCount: 48 };
    const whole = recording();
    const unsharded = await createExecReranker('exec/consensus', {
      ...options,
      oracle: whole,
      cache: await openArtifactCache(join(dir(), 'a.jsonl')),
    }).rerankDetailed(task.query, task.candidates);
    expect(whole.keys.length).toBeGreaterThan(0);

    const files = [join(dir(), 's0.jsonl'), join(dir(), 's1.jsonl')];
    const done: string[][] = [];
    for (const [i, file] of files.entries()) {
      const shard = recording();
      const cache = await openArtifactCache(file);
      const reranker = createExecReranker('exec/consensus', { ...options, oracle: shard, cache });
      await reranker.prefill!(task.query, task.candidates, { mine: mine(i) });
      expect(reranker.costs().executions).toBe(shard.keys.length);
      expect(reranker.usage().calls).toBe(0);
      cache.close();
      done.push(shard.keys);
    }
    expect(done[0]!.filter((k) => done[1]!.includes(k))).toEqual([]);
    expect([...done[0]!, ...done[1]!].sort()).toEqual([...whole.keys].sort());

    const merged = await openArtifactCache(join(dir(), 'merged.jsonl'));
    let added = 0;
    for (const file of files) added += await mergeArtifactCache(merged, file);
    expect(await mergeArtifactCache(merged, files[0]!)).toBe(0);
    expect(added).toBe(merged.size);
    const rerun = await createExecReranker('exec/consensus', {
      ...options,
      oracle: forbidden,
      cache: merged,
    }).rerankDetailed(task.query, task.candidates);
    expect(rerun.hits).toEqual(unsharded.hits);
    expect({ ...rerun.audit, cost: null }).toEqual({ ...unsharded.audit, cost: null });
    expect(rerun.cost.executions).toBe(0);
    merged.close();
  }, 120_000);

  it('runs nothing for exec/random-clone, and the chat rerankers cannot prefill', async () => {
    const reranker = createExecReranker('exec/random-clone');
    await reranker.prefill!(task.query, task.candidates, { mine: () => true });
    expect(reranker.costs().executions).toBe(0);
    expect(createExecReranker('exec/tests@openai/m', { oracle: forbidden }).prefill).toBeUndefined();
    expect(createExecReranker('exec/probe@openai/m', { oracle: forbidden }).prefill).toBeUndefined();
  });
});
