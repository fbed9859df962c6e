import { describe, expect, it } from 'vitest';
import { shardOption, UsageError } from './command.js';

describe('shardOption', () => {
  // The spec's rules are @execret/analyses' parseShardSpec (every case tested there); here, that the option reaches
  // it with the scheduler's variables, and how its refusals read.
  it.each([
    ['2/4', {}, { index: 2, count: 4 }],
    ['auto', { slurmArrayTaskId: '7', slurmArrayTaskCount: '4', slurmArrayTaskMin: '4' }, { index: 4, count: 4 }],
    ['auto/5', { jobCompletionIndex: '0' }, { index: 1, count: 5 }],
  ])('reads %s with scheduler variables %j', (value, scheduler, expected) => {
    expect(shardOption({ shard: value }, scheduler)).toEqual(expected);
  });

  it('is undefined when --shard is absent', () => {
    expect(shardOption({}, { slurmArrayTaskId: '1' })).toBeUndefined();
  });

  it.each([
    ['0/4', {}, /i\/n with 1 ≤ i ≤ n/],
    ['auto', {}, /no scheduler variables found/],
    ['auto', { jobCompletionIndex: '1' }, /shard count is unknown for a Kubernetes Indexed Job/],
    ['auto', { slurmArrayTaskId: 'x', slurmArrayTaskCount: '2' }, /SLURM_ARRAY_TASK_ID must be a whole number/],
    ['auto', { slurmArrayTaskId: '5', slurmArrayTaskCount: '4' }, /gives shard 6 of 4, outside 1…4/],
  ])('throws UsageError for %s with %j', (value, scheduler, message) => {
    expect(() => shardOption({ shard: value }, scheduler)).toThrow(UsageError);
    expect(() => shardOption({ shard: value }, scheduler)).toThrow(message);
  });
});
