import { describe, expect, it } from 'vitest';
import { describeShardOrigin, shardSpecProblemMessage } from './shard-place-messages.js';
import type { ShardRecord } from './shard-record.js';
import { parseShardSpec, type ShardScheduler } from './shard-spec.js';

/** Slurm's variables for task `id` of `--array=<min>-<max>:<step>`, `count` tasks, array job `job`. */
const slurm = (id: number, min: number, max: number, step: number, count: number, job: string): ShardScheduler => ({
  slurmArrayJobId: job,
  slurmArrayTaskId: String(id),
  slurmArrayTaskMin: String(min),
  slurmArrayTaskMax: String(max),
  slurmArrayTaskStep: String(step),
  slurmArrayTaskCount: String(count),
});

/** The message of the problem `parseShardSpec` finds, as a command line taking `--shard` shows it. */
const message = (spec: string, scheduler: ShardScheduler, recorded?: ShardRecord): string => {
  const placed = parseShardSpec(spec, scheduler, recorded);
  if (!('problem' in placed)) throw new Error(`${spec} was placed`);
  return shardSpecProblemMessage(placed.problem, { spec, recordFile: '/c/shard.json', option: '--shard' });
};

describe('describeShardOrigin', () => {
  it.each([
    [{ scheduler: 'explicit' }, 'given as --shard i/n'],
    [{ scheduler: 'kubernetes', index: 0 }, 'Kubernetes JOB_COMPLETION_INDEX 0'],
    [
      { scheduler: 'slurm', arrayJobId: '12', taskId: 4, min: 0, max: 6, step: 2, count: 4 },
      'Slurm array job 12 task 4 of --array=0-6:2',
    ],
    [
      { scheduler: 'slurm', arrayJobId: null, taskId: 1, min: 0, max: null, step: 1, count: 3 },
      'Slurm array job ? task 1 of --array=0-2',
    ],
  ] as const)('reads %j as %s', (origin, expected) => {
    expect(describeShardOrigin(origin, '--shard')).toBe(expected);
  });
});

describe('shardSpecProblemMessage', () => {
  it.each([
    ['0/4', {}, /^expects i\/n with 1 ≤ i ≤ n \(for example 2\/4\), .*got "0\/4"$/],
    ['auto', {}, /no scheduler variables found and no place recorded in \/c\/shard\.json; .* or give --shard i\/n$/],
    ['auto', { jobCompletionIndex: '1' }, /give --shard auto\/<n> or set EXECRET_SHARD_COUNT to the Job’s completions/],
    ['auto', { jobCompletionIndex: '4', shardCount: '4' }, /JOB_COMPLETION_INDEX 4 is outside 0…3 for 4 shards/],
    ['auto/x', { slurmArrayTaskId: '1' }, /^expects i\/n/],
    [
      'auto',
      { slurmArrayTaskId: 'x', slurmArrayTaskCount: '2' },
      /^auto: SLURM_ARRAY_TASK_ID must be a whole number, got "x"$/,
    ],
    [
      'auto',
      { slurmArrayTaskId: '1' },
      /SLURM_ARRAY_TASK_COUNT is not set, .*SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN/,
    ],
    ['auto', slurm(3, 1, 7, 1, 3, '2'), /task 3 is not in one range min-max:step .*a list such as --array=1,3,7/],
    ['auto', slurm(2, 2, 2, 1, 1, '3'), /task 2 is alone in its array .* records no place for it.* with --shard i\/n$/],
    ['auto/4', slurm(1, 0, 2, 1, 3, '3'), /task 1 is one of 3 tasks where auto\/4 expects 4/],
  ])('says why %s with %j cannot be placed, and what to do', (spec, scheduler, expected) => {
    expect(message(spec, scheduler)).toMatch(expected);
  });

  it('names the recorded place, what placed it and how to rerun it when a place conflicts with the record', () => {
    const recorded: ShardRecord = { shard: { index: 2, count: 4 }, origin: { scheduler: 'explicit' }, completed: [] };
    expect(message('3/4', {}, recorded)).toBe(
      '/c/shard.json records shard 2/4 (given as --shard i/n), but 3/4 gives shard 3/4; to rerun that shard, resubmit its task alone (sbatch --array=<task id>) or give --shard 2/4; for a new layout use a fresh cache folder (or delete /c/shard.json)',
    );
    expect(message('auto/8', {}, recorded)).toMatch(/but auto\/8 here cannot be that shard;/);
  });
});
