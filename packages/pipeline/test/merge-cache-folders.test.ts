import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openExecutionCache } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheLayout, mergeCacheFolders } from '../src/index.js';

const hash = (c: string) => c.repeat(64);

/** A shard's cache folder whose execution cache holds one passing result per code hash given. */
async function shardFolder(root: string, name: string, codes: readonly string[]): Promise<string> {
  const folder = join(root, name);
  const file = cacheLayout(folder).executions;
  await mkdir(dirname(file), { recursive: true });
  const cache = await openExecutionCache(file);
  for (const code of codes)
    cache.put({
      codeSha256: code,
      testsSha256: hash('f'),
      testResults: ['pass'],
      passesAllTests: true,
      status: 'pass',
    });
  cache.close();
  return folder;
}

describe('mergeCacheFolders', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-merge-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('adds each execution result the target lacks once, and nothing on a second merge', async () => {
    const a = await shardFolder(root, 'a', [hash('1'), hash('2')]);
    const b = await shardFolder(root, 'b', [hash('2'), hash('3')]);
    const target = join(root, 'merged');
    expect(await mergeCacheFolders(target, [a, b])).toEqual({ executions: 3, segments: 0, artifacts: 0, scores: 0 });
    expect(await mergeCacheFolders(target, [a, b])).toEqual({ executions: 0, segments: 0, artifacts: 0, scores: 0 });
    const merged = await openExecutionCache(cacheLayout(target).executions);
    try {
      expect([...merged.entries()].map((e) => e.codeSha256).sort()).toEqual([hash('1'), hash('2'), hash('3')]);
    } finally {
      merged.close();
    }
  });

  it('opens no second-stage cache in the target when no source has one', async () => {
    const a = await shardFolder(root, 'c', [hash('4')]);
    const target = join(root, 'merged-2');
    await mergeCacheFolders(target, [a, join(root, 'missing')]);
    expect(existsSync(cacheLayout(target).rerankScores)).toBe(false);
    expect(existsSync(cacheLayout(target).rerankArtifacts)).toBe(false);
  });
});
