import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHILD = join(import.meta.dirname, 'cli-child.ts');
const REPO = join(import.meta.dirname, '../../..');
const SHARDS = 3;

/** Runs the CLI from source in its own process and resolves with its exit code and stderr. */
function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@execret/source', '--import', 'tsx', CHILD, ...args], {
      env,
      cwd: join(import.meta.dirname, '..'),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** sha256 of every file under `dir` except the manifest (which records times), by relative path. */
async function hashes(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out: Record<string, string> = {};
  for (const e of entries) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    const relative = path.slice(dir.length + 1);
    if (relative === 'manifest.json') continue;
    let text = await readFile(path, 'utf8');
    if (relative === 'report.html') text = text.replace(/<dt>created_at<\/dt><dd>[^<]*<\/dd>/, '');
    out[relative] = createHash('sha256').update(text).digest('hex');
  }
  return out;
}

describe('a run sharded over a Slurm job array, then merged', () => {
  let root: string;
  let common: string[];
  const env = (cacheDir: string, extra: Record<string, string> = {}) => ({
    ...process.env,
    EXECRET_CACHE_DIR: cacheDir,
    EXECRET_OFFLINE: '1',
    ...extra,
  });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-shards-'));
    common = [
      '--dataset',
      join(REPO, 'fixtures/release-tiny'),
      '--model-config',
      join(REPO, 'fixtures/tiny-model/model-config.json'),
      '--local-models',
      join(REPO, 'fixtures/tiny-model'),
    ];
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('gives byte-identical results, tests, analyses, trec files and leaderboards to an unsharded run', async () => {
    const single = await cli(
      ['run', ...common, '--resamples', '300', '--out', join(root, 'single')],
      env(join(root, 'c0')),
    );
    expect(single.code, single.stderr).toBe(0);

    // N processes at once, each told its place by Slurm's variables (--array=0-2)
    const shards = await Promise.all(
      Array.from({ length: SHARDS }, async (_, i) => {
        const shardEnv = env(join(root, `shard-${i}`), {
          SLURM_ARRAY_TASK_ID: String(i),
          SLURM_ARRAY_TASK_MIN: '0',
          SLURM_ARRAY_TASK_COUNT: String(SHARDS),
        });
        for (const command of ['verify', 'embed', 'score']) {
          const args =
            command === 'verify'
              ? [command, ...common.slice(0, 2)]
              : command === 'score'
                ? [command, ...common, '--out', join(root, `ignored-${i}`)]
                : [command, ...common];
          const done = await cli([...args, '--shard', 'auto'], shardEnv);
          if (done.code !== 0) return { command, ...done };
        }
        return { command: 'all', code: 0, stderr: '' };
      }),
    );
    for (const shard of shards) expect(shard.code, `${shard.command}: ${shard.stderr}`).toBe(0);

    const merged = join(root, 'merged');
    const merge = await cli(
      ['merge', ...Array.from({ length: SHARDS }, (_, i) => join(root, `shard-${i}`)), '--into', merged],
      env(merged),
    );
    expect(merge.code, merge.stderr).toBe(0);
    const after = await cli(
      ['run', ...common, '--resamples', '300', '--out', join(root, 'sharded'), '--json'],
      env(merged),
    );
    expect(after.code, after.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(root, 'sharded', 'manifest.json'), 'utf8'));
    // everything came from the merged caches: nothing executed or embedded again
    expect(manifest.retrieved_pairs.executed).toBe(0);
    expect(manifest.retrieved_pairs.cached).toBeGreaterThan(0);
    expect(manifest.verify.executed).toBe(0);
    expect(manifest.embedding['local/tiny-bert'].usage.document.requests).toBe(0);

    const a = await hashes(join(root, 'single'));
    const b = await hashes(join(root, 'sharded'));
    expect(Object.keys(a)).toContain('trec/qrels.passing');
    expect(Object.keys(a)).toContain('results/local__tiny-bert.json');
    expect(b).toEqual(a);
  }, 600_000);
});
