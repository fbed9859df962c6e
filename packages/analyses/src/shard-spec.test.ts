import { describe, expect, it } from 'vitest';
import type { ShardRecord } from './shard-record.js';
import { parseShardSpec, type ShardScheduler } from './shard-spec.js';

/** Slurm's variables for task `id` of `--array=<min>-<max>:<step>` (as a real cluster sets them), `count` tasks. */
function slurm(id: number, min: number, max: number, step: number, count: number, job = '7'): ShardScheduler {
  return {
    slurmArrayJobId: job,
    slurmArrayTaskId: String(id),
    slurmArrayTaskMin: String(min),
    slurmArrayTaskMax: String(max),
    slurmArrayTaskStep: String(step),
    slurmArrayTaskCount: String(count),
  };
}

/** What task `taskId` of array job 7 `--array=0-6:2` recorded as shard `index` of 4. */
function stepped(index: number, taskId: number, completed: string[] = ['run']): ShardRecord {
  return {
    shard: { index, count: 4 },
    origin: { scheduler: 'slurm', arrayJobId: '7', taskId, min: 0, max: 6, step: 2, count: 4 },
    completed,
  };
}

describe('parseShardSpec', () => {
  it.each([
    ['2/4', {}, { index: 2, count: 4 }],
    ['auto', slurm(0, 0, 3, 1, 4), { index: 1, count: 4 }],
    ['auto', slurm(7, 4, 7, 1, 4), { index: 4, count: 4 }],
    // a stepped array: --array=0-6:2 gives task ids 0, 2, 4, 6
    ['auto', slurm(0, 0, 6, 2, 4), { index: 1, count: 4 }],
    ['auto', slurm(2, 0, 6, 2, 4), { index: 2, count: 4 }],
    ['auto', slurm(4, 0, 6, 2, 4), { index: 3, count: 4 }],
    ['auto', slurm(6, 0, 6, 2, 4), { index: 4, count: 4 }],
    ['auto', slurm(9, 3, 9, 3, 3), { index: 3, count: 3 }],
    // variables set by hand without MIN, MAX and STEP: min 0, step 1
    ['auto', { slurmArrayTaskId: '3', slurmArrayTaskCount: '4' }, { index: 4, count: 4 }],
    ['auto', { jobCompletionIndex: '2', shardCount: '3' }, { index: 3, count: 3 }],
    ['auto/5', { jobCompletionIndex: '0' }, { index: 1, count: 5 }],
    // A variable of the other scheduler is not read.
    ['auto', { slurmArrayTaskId: '1', slurmArrayTaskCount: '2', shardCount: 'x' }, { index: 2, count: 2 }],
    // auto/<n> agreeing with the array; auto/1 on a one-task array is a one-shard run asked for explicitly
    ['auto/4', slurm(2, 0, 3, 1, 4), { index: 3, count: 4 }],
    ['auto/1', slurm(0, 0, 0, 1, 1), { index: 1, count: 1 }],
  ])('places %s with scheduler variables %j', (spec, scheduler, shard) => {
    const placed = parseShardSpec(spec, scheduler);
    expect('shard' in placed && placed.shard).toEqual(shard);
  });

  it('records where the place came from', () => {
    expect(parseShardSpec('2/4', {})).toEqual({
      shard: { index: 2, count: 4 },
      origin: { scheduler: 'explicit' },
      source: 'spec',
    });
    expect(parseShardSpec('auto', slurm(4, 0, 6, 2, 4))).toEqual({
      shard: { index: 3, count: 4 },
      origin: { scheduler: 'slurm', arrayJobId: '7', taskId: 4, min: 0, max: 6, step: 2, count: 4 },
      source: 'scheduler',
    });
    expect(parseShardSpec('auto/3', { jobCompletionIndex: '1' })).toEqual({
      shard: { index: 2, count: 3 },
      origin: { scheduler: 'kubernetes', index: 1 },
      source: 'scheduler',
    });
  });

  it.each([
    ['0/4', {}, { kind: 'malformed' }],
    ['3/2', {}, { kind: 'malformed' }],
    ['two', {}, { kind: 'malformed' }],
    ['auto', {}, { kind: 'no-scheduler' }],
    ['auto', { jobCompletionIndex: '1' }, { kind: 'unknown-count', scheduler: 'kubernetes' }],
    ['auto', { slurmArrayTaskId: '1' }, { kind: 'unknown-count', scheduler: 'slurm' }],
    ['auto/3', { slurmArrayTaskId: '2' }, { kind: 'unknown-count', scheduler: 'slurm' }],
    [
      'auto',
      { slurmArrayTaskId: 'x', slurmArrayTaskCount: '2' },
      { kind: 'not-whole', variable: 'slurmArrayTaskId', value: 'x' },
    ],
    [
      'auto/3',
      { slurmArrayTaskId: '2', slurmArrayTaskCount: 'x' },
      { kind: 'not-whole', variable: 'slurmArrayTaskCount', value: 'x' },
    ],
    ['auto/x', {}, { kind: 'malformed' }],
    [
      'auto',
      { jobCompletionIndex: '4', shardCount: '4' },
      { kind: 'out-of-range', scheduler: 'kubernetes', index: 5, count: 4 },
    ],
  ])('returns the problem of %s with %j', (spec, scheduler, problem) => {
    expect(parseShardSpec(spec, scheduler)).toEqual({ problem });
  });

  it.each([
    // task 5 of a 4-task array starting at 0: no range 0-3 holds it
    ['auto', { slurmArrayTaskId: '5', slurmArrayTaskCount: '4' }, 'irregular-array'],
    // a list (--array=1,3,7): Slurm reports step 1, min 1, max 7, count 3
    ['auto', slurm(3, 1, 7, 1, 3), 'irregular-array'],
    ['auto', slurm(1, 0, 4, 1, 3), 'irregular-array'],
    // a task id between the steps
    ['auto', slurm(3, 0, 6, 2, 4), 'irregular-array'],
    // one task alone (a resubmitted task looks like this), without and with auto/<n>
    ['auto', slurm(2, 2, 2, 1, 1), 'unplaced-task'],
    ['auto', slurm(0, 0, 0, 1, 1), 'unplaced-task'],
    ['auto/4', slurm(2, 2, 2, 1, 1), 'unplaced-task'],
    // fewer tasks than auto/<n> says
    ['auto/4', slurm(1, 0, 1, 1, 2), 'unplaced-task'],
  ])('never guesses: %s with %j is %s without a record', (spec, scheduler, kind) => {
    const placed = parseShardSpec(spec, scheduler);
    expect('problem' in placed && placed.problem.kind).toBe(kind);
  });

  it('places a resubmitted task by its record, and only by a record of the same task', () => {
    const recorded = stepped(3, 4);
    // sbatch --array=4 after job 7's task 4 failed: ID 4, MIN 4, MAX 4, STEP 1, COUNT 1
    const alone = slurm(4, 4, 4, 1, 1, '9');
    expect(parseShardSpec('auto', alone, recorded)).toEqual({
      shard: { index: 3, count: 4 },
      origin: recorded.origin,
      source: 'record',
    });
    expect(parseShardSpec('auto/4', alone, recorded)).toMatchObject({ shard: { index: 3, count: 4 } });
    expect(parseShardSpec('auto/5', alone, recorded)).toMatchObject({ problem: { kind: 'record-conflict' } });
    // sbatch --array=2,4 (a list, step 1) and --array=4-6:2 (a range of fewer tasks) resubmit it as well
    expect(parseShardSpec('auto', slurm(4, 2, 4, 1, 2, '9'), recorded)).toMatchObject({ source: 'record' });
    expect(parseShardSpec('auto', slurm(4, 4, 6, 2, 2, '9'), recorded)).toMatchObject({
      shard: { index: 3, count: 4 },
      source: 'record',
    });
    // the folder of task 4 reached by task 5: not its record
    expect(parseShardSpec('auto', slurm(5, 5, 5, 1, 1, '9'), recorded)).toMatchObject({
      problem: { kind: 'record-conflict', shard: null },
    });
    // a new, larger array over old folders: the array's place, which conflicts with the record
    expect(parseShardSpec('auto', slurm(4, 0, 7, 1, 8, '9'), recorded)).toEqual({
      problem: { kind: 'record-conflict', shard: { index: 5, count: 8 }, recorded },
    });
    // the same array again: agrees
    expect(parseShardSpec('auto', slurm(4, 0, 6, 2, 4, '9'), recorded)).toMatchObject({ source: 'scheduler' });
  });

  it('checks an explicit or Kubernetes place against the record, and takes the record without a scheduler', () => {
    const recorded = stepped(3, 4);
    expect(parseShardSpec('3/4', {}, recorded)).toMatchObject({ shard: { index: 3, count: 4 }, source: 'spec' });
    expect(parseShardSpec('2/4', {}, recorded)).toMatchObject({ problem: { kind: 'record-conflict' } });
    expect(parseShardSpec('auto/4', { jobCompletionIndex: '1' }, recorded)).toMatchObject({
      problem: { kind: 'record-conflict', shard: { index: 2, count: 4 } },
    });
    expect(parseShardSpec('auto', {}, recorded)).toMatchObject({ shard: { index: 3, count: 4 }, source: 'record' });
    expect(parseShardSpec('auto/2', {}, recorded)).toMatchObject({ problem: { kind: 'record-conflict' } });
    // a single task whose folder was placed by hand (3/4) takes that place
    const byHand: ShardRecord = { ...recorded, origin: { scheduler: 'explicit' } };
    expect(parseShardSpec('auto', slurm(2, 2, 2, 1, 1), byHand)).toMatchObject({ shard: { index: 3, count: 4 } });
  });
});
