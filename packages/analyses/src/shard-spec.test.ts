import { describe, expect, it } from 'vitest';
import { parseShardSpec } from './shard-spec.js';

describe('parseShardSpec', () => {
  it.each([
    ['2/4', {}, { index: 2, count: 4 }],
    ['auto', { slurmArrayTaskId: '0', slurmArrayTaskCount: '4', slurmArrayTaskMin: '0' }, { index: 1, count: 4 }],
    ['auto', { slurmArrayTaskId: '7', slurmArrayTaskCount: '4', slurmArrayTaskMin: '4' }, { index: 4, count: 4 }],
    ['auto', { slurmArrayTaskId: '3', slurmArrayTaskCount: '4' }, { index: 4, count: 4 }],
    ['auto', { jobCompletionIndex: '2', shardCount: '3' }, { index: 3, count: 3 }],
    ['auto/5', { jobCompletionIndex: '0' }, { index: 1, count: 5 }],
    // A variable of the other scheduler is not read.
    ['auto', { slurmArrayTaskId: '1', slurmArrayTaskCount: '2', shardCount: 'x' }, { index: 2, count: 2 }],
    // The count of auto/<n> wins over the scheduler's, which is then not read.
    ['auto/3', { slurmArrayTaskId: '2', slurmArrayTaskCount: 'x' }, { index: 3, count: 3 }],
  ])('reads %s with scheduler variables %j', (spec, scheduler, shard) => {
    expect(parseShardSpec(spec, scheduler)).toEqual({ shard });
  });

  it.each([
    ['0/4', {}, { kind: 'malformed' }],
    ['3/2', {}, { kind: 'malformed' }],
    ['two', {}, { kind: 'malformed' }],
    ['auto', {}, { kind: 'no-scheduler' }],
    ['auto', { jobCompletionIndex: '1' }, { kind: 'unknown-count', scheduler: 'kubernetes' }],
    ['auto', { slurmArrayTaskId: '1' }, { kind: 'unknown-count', scheduler: 'slurm' }],
    [
      'auto',
      { slurmArrayTaskId: 'x', slurmArrayTaskCount: '2' },
      { kind: 'not-whole', variable: 'slurmArrayTaskId', value: 'x' },
    ],
    [
      'auto',
      { slurmArrayTaskId: '5', slurmArrayTaskCount: '4' },
      { kind: 'out-of-range', scheduler: 'slurm', index: 6, count: 4 },
    ],
  ])('returns the problem of %s with %j', (spec, scheduler, problem) => {
    expect(parseShardSpec(spec, scheduler)).toEqual({ problem });
  });
});
