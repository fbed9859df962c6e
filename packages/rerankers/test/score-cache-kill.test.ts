import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@execret/formats';
import { afterAll, describe, expect, it } from 'vitest';
import { openScoreCache } from '../src/cache/score-cache.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** Runs the writer and SIGKILLs it once it has reported `after` stored records; resolves with the last reported. */
function writeAndKill(file: string, after: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'helpers', 'score-writer.ts'), file, '100000'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let last = -1;
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('stored ')) last = Number(line.slice(7));
      if (last >= after) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(last);
      else reject(new Error(`writer exited with ${code}: ${stderr}`));
    });
  });
}

describe('openScoreCache (kill -9 and resume)', () => {
  it('keeps every record reported as stored when SIGKILL lands at an arbitrary moment', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'execret-score-kill-'));
    dirs.push(dir);
    const file = join(dir, 'scores.jsonl');
    const last = await writeAndKill(file, 2000);
    const cache = await openScoreCache(file);
    expect(cache.issues.filter((i) => i.kind === 'invalid-line')).toEqual([]);
    expect(cache.issues.length).toBeLessThanOrEqual(1);
    expect(cache.size).toBeGreaterThanOrEqual(last + 1);
    for (let i = 0; i <= last; i++) {
      expect(cache.get(sha256Hex('config'), sha256Hex('query'), sha256Hex(`s${i}`), null)?.score).toBe(i);
    }
    cache.close();
  }, 60_000);
});
