import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheLayout } from '@execret/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandContext, UsageError } from './command.js';
import { readConfig } from './config.js';
import { openShardedCommand } from './shard-place.js';

// The placing rules are @execret/analyses' placeShard (every case tested there); here, that the option reaches it
// with the scheduler's variables and the cache folder's record, that the place is recorded, and that refusals are
// usage errors naming --shard.
describe('openShardedCommand', () => {
  let root: string;
  let n = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-shard-place-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  /** A context in a cache folder of its own (or `cache`), with the environment `env`. */
  const context = (shard: string | undefined, env: Record<string, string>, cache = join(root, `c${n++}`)) => {
    const logs: string[] = [];
    return {
      logs,
      context: {
        values: shard === undefined ? {} : { shard },
        config: readConfig({ EXECRET_CACHE_DIR: cache, ...env }),
        io: { log: (line: string) => logs.push(line) },
      } as unknown as Pick<CommandContext, 'values' | 'config' | 'io'>,
    };
  };
  /** Slurm's variables for task `id` of `--array=<min>-<max>:<step>`, `count` tasks, array job `job`. */
  const slurm = (id: number, min: number, max: number, step: number, count: number, job: string) => ({
    SLURM_ARRAY_JOB_ID: job,
    SLURM_ARRAY_TASK_ID: String(id),
    SLURM_ARRAY_TASK_MIN: String(min),
    SLURM_ARRAY_TASK_MAX: String(max),
    SLURM_ARRAY_TASK_STEP: String(step),
    SLURM_ARRAY_TASK_COUNT: String(count),
  });

  it('is undefined when --shard is absent', async () => {
    expect(await openShardedCommand(context(undefined, slurm(0, 0, 3, 1, 4, '1')).context, 'run')).toBeUndefined();
  });

  it('places a task of a stepped array, records the place before any work and the command once it finished', async () => {
    const cache = join(root, 'stepped');
    const { context: c, logs } = context('auto', slurm(4, 0, 6, 2, 4, '12'), cache);
    const sharded = await openShardedCommand(c, 'run');
    expect(sharded?.shard).toEqual({ index: 3, count: 4 });
    expect(logs).toEqual(['shard 3/4 (Slurm array job 12 task 4 of --array=0-6:2)']);
    const file = cacheLayout(cache).shardRecord;
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ index: 3, count: 4, completed: [] });
    await sharded?.finished();
    await sharded?.finished();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ completed: ['run'] });

    // the task resubmitted alone (sbatch --array=4) into the same folder takes the recorded place
    const again = context('auto', slurm(4, 4, 4, 1, 1, '15'), cache);
    expect((await openShardedCommand(again.context, 'run'))?.shard).toEqual({ index: 3, count: 4 });
    expect(again.logs[0]).toBe(`shard 3/4 (recorded in ${file}: Slurm array job 12 task 4 of --array=0-6:2)`);
  });

  // the messages are @execret/analyses' shardSpecProblemMessage (every kind tested there)
  it.each([
    ['0/4', {}, /^--shard expects i\/n with 1 ≤ i ≤ n/],
    ['auto', { JOB_COMPLETION_INDEX: '4', EXECRET_SHARD_COUNT: '4' }, /JOB_COMPLETION_INDEX 4 is outside 0…3/],
    ['auto', slurm(2, 2, 2, 1, 1, '3'), /task 2 is alone in its array .* records no place for it/],
  ])('refuses %s with %j, saying why', async (spec, env, message) => {
    const attempt = openShardedCommand(context(spec, env).context, 'run');
    await expect(attempt).rejects.toThrow(UsageError);
    await expect(openShardedCommand(context(spec, env).context, 'run')).rejects.toThrow(message);
  });

  it('refuses a place that conflicts with the recorded one, and records nothing then', async () => {
    const cache = join(root, 'conflict');
    await openShardedCommand(context('2/4', {}, cache).context, 'verify');
    await expect(openShardedCommand(context('3/4', {}, cache).context, 'verify')).rejects.toThrow(
      /shard\.json records shard 2\/4 \(given as --shard i\/n\), but 3\/4 gives shard 3\/4/,
    );
    await expect(openShardedCommand(context('auto', slurm(1, 0, 7, 1, 8, '4'), cache).context, 'run')).rejects.toThrow(
      /but auto gives shard 2\/8; .* for a new layout use a fresh cache folder/,
    );
    expect(JSON.parse(await readFile(cacheLayout(cache).shardRecord, 'utf8'))).toMatchObject({ index: 2 });
  });
});
