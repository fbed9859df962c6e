import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executionShardKey, shardOfKey } from '@execret/analyses';
import { compareResultsFolders } from '@execret/dataset';
import { parseArtifactCache } from '@execret/exec-rerank';
import { parseExecutionCache } from '@execret/oracle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHILD = join(import.meta.dirname, 'cli-child.ts');
const REPO = join(import.meta.dirname, '../../..');

/** Starts the CLI from source in its own process. */
function start(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--conditions=@execret/source', '--import', 'tsx', CHILD, ...args], {
    env,
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs the CLI from source in its own process and resolves with its exit code, stdout and stderr. */
function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = start(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Slurm's variables for task `id` of array job `job` submitted as `--array=<min>-<max>:<step>` (`count` tasks). */
function slurm(job: number, id: number, min: number, max: number, step: number, count: number) {
  return {
    SLURM_ARRAY_JOB_ID: String(job),
    SLURM_ARRAY_TASK_ID: String(id),
    SLURM_ARRAY_TASK_MIN: String(min),
    SLURM_ARRAY_TASK_MAX: String(max),
    SLURM_ARRAY_TASK_STEP: String(step),
    SLURM_ARRAY_TASK_COUNT: String(count),
  };
}

/**
 * The execution keys a shard's cache folder holds (the oracle's execution cache and the execution rerankers'
 * artifacts), each with the shard that owns it by the documented rule.
 */
async function executionShards(folder: string, count: number): Promise<number[]> {
  const read = async (file: string) => (existsSync(file) ? await readFile(file, 'utf8') : '');
  const oracle = parseExecutionCache(await read(join(folder, 'executions', 'execution_cache.jsonl'))).entries;
  const artifacts = parseArtifactCache(await read(join(folder, 'rerank', 'exec-artifacts.jsonl'))).records.flatMap(
    (r) => (r.kind === 'execution' ? [r.execution] : []),
  );
  return [...oracle, ...artifacts].map((e) => shardOfKey(executionShardKey(e.codeSha256, e.testsSha256), count));
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

  /** Merges `folders` into `into`, runs the whole benchmark there, and checks it against the unsharded run. */
  async function mergeAndCompare(folders: string[], into: string, out: string) {
    const merge = await cli(['merge', ...folders, '--into', into], env(into));
    expect(merge.code, merge.stderr).toBe(0);
    const after = await cli(['run', ...common, '--resamples', '300', '--out', out, '--json'], env(into));
    expect(after.code, after.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
    // everything came from the merged caches: nothing executed or embedded again, second stages included
    expect(manifest.verify.executed).toBe(0);
    expect(manifest.retrieved_pairs.executed).toBe(0);
    expect(manifest.retrieved_pairs.cached).toBeGreaterThan(0);
    expect(manifest.oracle_stats.executed).toBe(0);
    expect(manifest.embedding['local/tiny-bert'].usage.document.requests).toBe(0);
    expect(manifest.two_stage_systems.map((s: { model: string }) => s.model)).toEqual([
      'bm25>>exec/consensus',
      'bm25>>exec/random-clone',
      'local/tiny-bert>>exec/consensus',
      'local/tiny-bert>>exec/random-clone',
    ]);
    for (const system of manifest.two_stage_systems) expect(system.execution.executions).toBe(0);
    const comparison = await compareResultsFolders(join(root, 'single'), out);
    expect(comparison.identical).toContain('trec/qrels.passing');
    expect(comparison.identical).toContain('results/local__tiny-bert__exec__consensus.json');
    // only where the run records itself: times, the work done now (none), cache paths
    expect(comparison.sameResults).toEqual([
      'manifest.json',
      'report.html',
      'rerank/bm25__exec__consensus.jsonl',
      'rerank/bm25__exec__random-clone.jsonl',
      'rerank/exec-artifacts.jsonl',
      'rerank/local__tiny-bert__exec__consensus.jsonl',
      'rerank/local__tiny-bert__exec__random-clone.jsonl',
    ]);
    expect([comparison.different, comparison.onlyInA, comparison.onlyInB]).toEqual([[], [], []]);
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-shards-'));
    common = [
      '--dataset',
      join(REPO, 'fixtures/release-tiny'),
      '--model-config',
      join(REPO, 'fixtures/tiny-model/model-config.json'),
      '--local-models',
      join(REPO, 'fixtures/tiny-model'),
      '--rerank',
      'exec/consensus,exec/random-clone',
    ];
    const single = await cli(
      ['run', ...common, '--resamples', '300', '--out', join(root, 'single')],
      env(join(root, 'c0')),
    );
    expect(single.code, single.stderr).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('gives the unsharded results with verify, embed and score on each task of an array (--array=0-2)', async () => {
    const shards = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const shardEnv = env(join(root, `shard-${i}`), slurm(11, i, 0, 2, 1, 3));
        for (const command of ['verify', 'embed', 'score']) {
          const args =
            command === 'verify'
              ? [command, ...common.slice(0, 2)]
              : command === 'score'
                ? [command, ...common, '--out', join(root, `ignored-${i}`)]
                : [command, ...common.slice(0, 6)];
          const done = await cli([...args, '--shard', 'auto'], shardEnv);
          if (done.code !== 0) return { command, ...done };
        }
        return { command: 'all', code: 0, stderr: '' };
      }),
    );
    for (const shard of shards) expect(shard.code, `${shard.command}: ${shard.stderr}`).toBe(0);
    for (const i of [0, 1, 2]) {
      const owners = await executionShards(join(root, `shard-${i}`), 3);
      expect(owners.length).toBeGreaterThan(0);
      expect(new Set(owners)).toEqual(new Set([i + 1]));
    }
    await mergeAndCompare(
      [0, 1, 2].map((i) => join(root, `shard-${i}`)),
      join(root, 'merged-a'),
      join(root, 'sharded-a'),
    );
  }, 600_000);

  it('gives the unsharded results with the clusters’ recipe on a stepped array, a killed task resubmitted alone', async () => {
    // --array=0-4:2 gives task ids 0, 2, 4: shards 1, 2 and 3 of 3
    const ids = [0, 2, 4];
    const embedded = await Promise.all(
      ids.map((id) =>
        cli(
          ['embed', ...common.slice(0, 6), '--shard', 'auto'],
          env(join(root, `embed-${id}`), slurm(20, id, 0, 4, 2, 3)),
        ),
      ),
    );
    for (const e of embedded) expect(e.code, e.stderr).toBe(0);
    const embeds = ids.map((id) => join(root, `embed-${id}`));
    for (const id of ids) {
      const merged = await cli(['merge', ...embeds, '--into', join(root, `run-${id}`)], env(join(root, `run-${id}`)));
      expect(merged.code, merged.stderr).toBe(0);
    }
    const runArgs = ['run', ...common, '--shard', 'auto', '--json'];
    // task 2 is killed once its place is recorded; 0 and 4 finish
    const victim = start(runArgs, env(join(root, 'run-2'), slurm(21, 2, 0, 4, 2, 3)));
    const record = join(root, 'run-2', 'shard.json');
    const others = Promise.all(
      [0, 4].map((id) => cli(runArgs, env(join(root, `run-${id}`), slurm(21, id, 0, 4, 2, 3)))),
    );
    while (!existsSync(record) || (await readFile(record, 'utf8')).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 50));
    victim.kill('SIGKILL');
    for (const done of await others) expect(done.code, done.stderr).toBe(0);
    const summaries = (await others).map((d) => JSON.parse(d.stdout));
    expect(summaries.map((s) => s.shard)).toEqual([
      { index: 1, count: 3 },
      { index: 3, count: 3 },
    ]);

    // the run folders cannot be merged with shard 2 unfinished
    const early = await cli(
      ['merge', ...ids.map((id) => join(root, `run-${id}`)), '--into', join(root, 'early')],
      env(join(root, 'early')),
    );
    expect(early.code).toBe(2);
    expect(early.stderr).toContain('run: no folder finished shard 2/3');

    // resubmitted alone (sbatch --array=2): ID 2, MIN 2, MAX 2, STEP 1, COUNT 1 — placed by the record
    const alone = slurm(22, 2, 2, 2, 1, 1);
    const unknown = await cli(runArgs, env(join(root, 'fresh'), alone));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('task 2 is alone in its array');
    const again = await cli(runArgs, env(join(root, 'run-2'), alone));
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      shard: { index: 2, count: 3 },
      placed: { source: 'record', by: expect.stringContaining('Slurm array job 21 task 2 of --array=0-4:2') },
    });

    for (const [k, id] of ids.entries()) {
      const owners = await executionShards(join(root, `run-${id}`), 3);
      expect(owners.length).toBeGreaterThan(0);
      expect(new Set(owners)).toEqual(new Set([k + 1]));
    }
    await mergeAndCompare(
      ids.map((id) => join(root, `run-${id}`)),
      join(root, 'merged-b'),
      join(root, 'sharded-b'),
    );
  }, 600_000);
});
