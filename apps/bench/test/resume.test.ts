import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-process.js';

async function cacheLines(file: string): Promise<number> {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim() !== '').length;
  } catch {
    return 0;
  }
}

describe('a run killed with SIGKILL in the middle of execution', () => {
  it('resumes from the execution cache and ends with the same results as an uninterrupted run', async () => {
    const root = await mkdtemp(join(tmpdir(), 'execret-resume-'));
    try {
      const cacheDir = join(root, 'cache');
      const cacheFile = join(cacheDir, 'executions', 'execution_cache.jsonl');
      const env = { ...process.env, EXECRET_CACHE_DIR: cacheDir, EXECRET_OFFLINE: '1' };
      const args = ['run', '--models', 'bm25', '--resamples', '200', '--json'];
      const first = await runCli(
        [...args, '--out', join(root, 'a')],
        env,
        async () => (await cacheLines(cacheFile)) >= 40,
      );
      expect(first.signal).toBe('SIGKILL');
      const before = await cacheLines(cacheFile);
      expect(before).toBeGreaterThanOrEqual(40);
      const resumed = await runCli([...args, '--out', join(root, 'a')], env);
      expect(resumed.code, resumed.stderr).toBe(0);
      const manifest = JSON.parse(await readFile(join(root, 'a/manifest.json'), 'utf8'));
      // What finished before the kill is served from the cache (a torn last line at most is redone).
      expect(manifest.verify.cached).toBeGreaterThanOrEqual(before - 1);
      expect(manifest.verify.executed + manifest.verify.cached).toBe(manifest.verify.pairs);
      // A clean run in a fresh cache gives byte-identical results.
      const clean = await runCli([...args, '--out', join(root, 'b')], {
        ...env,
        EXECRET_CACHE_DIR: join(root, 'cache-clean'),
      });
      expect(clean.code, clean.stderr).toBe(0);
      expect(await readFile(join(root, 'a/results/bm25.json'), 'utf8')).toBe(
        await readFile(join(root, 'b/results/bm25.json'), 'utf8'),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 600_000);
});
